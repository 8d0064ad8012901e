import type { EntityManager } from '@mikro-orm/postgresql';

/** Runs SQL on the EntityManager's transaction when it has one (the write model is plain tables). */
export function query<T = Record<string, unknown>>(em: EntityManager, sql: string, params: unknown[] = []): Promise<T[]> {
  return em.getConnection().execute<T[]>(sql, params, 'all', em.isInTransaction() ? em.getTransactionContext() : undefined);
}

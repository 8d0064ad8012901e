import type { EntityManager } from '@mikro-orm/postgresql';

/** Runs a statement in the entity manager's transaction, if it has one. */
export async function run(em: EntityManager, query: string, params: unknown[] = []): Promise<void> {
  await em.getConnection().execute(query, params, 'run', em.isInTransaction() ? em.getTransactionContext() : undefined);
}

/** Rows of a query, in the entity manager's transaction if it has one. */
export function rows<T>(em: EntityManager, query: string, params: unknown[] = []): Promise<T[]> {
  return em.getConnection().execute<T[]>(query, params, 'all', em.isInTransaction() ? em.getTransactionContext() : undefined);
}

/** A text[] parameter, as a PostgreSQL array literal (the driver would spread a JS array into a list). */
export const textArray = (values: readonly string[]): string =>
  `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;

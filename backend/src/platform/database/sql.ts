import type { Db } from './database';

// Plain SQL for write models and read models kept as tables: always on the entity manager's
// transaction when it has one, so a command's rows and its events commit together.

/** The rows a query answers. */
export function rows<T = Record<string, unknown>>(em: Db, query: string, params: unknown[] = []): Promise<T[]> {
  return em.getConnection().execute<T[]>(query, params, 'all', em.isInTransaction() ? em.getTransactionContext() : undefined);
}

/** Runs a statement. */
export async function run(em: Db, query: string, params: unknown[] = []): Promise<void> {
  await em.getConnection().execute(query, params, 'run', em.isInTransaction() ? em.getTransactionContext() : undefined);
}

/** A text[] parameter, as a PostgreSQL array literal (the driver would spread a JS array into a list). */
export const textArray = (values: readonly string[]): string =>
  `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;

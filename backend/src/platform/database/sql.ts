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

/**
 * `records` as a row source to join (`from ${rows.sql} r`, with `rows.param` as its one `?`), columns
 * `columns` ("id uuid, n int"): one JSON array parameter read by jsonb_to_recordset, that tells PostgreSQL
 * how many rows come. It takes any set-returning function for 100 rows, and a batch of a few rows joined
 * to a table of some thousands was then planned as a scan of the whole table (a hash join) instead of one
 * index lookup a row: a projection's batch update read every row of job_run, more every batch as it grew.
 */
export function jsonRecords(columns: string, records: readonly object[]): { sql: string; param: string } {
  return {
    sql: `(select * from jsonb_to_recordset(?::jsonb) as x(${columns}) limit ${records.length})`,
    param: JSON.stringify(records),
  };
}

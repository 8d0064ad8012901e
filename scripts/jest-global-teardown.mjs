// Drops this run's template database and stops whatever the global set-up had to start itself
// (embedded PostgreSQL, redis-server).
export default async function globalTeardown() {
  const { stopAll, withDatabase, databaseName } = await import('./lib/services.mjs');
  const template = globalThis.__sparkhouseTemplate;
  if (template) {
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: withDatabase(template, 'postgres') });
    await admin.connect();
    try {
      await admin.query(`drop database if exists "${databaseName(template)}" with (force)`);
    } finally {
      await admin.end();
    }
  }
  await stopAll(globalThis.__sparkhouseServices ?? []);
}

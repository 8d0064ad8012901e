import { migrateUp, pendingMigrations } from './platform/database/migrate';

/**
 * The image's migration commands (deploy/k8s: the migration Job and the API's wait before it starts):
 *   node backend/dist/migrations.js up     applies the pending migrations to DATABASE_URL
 *   node backend/dist/migrations.js wait   waits until none is pending (another process applies them;
 *                                          WAIT_TIMEOUT_S, default 600, then exits 1)
 */
async function main(command: string | undefined) {
  const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/sparkhouse';
  if (command === 'up') {
    const applied = await migrateUp(url);
    console.log(applied.length ? `applied ${applied.join(', ')}` : 'no pending migrations');
    return 0;
  }
  if (command === 'wait') {
    const deadline = Date.now() + Number(process.env.WAIT_TIMEOUT_S ?? 600) * 1000;
    for (;;) {
      const pending = await pendingMigrations(url).catch((err: Error) => [`(${err.message})`]);
      if (pending.length === 0) return 0;
      if (Date.now() > deadline) {
        console.error(`${pending.length} migrations still pending: ${pending.join(', ')}`);
        return 1;
      }
      console.log(`waiting for ${pending.length} migrations (${pending[0]} first)`);
      await new Promise((r) => setTimeout(r, 2000));
    }
  }
  console.error('usage: node backend/dist/migrations.js up|wait');
  return 2;
}

main(process.argv[2]).then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);

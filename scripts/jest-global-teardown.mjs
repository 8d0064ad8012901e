// Stops whatever the global set-up had to start itself (embedded PostgreSQL, redis-server).
export default async function globalTeardown() {
  const { stopAll } = await import('./lib/services.mjs');
  await stopAll(globalThis.__sparkhouseServices ?? []);
}

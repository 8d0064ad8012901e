// npm run replay -- <projection|all>: rebuilds read models from position 0 of the event log.
import { createRequire } from 'node:module';
import { ensureDependencies } from './lib/deps.mjs';

ensureDependencies();
const { buildServer } = await import('./lib/build.mjs');
const { backendDist } = await import('./lib/paths.mjs');
const { fail, log } = await import('./lib/log.mjs');
buildServer();
const { replay } = createRequire(import.meta.url)(backendDist);
const target = process.argv[2];
if (!target) fail('usage: npm run replay -- <projection name|all>');
try {
  const results = await replay(target);
  for (const r of results) log(`${r.name}: rebuilt from position 0 in ${r.durationMs} ms`);
} catch (err) {
  fail(err.message);
}

// npm run migrate: applies pending migrations to DATABASE_URL (after compiling the server).
import { createRequire } from 'node:module';
import { buildServer } from './lib/build.mjs';
import { backendDist } from './lib/paths.mjs';
import { log } from './lib/log.mjs';

const require = createRequire(import.meta.url);
buildServer();
const { migrateUp, loadConfig } = require(backendDist);
const applied = await migrateUp(loadConfig().DATABASE_URL);
log(applied.length ? `applied ${applied.join(', ')}` : 'database is up to date');

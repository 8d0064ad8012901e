// npm run build: installs what is missing, compiles the server (contracts, backend, workers) and builds
// the web app and its server bundle, as `npm start` does before it serves (nothing is started).
import { ensureDependencies } from './lib/deps.mjs';
import { buildFrontend, buildServer } from './lib/build.mjs';
import { log } from './lib/log.mjs';

ensureDependencies();
buildServer();
buildFrontend({ force: process.argv.includes('--force') });
log('built: backend/dist, workers/dist, frontend/dist');

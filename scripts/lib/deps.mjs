import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { root } from './paths.mjs';
import { log, fail } from './log.mjs';

/**
 * Installs dependencies when they are missing or older than package.json/package-lock.json.
 * Uses `npm install`, not `npm ci` (see STACK notes: a lockfile written here can trip `npm ci`).
 */
export function ensureDependencies() {
  const marker = path.join(root, 'node_modules/.package-lock.json');
  const inputs = [
    'package.json',
    'package-lock.json',
    'contracts/package.json',
    'backend/package.json',
    'workers/package.json',
    'frontend/package.json',
    'e2e/package.json',
  ]
    .map((f) => path.join(root, f))
    .filter((f) => fs.existsSync(f));
  const stale = !fs.existsSync(marker) || inputs.some((f) => fs.statSync(f).mtimeMs > fs.statSync(marker).mtimeMs + 1000);
  if (!stale) return;
  log('installing dependencies (npm install)...');
  const r = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) fail('npm install failed; see the output above.');
  fs.utimesSync(marker, new Date(), new Date());
}

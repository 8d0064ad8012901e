import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { root } from './paths.mjs';
import { log, fail } from './log.mjs';

function run(cmd, args, cwd = root) {
  const r = spawnSync(cmd, args, { cwd, stdio: 'inherit' });
  if (r.status !== 0) fail(`${cmd} ${args.join(' ')} failed`);
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'dist-server') continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

/** Compiles contracts, backend and workers (incremental). */
export function buildServer() {
  log('compiling the server (tsc -b)...');
  run(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-b', 'tsconfig.json']);
}

/**
 * Builds the SPA, and its server bundle (the pages the API renders before sending them), when their
 * sources (or the contracts they import) changed since the last build.
 */
export function buildFrontend({ force = false } = {}) {
  const index = path.join(root, 'frontend/dist/index.html');
  const serverBundle = path.join(root, 'frontend/dist-server/entry-server.cjs');
  const built =
    fs.existsSync(index) && fs.existsSync(serverBundle)
      ? Math.min(fs.statSync(index).mtimeMs, fs.statSync(serverBundle).mtimeMs)
      : 0;
  const sources = Math.max(newestMtime(path.join(root, 'frontend')), newestMtime(path.join(root, 'contracts/src')));
  if (!force && built > sources) return;
  log('building the web app (vite build)...');
  run(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    path.join(root, 'frontend'),
  );
  log('building the server bundle of the web app (vite build --ssr)...');
  run(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--ssr', 'src/entry-server.tsx', '--logLevel', 'warn'],
    path.join(root, 'frontend'),
  );
}

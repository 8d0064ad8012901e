// npm run bench -- <name>: runs bench/<name>.bench.mjs (after compiling the server).
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ensureDependencies } from './lib/deps.mjs';
import { buildServer } from './lib/build.mjs';
import { root } from './lib/paths.mjs';
import { fail } from './lib/log.mjs';

const name = process.argv[2];
const available = fs
  .readdirSync(path.join(root, 'bench'))
  .filter((f) => f.endsWith('.bench.mjs'))
  .map((f) => f.replace('.bench.mjs', ''));
if (!name || !available.includes(name)) fail(`usage: npm run bench -- <${available.join('|')}>`);
ensureDependencies();
buildServer();
const r = spawnSync(process.execPath, [path.join(root, 'bench', `${name}.bench.mjs`), ...process.argv.slice(3)], {
  stdio: 'inherit',
});
process.exit(r.status ?? 1);

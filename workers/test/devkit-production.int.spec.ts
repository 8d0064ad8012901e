import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '@sparkhouse/backend';
import { createTestDatabase, eventually, testConfig } from '@sparkhouse/backend/test-support';

const dist = path.join(repoRoot, 'workers/dist');

/**
 * Loaded first in the worker process (node --require): when it is told to stop (after it said it was
 * ready), writes every file it has loaded to the file named by DEVKIT_PROBE_OUT. `once`, so the
 * worker's own shutdown (which re-raises the signal) still ends the process.
 */
const PRELOAD = `
const fs = require('node:fs');
process.once('SIGTERM', () => {
  fs.writeFileSync(process.env.DEVKIT_PROBE_OUT, JSON.stringify(Object.keys(require.cache)));
});
`;

/**
 * The worker's start command (workers/dist/main.js, as npm start, compose and Kubernetes run it) in a
 * production and a development configuration with no AI model: which files of the compiled devkit it
 * loaded by the time it was ready and stopped.
 */
describe("the worker's devkit stays out of production", () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sparkhouse-devkit-probe-'));
  const preload = path.join(tmp, 'preload.js');

  beforeAll(async () => {
    if (!fs.existsSync(path.join(dist, 'main.js'))) throw new Error('Compile the workers first (npm test does: tsc -b).');
    fs.writeFileSync(preload, PRELOAD);
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db?.drop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  async function start(nodeEnv: string): Promise<{ files: string[]; devkit: string[]; output: string }> {
    const config = testConfig(db.url, { NODE_ENV: nodeEnv });
    const out = path.join(tmp, `${nodeEnv}.json`);
    const child = spawn(process.execPath, ['--require', preload, path.join(dist, 'main.js')], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: nodeEnv,
        LOG_LEVEL: 'info',
        DATABASE_URL: config.DATABASE_URL,
        REDIS_URL: config.REDIS_URL,
        REDIS_PREFIX: config.REDIS_PREFIX,
        RUN_PROJECTIONS: 'false',
        AI_API_KEY: '',
        AI_BASE_URL: '',
        WORKER_HEALTH_PORT: '',
        DEVKIT_PROBE_OUT: out,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      await eventually(
        () => {
          if (child.exitCode !== null) throw new Error(`the worker exited:\n${output}`);
          return /worker \d+ ready/.test(output);
        },
        { timeoutMs: 90_000, intervalMs: 200 },
      );
    } finally {
      child.kill('SIGTERM');
    }
    await exited;
    const files = (JSON.parse(fs.readFileSync(out, 'utf8')) as string[]).filter((f) => f.startsWith(dist + '/'));
    return {
      files,
      devkit: files.filter((f) => f.startsWith(dist + '/devkit/')).map((f) => f.slice(dist.length + 1)),
      output,
    };
  }

  it('a production start loads no file of the devkit and warns that AI jobs will fail', async () => {
    const loaded = await start('production');
    expect(loaded.files.length).toBeGreaterThan(20);
    expect(loaded.files).toContain(path.join(dist, 'ai/provider-factory.js'));
    expect(loaded.devkit).toEqual([]);
    expect(loaded.output).toContain('No AI model configured (AI_API_KEY, AI_BASE_URL): AI jobs fail saying so');
  }, 180_000);

  it('a development start loads it: the local generator stands in for the model', async () => {
    const loaded = await start('development');
    expect(loaded.devkit).toEqual(expect.arrayContaining(['devkit/index.js', 'devkit/ai/local-provider.js']));
    expect(loaded.output).toContain('AI provider: local-generator (deterministic, no network)');
  }, 180_000);
});

import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '../platform/config/config';
import { createTestDatabase, testConfig } from '../test-support';

const dist = path.join(repoRoot, 'backend/dist');

/**
 * Builds the compiled API application in a fresh Node process, as `npm start` does (in mode "start" also
 * starts and stops it), and opens the tooling context (seeding, replays); answers which files of the
 * compiled devkit that process loaded and which seeders the tooling would run.
 */
const PROBE = `
require('reflect-metadata');
const [dist, mode] = process.argv.slice(1);
const { loadConfig } = require(dist + '/platform/config/config');
const { createApiApp } = require(dist + '/apps/api');
const { withToolingContext, seedersOf } = require(dist + '/apps/tooling');
(async () => {
  const app = await createApiApp(loadConfig());
  if (mode === 'start') {
    await app.init();
    await app.close();
  }
  const seeders = await withToolingContext(async (ctx) => seedersOf(ctx).map((s) => s.name));
  const loaded = Object.keys(require.cache).filter((f) => f.startsWith(dist + '/'));
  process.stdout.write(JSON.stringify({
    files: loaded.length,
    devkit: loaded.filter((f) => f.startsWith(dist + '/devkit/')).map((f) => f.slice(dist.length + 1)),
    seeders,
  }));
  process.exit(0);
})().catch((err) => { console.error(err); process.exit(1); });
`;

describe('the devkit stays out of production', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    if (!fs.existsSync(path.join(dist, 'apps/api.js'))) throw new Error('Compile the server first (npm test does: tsc -b).');
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });

  async function loads(
    nodeEnv: string,
    mode: 'start' | 'graph',
  ): Promise<{ files: number; devkit: string[]; seeders: string[] }> {
    const config = testConfig(db.url, { NODE_ENV: nodeEnv });
    const env = {
      ...process.env,
      NODE_ENV: nodeEnv,
      LOG_LEVEL: 'silent',
      DATABASE_URL: config.DATABASE_URL,
      REDIS_URL: config.REDIS_URL,
      REDIS_PREFIX: config.REDIS_PREFIX,
      RUN_PROJECTIONS: 'false',
    };
    const { stdout } = await promisify(execFile)(process.execPath, ['-e', PROBE, dist, mode], {
      env,
      cwd: repoRoot,
      timeout: 120_000,
    });
    return JSON.parse(stdout);
  }

  it('a production start (API and tooling) loads no file of the devkit', async () => {
    const loaded = await loads('production', 'start');
    expect(loaded.files).toBeGreaterThan(100);
    expect(loaded.devkit).toEqual([]);
    // the product's own seeders only: the platform's plans on sale, no demo data
    expect(loaded.seeders).toEqual(['commerce.plans']);
  }, 180_000);

  it('a development start loads it: its stand-ins and demo data are wired in', async () => {
    const loaded = await loads('development', 'graph');
    expect(loaded.devkit).toEqual(
      expect.arrayContaining([
        'devkit/index.js',
        'devkit/sign-in/stand-in-provider.js',
        'devkit/demo-data/catalogue/demo-catalogue.seeder.js',
        'devkit/demo-data/offers/demo-offers.seeder.js',
        'devkit/payments/stripe-emulator.stand-in.js',
        'devkit/payments/stripe-emulator.js',
      ]),
    );
    // npm start seeds the demo data: the catalogue before the offers made from it
    expect(loaded.seeders).toEqual(['commerce.plans', 'catalogue.demo', 'offers.demo']);
  }, 180_000);
});

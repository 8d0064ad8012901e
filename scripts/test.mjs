// npm test: its own set-up (dependencies, PostgreSQL, Redis, a separate test database, builds, a
// browser), then every test: the jest projects (contracts, backend, workers, frontend) and the
// Playwright journeys in Chromium (the creator AI journeys twice: the second time their calls never
// wait for their jobs). Exits non-zero when anything fails.
//   Before them, the architecture checks: ESLint (0 warnings) and dependency-cruiser (no import cycle).
//   SPARKHOUSE_TEST_ONLY=jest|e2e runs one half (without the checks); extra arguments go to jest (or, with e2e, to Playwright).
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ensureDependencies } from './lib/deps.mjs';

ensureDependencies();
const { log, fail } = await import('./lib/log.mjs');
const { ensurePostgres, ensureRedis, withDatabase, stopAll } = await import('./lib/services.mjs');
const { buildFrontend, buildServer } = await import('./lib/build.mjs');
const { ensureBrowser } = await import('./lib/browser.mjs');
const { root, dataDir } = await import('./lib/paths.mjs');

const only = process.env.SPARKHOUSE_TEST_ONLY;
const services = [];
const totals = { passed: 0, failed: 0, skipped: 0 };
let failed = false;

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

try {
  const pg = await ensurePostgres(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/sparkhouse_test');
  services.push(pg);
  const redis = await ensureRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  services.push(redis);
  buildServer();
  if (only !== 'jest') buildFrontend();
  fs.mkdirSync(dataDir, { recursive: true });
  const env = { ...process.env, TEST_DATABASE_URL: pg.url, REDIS_URL: redis.url, SPARKHOUSE_SKIP_BUILD: '1' };

  if (!only) {
    // The architecture, checked by tools: ESLint (with the import boundaries of docs/architecture.md,
    // 0 warnings), Prettier (every file formatted; .prettierignore says what is not) and
    // dependency-cruiser (no import circle in any package, type-only imports included).
    const check = (name, bin, args) => {
      log(`checking ${name}...`);
      const r = spawnSync(process.execPath, [path.join(root, bin), ...args], { cwd: root, stdio: 'inherit' });
      if (r.status === 0) totals.passed += 1;
      else {
        totals.failed += 1;
        failed = true;
      }
    };
    check('lint (eslint, 0 warnings)', 'node_modules/eslint/bin/eslint.js', ['.', '--max-warnings', '0']);
    check('format (prettier --check)', 'node_modules/prettier/bin/prettier.cjs', ['--check', '.', '--log-level', 'warn']);
    check('import cycles (dependency-cruiser)', 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs', [
      '--config',
      '.dependency-cruiser.cjs',
      'contracts/src',
      'backend/src',
      'workers/src',
      'frontend/src',
    ]);
  }

  if (only !== 'e2e') {
    log('running the jest projects (contracts, backend, workers, frontend)...');
    const out = path.join(dataDir, 'jest-results.json');
    fs.rmSync(out, { force: true });
    const r = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules/jest/bin/jest.js'), '--ci', '--json', `--outputFile=${out}`, ...process.argv.slice(2)],
      { cwd: root, env, stdio: 'inherit' },
    );
    const results = readJson(out);
    if (results) {
      totals.passed += results.numPassedTests;
      totals.failed += results.numFailedTests + (results.numRuntimeErrorTestSuites ?? 0);
      totals.skipped += results.numPendingTests + results.numTodoTests;
    }
    if (r.status !== 0 || !results) failed = true;
  }

  if (only !== 'jest') {
    const chromium = await ensureBrowser();
    const playwright = (args, extraEnv, outName) => {
      const out = path.join(dataDir, outName);
      fs.rmSync(out, { force: true });
      const r = spawnSync(
        process.execPath,
        [
          path.join(root, 'node_modules/@playwright/test/cli.js'),
          'test',
          '-c',
          path.join(root, 'e2e/playwright.config.ts'),
          ...args,
        ],
        {
          cwd: root,
          env: {
            ...env,
            CHROMIUM_PATH: chromium,
            E2E_DATABASE_URL: process.env.E2E_DATABASE_URL ?? withDatabase(pg.url, 'sparkhouse_e2e'),
            PLAYWRIGHT_JSON_OUTPUT_NAME: out,
            ...extraEnv,
          },
          stdio: 'inherit',
        },
      );
      const results = readJson(out);
      if (results) {
        totals.passed += results.stats.expected + results.stats.flaky;
        totals.failed += results.stats.unexpected;
        totals.skipped += results.stats.skipped;
      }
      if (r.status !== 0 || !results) failed = true;
    };
    log(`running the Playwright journeys in ${chromium}...`);
    const chosen = only === 'e2e' ? process.argv.slice(2) : [];
    playwright(chosen, {}, 'e2e-results.json');
    if (chosen.length === 0) {
      // A busy server answers the creator's AI calls before their jobs finish, and the page follows the
      // run live instead: those journeys again, with calls that never wait (the path a quiet test server
      // rarely takes).
      log('running the creator AI journeys again, with calls that do not wait for their jobs...');
      playwright(
        ['creator-media.spec', 'creator-ai.spec'],
        { CREATOR_QUICK_JOB_TIMEOUT_MS: '100', E2E_OUTPUT_DIR: path.join(dataDir, 'e2e-artifacts-live-runs') },
        'e2e-results-live-runs.json',
      );
    }
  }
} catch (err) {
  failed = true;
  console.error(err.message);
} finally {
  await stopAll(services);
}

console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
if (failed) fail('some tests failed (see above)');

import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
const root = path.resolve(__dirname, '..');

/**
 * Journeys in a real Chromium against the real stack, started the way `npm start` starts it
 * (scripts/start.mjs) on its own port, database and Redis prefix.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: process.env.E2E_OUTPUT_DIR ?? path.join(root, '.data/e2e-artifacts'),
  fullyParallel: false,
  workers: 1,
  // a journey's own limit; its waits for background work follow the product's signals (support/waits.ts)
  timeout: 180_000,
  expect: { timeout: 20_000 },
  forbidOnly: true,
  retries: 0,
  reporter: [['list'], ['json']],
  use: {
    baseURL: `http://localhost:${port}`,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || undefined,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } }],
  webServer: {
    command: `node ${path.join(root, 'scripts/start.mjs')}`,
    cwd: root,
    url: `http://localhost:${port}/api/health/ready`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 25_000 },
    env: {
      PORT: String(port),
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/sparkhouse_e2e',
      REDIS_PREFIX: `sparkhouse-e2e-${process.pid}`,
      SPARKHOUSE_FRESH_DB: '1',
      SPARKHOUSE_SKIP_INSTALL: '1',
      SPARKHOUSE_SKIP_BUILD: process.env.SPARKHOUSE_SKIP_BUILD ?? '0',
      LOG_LEVEL: 'warn',
      // every journey opens the sign-in dialog (checkUserExists) from this one address
      IDENTITY_USER_CHECKS_PER_ADDRESS: '1000',
      // The local AI generator answers in milliseconds; creator journeys slow each generation down so
      // a build can be watched (and reloaded) mid-way. Read by workers' local provider.
      AI_LOCAL_DELAY_MS: process.env.E2E_AI_LOCAL_DELAY_MS ?? '2500',
      // a creator's link previews may fetch the product's own pages (loopback is refused otherwise)
      LINK_FETCH_ALLOW_HOSTS: `localhost:${port}`,
      // the operations console journeys sign in as this admin (e2e/support/console.ts)
      IDENTITY_ADMIN_EMAIL: 'ops-admin@example.com',
    },
  },
});

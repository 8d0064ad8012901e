import type { Config } from 'jest';

/** One swc transform for every TypeScript project: decorators on, metadata on (MikroORM and Nest need them). */
const swc = (tsx = false): Config['transform'] => ({
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', tsx, decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
    },
  ],
});

/** Workspace packages resolve to their TypeScript sources, so tests never run stale builds. */
const workspaces = {
  '^@sparkhouse/contracts$': '<rootDir>/contracts/src/index.ts',
  '^@sparkhouse/backend$': '<rootDir>/backend/src/index.ts',
  '^@sparkhouse/backend/test-support$': '<rootDir>/backend/src/test-support/index.ts',
};

const node = (name: string, extra: Partial<Config> = {}): Config => ({
  displayName: name,
  rootDir: '.',
  testEnvironment: 'node',
  roots: [`<rootDir>/${name}`],
  testMatch: ['**/*.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  transform: swc(),
  moduleNameMapper: workspaces,
  setupFiles: ['reflect-metadata', '<rootDir>/backend/test/isolate-orm-metadata.cjs'],
  ...extra,
});

const config: Config = {
  globalSetup: '<rootDir>/scripts/jest-global-setup.mjs',
  globalTeardown: '<rootDir>/scripts/jest-global-teardown.mjs',
  // a test's own limit on a busy machine; its waits follow the product's signals (test-support eventually)
  testTimeout: 90_000,
  // Every integration suite leaves 30-50 MB behind in the process that ran it (measured; what keeps it is
  // not found yet). Run in one process, 300 suites pile up towards the 4.3 GB heap limit and the last ones
  // crawl through back-to-back full GCs until a hook times out. A worker whose heap passes this limit after a
  // suite is replaced by a fresh one (setting it also makes jest use a worker on a 2-core machine).
  workerIdleMemoryLimit: '1GB',
  projects: [
    node('contracts'),
    node('backend'),
    node('workers'),
    node('deploy'),
    {
      displayName: 'frontend',
      rootDir: '.',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/frontend/src'],
      testMatch: ['**/*.spec.ts', '**/*.spec.tsx'],
      transform: swc(true),
      moduleNameMapper: {
        '^@sparkhouse/contracts/(.+)$': '<rootDir>/contracts/src/$1',
        '^virtual:call-routes$': '<rootDir>/frontend/test/call-routes.ts',
        // build-time settings read from import.meta.env, which jest cannot parse
        '^\\./auth-env$': '<rootDir>/frontend/test/auth-env.ts',
        ...workspaces,
        '\\.(css|svg|png)$': '<rootDir>/frontend/test/file-stub.cjs',
      },
      setupFilesAfterEnv: ['<rootDir>/frontend/test/setup.ts'],
    },
  ],
};

export default config;

import { defineConfig } from 'vitest/config';

/**
 * The suites that run once per store (issue: the same tests for both stores): everything that drives
 * the API or the Store interface through test-support/test-store.ts. DuckDB-only tests (its files,
 * its migrations) and the browser tests run once, on the default store.
 */
const sharedStoreSuites = [
  'src/server/store/*.test.ts',
  'src/server/analytics/**/*.test.ts',
  'src/server/routes/**/*.test.ts',
  'src/server/experiments/**/*.test.ts',
  'src/server/recommendations/**/*.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // A poll waits for what a browser or a background pass does in its own time. Vitest's 1 s default
    // raced a loaded machine (two workers, each with Chromium, DuckDB and ClickHouse threads); a poll
    // that holds returns at once, so the longer wait only costs a test that fails anyway.
    expect: { poll: { timeout: 10_000 } },
    // DuckDB and ClickHouse run their own threads; two workers keep a 2-core machine responsive.
    maxWorkers: 2,
    reporters: ['default', './src/test-support/plain-summary-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'duckdb',
          // Component tests (*.test.tsx) run here only; each asks for its DOM with `// @vitest-environment happy-dom`.
          include: ['src/**/*.test.ts', 'src/app/**/*.test.tsx', 'bench/**/*.test.ts', 'e2e/**/*.test.ts'],
          // One dashboard build and one demo store for the run, shared by the browser tests (e2e/support/run-shared.ts).
          globalSetup: ['e2e/support/run-shared.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'chdb',
          include: sharedStoreSuites,
          env: { SIGHTLINE_TEST_STORE: 'chdb' },
          // chDB binds one engine per process: each test file gets a process of its own.
          pool: 'forks',
        },
      },
    ],
  },
});

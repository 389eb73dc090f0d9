import { defineConfig } from 'vitest/config';

/**
 * How the suite is split, by what a file needs (issue 40: the whole suite in 15 minutes, a fast tier
 * in 3). `npm test` runs every project; `npm run test:fast` runs `unit` and `isolated` only.
 *
 * - unit: DuckDB in memory, no child process, no ClickHouse. These files share their workers' loaded
 *   modules (isolate: false): importing the server once per worker instead of once per file was most
 *   of these files' time. They leave nothing behind: each opens and closes its own store and app.
 * - isolated: the same kind of test, but in a process of its own: component tests with their own DOM,
 *   and a file that replaces a module with a counting copy (vi.mock).
 * - processes: the CLI and the server as child processes, and Debian's ClickHouse server.
 * - clickhouse: ClickHouse's own tests and the moves between stores, on chDB in this process.
 * - browser: Debian's Chromium against the real server (one dashboard build and one demo store per run).
 * - chdb: the store-level suites again, on the ClickHouse store (chDB): store, report, experiment,
 *   recommendation, ingest and export checks. The HTTP plumbing that does not reach the store
 *   (validation, auth, limits, envelopes, headers, the page script's delivery) runs on DuckDB only.
 */
const inChildProcesses = [
  'src/server/main.test.ts',
  'src/server/ingest/durability.test.ts',
  'src/cli/*.test.ts',
  'src/server/store/clickhouse/old-server.test.ts',
];
const onChdbInProcess = ['src/server/store/clickhouse/*.test.ts', 'src/cli/store-export/*.test.ts'];
const inOwnProcess = ['src/app/**/*.test.tsx', 'src/server/routes/tracker-routes.test.ts'];

/** The shared suites (they open their store through test-support/test-store.ts) that reach the store. */
const storeSuites = [
  'src/server/store/*.test.ts',
  'src/server/analytics/**/*.test.ts',
  // Not engine/: its statistics never reach a store.
  'src/server/experiments/*.test.ts',
  'src/server/recommendations/**/*.test.ts',
  // Ingest through collect: events, their paths and snapshots, written and read back.
  'src/server/routes/collect-routes.test.ts',
  'src/server/routes/collect-paths.test.ts',
  'src/server/routes/collect-snapshots.test.ts',
  // Records the store keeps: saved funnels, split tests and their goals, archive, property deletion,
  // and the running tests the page script is configured from.
  'src/server/routes/saved-funnel-routes.test.ts',
  'src/server/routes/split-test-routes.test.ts',
  'src/server/routes/split-test-archive.test.ts',
  'src/server/routes/split-test-goals.test.ts',
  'src/server/routes/property-lifecycle-routes.test.ts',
  'src/server/routes/tracker-config-routes.test.ts',
  // Who changed what: the audit log's own table.
  'src/server/routes/audit-log.test.ts',
  // Share links: made, opened, read through, revoked and expired.
  'src/server/routes/share-links.test.ts',
  // Email reports: the hand-worked weekly digest, gathered from the store's reports.
  'src/server/mail/weekly-digest.test.ts',
  // Hostile values that pass validation reach the store's SQL (fewer runs on chDB: fuzz.test.ts).
  'src/server/routes/fuzz.test.ts',
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
    setupFiles: ['./src/test-support/count-assertions.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: [...inChildProcesses, ...onChdbInProcess, ...inOwnProcess],
          isolate: false,
        },
      },
      {
        extends: true,
        // Component tests (*.test.tsx) ask for their DOM with `// @vitest-environment happy-dom`.
        test: { name: 'isolated', include: inOwnProcess },
      },
      { extends: true, test: { name: 'processes', include: inChildProcesses } },
      { extends: true, test: { name: 'clickhouse', include: onChdbInProcess, exclude: inChildProcesses } },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['e2e/**/*.test.ts'],
          // One dashboard build and one demo store for the run, shared by the browser tests (e2e/support/run-shared.ts).
          globalSetup: ['e2e/support/run-shared.ts'],
          // Each file starts and closes its own server, store and Chromium; what they share is the loaded
          // server and Playwright modules, imported once per worker instead of once per file.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'chdb',
          include: storeSuites,
          env: { SIGHTLINE_TEST_STORE: 'chdb' },
          // chDB keeps one engine per process, shared by every store a file opens (each in a database of
          // its own, dropped on close), so its files can share a worker as DuckDB's do.
          isolate: false,
        },
      },
    ],
  },
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'bench/**/*.test.ts', 'e2e/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // DuckDB runs its own threads; two workers keep a 2-core machine responsive.
    maxWorkers: 2,
    reporters: ['default', './src/test-support/plain-summary-reporter.ts'],
  },
});

import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends the run with the plain line CI reads: "N passed, N failed, N skipped", and how many checks
 * (expect calls, counted by count-assertions.ts) the run made, so a faster suite can show it kept them.
 */
export default class PlainSummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>, errors: ReadonlyArray<unknown>) {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    let assertions = 0;
    for (const module of modules) {
      let failedHere = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        assertions += test.meta().assertions ?? 0;
        if (state === 'passed') counts.passed++;
        else if (state === 'failed') failedHere++;
        else counts.skipped++;
      }
      // A file whose set-up (beforeAll) or import failed skips its tests; that is a failure, not a skip.
      if (module.state() === 'failed' && failedHere === 0) failedHere = 1;
      counts.failed += failedHere;
    }
    counts.failed += errors.length;
    process.stdout.write(
      `\nunit: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\nchecks: ${assertions} assertions\n`,
    );
  }
}

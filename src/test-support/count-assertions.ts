import { afterEach, expect } from 'vitest';

declare module 'vitest' {
  interface TaskMeta {
    /** How many expect() calls the test made; the run's summary line adds them up. */
    assertions?: number;
  }
}

// The suite's size is measured in checks, not tests: a change that merges or moves tests must keep
// this sum (issue 40). `assertionCalls` still holds the finished test's count when afterEach runs.
afterEach((context) => {
  context.task.meta.assertions = expect.getState().assertionCalls;
});

import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * A report's time budget (issue 41): past it the API answers 503 and the stores stop the report's
 * queries (DuckDB interrupts the connection running it, ClickHouse aborts the request), so one heavy
 * request cannot keep the engine's threads from /healthz, collect and everyone else. The budget
 * travels with the request's async context, so no store method needs a parameter for it.
 */
const budgets = new AsyncLocalStorage<AbortSignal>();

/** Thrown (as the abort reason) when a report outlives its budget. */
export class ReportOverBudgetError extends Error {
  constructor(readonly budgetMs: number) {
    super(`the report took longer than its budget of ${budgetMs / 1000} s`);
    this.name = 'ReportOverBudgetError';
  }
}

/** The budget of the report running in this async context, if any. */
export function currentBudget(): AbortSignal | undefined {
  return budgets.getStore();
}

/** Runs `fn` with a budget of `ms`: rejects with ReportOverBudgetError once it is spent. */
export async function withinBudget<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new ReportOverBudgetError(ms)), ms);
  const spent = new Promise<never>((_, fail) =>
    controller.signal.addEventListener('abort', () => fail(controller.signal.reason), { once: true }),
  );
  spent.catch(() => undefined); // a report that finished in time leaves no unhandled rejection behind
  const work = budgets.run(controller.signal, fn);
  work.catch(() => undefined); // past the budget its own failure (an interrupted query) is nobody's to hear
  try {
    return await Promise.race([work, spent]);
  } finally {
    clearTimeout(timer);
  }
}

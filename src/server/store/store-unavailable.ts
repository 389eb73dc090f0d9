/**
 * The store cannot be reached right now (a ClickHouse server down, restarting or overloaded). The API
 * answers 503 with Retry-After instead of 500, collect too (so the page script keeps its events and
 * sends them again), and /healthz names the reason. `reason` is safe to show: no addresses, no SQL.
 */
export class StoreUnavailableError extends Error {
  constructor(
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`the data store is unavailable: ${reason}`, options);
    this.name = 'StoreUnavailableError';
  }
}

/** Seconds a client should wait before retrying while the store is unavailable. */
export const STORE_RETRY_AFTER_SECONDS = 5;

import type { StoredEvent } from '../../contract/events.js';

interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: events arriving within `windowMs` are written in one transaction, then every request
 * that contributed is answered. A 202 therefore means the events are committed (DuckDB's WAL), and
 * the per-transaction cost is shared by all the requests of the window.
 */
export class GroupCommitter {
  private pending: StoredEvent[] = [];
  private waiters: Waiter[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly write: (events: StoredEvent[]) => Promise<void>,
    private readonly windowMs = 5,
    private readonly maxBatch = 10_000,
  ) {}

  /** Resolves once `events` are committed; rejects if their transaction failed (none of them kept). */
  submit(events: StoredEvent[]): Promise<void> {
    if (this.closed) return Promise.reject(new Error('the server is shutting down'));
    return new Promise<void>((resolve, reject) => {
      this.pending.push(...events);
      this.waiters.push({ resolve, reject });
      if (this.pending.length >= this.maxBatch) this.flushSoon(0);
      else this.flushSoon(this.windowMs);
    });
  }

  private flushSoon(delay: number): void {
    if (this.timer && delay > 0) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, delay);
  }

  /** Writes whatever is pending once the write in progress (if any) is done: one transaction at a time. */
  flush(): Promise<void> {
    this.writing = this.writing.then(() => this.drain());
    return this.writing;
  }

  // Takes everything pending when the transaction starts, so batches grow by themselves under load.
  private async drain(): Promise<void> {
    const events = this.pending;
    const waiters = this.waiters;
    this.pending = [];
    this.waiters = [];
    if (waiters.length === 0) return;
    try {
      await this.write(events);
      for (const w of waiters) w.resolve();
    } catch (error) {
      for (const w of waiters) w.reject(error);
    }
  }

  /** Stops taking events and writes what was accepted so far (SIGTERM). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
  }
}

import type { StoredEvent } from '../../contract/events.js';

interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: events arriving within `windowMs` are written in one transaction, then every request
 * that contributed is answered. A 202 therefore means the events are committed (the collect inbox),
 * and the per-transaction cost is shared by all the requests of the window.
 *
 * The window adapts: when the committer is idle (no write under way, none ended within the last
 * `windowMs`) a request is written at once, together only with what arrives in the same turn of the
 * event loop, so a quiet site's requests don't wait out a window that gathers nothing. Under load
 * every write ended moments ago, so requests gather for the window as before: each commit costs CPU
 * whatever it holds (an fdatasync'd append to the inbox's log, a promise per request woken), and
 * committing at once under load would spend that hundreds of times a second.
 */
export class GroupCommitter {
  private pending: StoredEvent[] = [];
  private waiters: Waiter[] = [];
  /** Cancels the flush that is scheduled, if any. */
  private timer: (() => void) | null = null;
  private writing: Promise<void> = Promise.resolve();
  private writesUnderWay = 0;
  private lastWriteEnded = -Infinity;
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
      if (this.pending.length >= this.maxBatch || this.idle()) this.flushSoon(0);
      else this.flushSoon(this.windowMs);
    });
  }

  private idle(): boolean {
    return this.writesUnderWay === 0 && performance.now() - this.lastWriteEnded >= this.windowMs;
  }

  private flushSoon(delay: number): void {
    if (this.timer && delay > 0) return;
    this.clearTimer();
    const fire = () => {
      this.timer = null;
      void this.flush();
    };
    // "At once" still lets the requests already read in this turn of the event loop join the write.
    if (delay === 0) {
      const immediate = setImmediate(fire);
      this.timer = () => clearImmediate(immediate);
    } else {
      const timeout = setTimeout(fire, delay);
      this.timer = () => clearTimeout(timeout);
    }
  }

  private clearTimer(): void {
    this.timer?.();
    this.timer = null;
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
    this.writesUnderWay++;
    try {
      await this.write(events);
      for (const w of waiters) w.resolve();
    } catch (error) {
      for (const w of waiters) w.reject(error);
    } finally {
      this.writesUnderWay--;
      this.lastWriteEnded = performance.now();
    }
  }

  /** Stops taking events and writes what was accepted so far (SIGTERM). */
  async close(): Promise<void> {
    this.closed = true;
    this.clearTimer();
    await this.flush();
  }
}

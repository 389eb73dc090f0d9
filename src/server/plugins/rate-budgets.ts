/**
 * Token buckets per key (a client address, a property): `perMinute` tokens, refilled continuously, so
 * a burst of a whole minute's budget is allowed and then `perMinute / 60` a second. A charge may take
 * the balance below zero; the key then waits until it is positive again, so a large batch is paid in
 * full instead of slipping through on the last token.
 *
 * At most `maxKeys` buckets are kept: the least recently charged goes first (a Map iterates in
 * insertion order and every charge re-inserts), and a bucket that has refilled completely is dropped,
 * as it says nothing an absent one doesn't. So memory stays bounded whatever the number of clients;
 * a client evicted while in debt starts afresh, which only a sender with more than `maxKeys`
 * addresses at once can use, and the per-property budget still holds that one.
 */
export class RateBudgets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    /** Tokens a minute; 0 means no limit. */
    readonly perMinute: number,
    private readonly maxKeys = 50_000,
    /** Milliseconds; tests pass a clock that stands still, so a loaded machine cannot move a wait. */
    private readonly clock: () => number = Date.now,
  ) {}

  private balance(key: string, now: number): number {
    const b = this.buckets.get(key);
    if (!b) return this.perMinute;
    return Math.min(this.perMinute, b.tokens + ((now - b.at) * this.perMinute) / 60_000);
  }

  /** Whole seconds `key` must wait before it may spend again; 0 when it may now. */
  waitSeconds(key: string, now = this.clock()): number {
    if (this.perMinute === 0) return 0;
    const tokens = this.balance(key, now);
    return tokens >= 1 ? 0 : Math.max(1, Math.ceil(((1 - tokens) * 60) / this.perMinute));
  }

  /** Spends `cost` tokens of `key` (its balance may go negative). */
  charge(key: string, cost: number, now = this.clock()): void {
    if (this.perMinute === 0 || cost <= 0) return;
    const tokens = this.balance(key, now) - cost;
    this.buckets.delete(key);
    this.buckets.set(key, { tokens, at: now });
    // The least recently charged bucket goes when over the cap, or anyway once it has refilled.
    const oldest = this.buckets.keys().next().value!;
    if (this.buckets.size > this.maxKeys || this.balance(oldest, now) >= this.perMinute) this.buckets.delete(oldest);
  }

  /** Number of keys remembered (for tests of the bound). */
  get size(): number {
    return this.buckets.size;
  }
}

import { createHash } from 'node:crypto';

/** Ids remembered at most: two generations of half this. ~60 bytes each, so about 30 MB when full. */
export const RECENT_IDS_CAP = 500_000;

/**
 * Event ids seen lately, exactly (no false positives: a false positive would drop a real event) and in
 * bounded memory. Two generations of sets: a rotation drops the older and starts a new one, when the
 * current has held ids for `windowMs` or has reached half of `cap`, whichever comes first. So an id is
 * remembered for at least `windowMs` unless more than `cap / 2` newer ids came in meanwhile; then the
 * oldest are forgotten first, and a resend of one of those is stored again. The tracker resends
 * within minutes, and a `Set` never nears the ~16.8M entries past which V8 throws.
 *
 * Ids are kept as 66 bits of SHA-256 of the text (11 base64 characters): a fixed small size whatever
 * the client sends, and two different ids collide with odds of about n² / 2⁶⁷ (2·10⁻⁹ when full).
 */
export class RecentEventIds {
  private current = new Set<string>();
  private previous = new Set<string>();
  private rotatedAt = Date.now();

  constructor(
    private readonly windowMs = 30 * 60_000,
    private readonly cap = RECENT_IDS_CAP,
  ) {}

  private static digest(id: string): string {
    return createHash('sha256').update(id).digest('base64').slice(0, 11);
  }

  private rotate(now: number): void {
    const full = this.current.size >= this.cap / 2;
    if (!full && now - this.rotatedAt < this.windowMs) return;
    this.previous = full || now - this.rotatedAt < 2 * this.windowMs ? this.current : new Set();
    this.current = new Set();
    this.rotatedAt = now;
  }

  has(id: string, now = Date.now()): boolean {
    this.rotate(now);
    const d = RecentEventIds.digest(id);
    return this.current.has(d) || this.previous.has(d);
  }

  add(id: string, now = Date.now()): void {
    this.rotate(now);
    this.current.add(RecentEventIds.digest(id));
  }

  /** Forgets `id` (its write failed, so a resend must be kept). */
  delete(id: string): void {
    const d = RecentEventIds.digest(id);
    this.current.delete(d);
    this.previous.delete(d);
  }

  /** Ids held now (for tests of the bound). */
  get size(): number {
    return this.current.size + this.previous.size;
  }
}

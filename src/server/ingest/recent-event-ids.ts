/**
 * Event ids seen in the last `windowMs` to 2 × `windowMs`: two generations of sets, the older
 * dropped at each rotation, so memory stays bounded by the traffic of two windows. A resend after
 * that (a tab reopened a day later) is kept again; the tracker retries within a minute.
 */
export class RecentEventIds {
  private current = new Set<string>();
  private previous = new Set<string>();
  private rotatedAt = Date.now();

  constructor(private readonly windowMs = 30 * 60_000) {}

  private rotate(now: number): void {
    if (now - this.rotatedAt < this.windowMs) return;
    this.previous = now - this.rotatedAt < 2 * this.windowMs ? this.current : new Set();
    this.current = new Set();
    this.rotatedAt = now;
  }

  has(id: string, now = Date.now()): boolean {
    this.rotate(now);
    return this.current.has(id) || this.previous.has(id);
  }

  add(id: string, now = Date.now()): void {
    this.rotate(now);
    this.current.add(id);
  }
}

// Seeded randomness for the synthetic traffic generator. Math.random can't be seeded, and `seed`
// must give byte-identical output, so everything random in the generator goes through here.

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A finite distribution compiled once, so drawing from it in the hot loop allocates nothing. */
export interface Weighted<T> {
  readonly values: readonly T[];
  readonly cumulative: Float64Array;
  readonly total: number;
}

/** Compiles `[value, weight]` pairs for `Random.weighted`; zero weights are allowed, negatives are not. */
export function weights<T>(pairs: readonly (readonly [T, number])[]): Weighted<T> {
  const cumulative = new Float64Array(pairs.length);
  let total = 0;
  pairs.forEach(([, w], i) => {
    if (!(w >= 0)) throw new Error(`weight ${w} is not a non-negative number`);
    total += w;
    cumulative[i] = total;
  });
  if (total <= 0) throw new Error('weights need a positive total');
  return { values: pairs.map(([v]) => v), cumulative, total };
}

/** Mixes integers into one well-spread 32-bit value (a murmur3 finaliser), for seeding sub-streams. */
export function hash32(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const p of parts) {
    h = Math.imul(h ^ (p | 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h ^ Math.floor(p / 4294967296), 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

/**
 * sfc32: small, passes PractRand far past what a seed run draws, and is plain 32-bit integer math,
 * which V8 keeps in registers — several times faster than anything built on BigInt.
 */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    this.a = hash32(seed, 1);
    this.b = hash32(seed, 2);
    this.c = hash32(seed, 3);
    this.d = 1;
    // The first outputs of sfc32 still echo the seed; discard them.
    for (let i = 0; i < 15; i++) this.uint32();
  }

  uint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.uint32() / 4294967296;
  }

  /** Uniform integer in [lo, hi], both inclusive. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  /** Uniform in [lo, hi). */
  between(lo: number, hi: number): number {
    return lo + this.next() * (hi - lo);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** Index into a compiled table; linear scan because our tables are short (≤ 30 entries). */
  weightedIndex(table: Weighted<unknown>): number {
    const x = this.next() * table.total;
    const cum = table.cumulative;
    const last = cum.length - 1;
    let i = 0;
    while (i < last && cum[i] <= x) i++;
    return i;
  }

  weighted<T>(table: Weighted<T>): T {
    return table.values[this.weightedIndex(table)];
  }

  /**
   * A `[A-Za-z0-9]` id; 12 characters by default because DuckDB stores strings of ≤ 12 bytes inline,
   * and 62^12 makes collisions across billions of ids negligible.
   */
  id(length = 12): string {
    let s = '';
    let x = 0;
    for (let i = 0; i < length; i++) {
      // One 32-bit draw yields five base-62 digits (62^5 < 2^32), so an id costs three draws, not twelve.
      if (i % 5 === 0) x = this.uint32();
      s += BASE62[x % 62];
      x = Math.floor(x / 62);
    }
    return s;
  }
}

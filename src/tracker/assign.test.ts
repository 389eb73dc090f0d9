import { describe, expect, it } from 'vitest';
import { assign, hash32 } from './assign.js';

// Chi-square critical values at α = 0.001 for 1–3 degrees of freedom: above them, a split this
// uneven would happen by chance less than once in a thousand runs.
const CRITICAL = [NaN, 10.83, 13.82, 16.27];
const N = 100_000;

/** A seeded generator (mulberry32), so the test sees the same "random" ids on every run. */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
/** Visitor ids as the tracker makes them (ids.ts): 16 characters of its 64-letter alphabet. */
function visitorIds(seed: number, count = N): string[] {
  const next = rng(seed);
  return Array.from({ length: count }, () =>
    Array.from({ length: 16 }, () => ALPHABET[Math.floor(next() * 64)]).join(''),
  );
}

function chiSquare(counts: number[]): number {
  const expected = counts.reduce((a, b) => a + b, 0) / counts.length;
  return counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
}

function split(ids: string[], experiment: string, variants: number): number[] {
  const counts = new Array(variants).fill(0);
  for (const id of ids) counts[assign(id, experiment, variants)]++;
  return counts;
}

describe('variant assignment', () => {
  it('is stable: the same visitor and experiment always get the same variant', () => {
    for (const id of visitorIds(1, 1_000)) {
      const first = assign(id, 'exp_pricing', 3);
      for (let i = 0; i < 3; i++) expect(assign(id, 'exp_pricing', 3)).toBe(first);
    }
    // Pinned, so a change of hash (which would reshuffle every visitor of every running test) cannot
    // go unnoticed; the server or a test may compute assignments the same way.
    expect([hash32(''), hash32('a'), hash32('visitor:exp')]).toEqual([2872998923, 444641715, 2161492686]);
    expect(assign('abc', 'exp_1', 2)).toBe(hash32('abc:exp_1') % 2);
    expect([assign('abc', 'exp_1', 2), assign('abc', 'exp_1', 3)]).toEqual([0, 2]);
  });

  for (const variants of [2, 3, 4]) {
    it(`splits 100k random visitors evenly over ${variants} variants (chi-square, p > 0.001)`, () => {
      const counts = split(visitorIds(variants), 'exp_' + variants, variants);
      expect(counts.reduce((a, b) => a + b)).toBe(N);
      expect(chiSquare(counts)).toBeLessThan(CRITICAL[variants - 1]);
    });
  }

  it('splits sequential, look-alike ids evenly too', () => {
    const ids = Array.from({ length: N }, (_, i) => 'visitor' + i);
    for (const variants of [2, 3, 4])
      expect(chiSquare(split(ids, 'exp_seq', variants))).toBeLessThan(CRITICAL[variants - 1]);
  });

  // Plain FNV-1a fails this: its lowest bit is the parity of the input, so in two two-variant tests
  // every visitor got opposite variants.
  it('assigns independently between experiments (no visitor is "always B")', () => {
    const ids = visitorIds(99);
    // Two two-variant tests: the four combinations must be equally common (df = 3).
    const cells = [0, 0, 0, 0];
    for (const id of ids) cells[assign(id, 'exp_a', 2) * 2 + assign(id, 'exp_b', 2)]++;
    expect(chiSquare(cells)).toBeLessThan(CRITICAL[3]);
  });
});

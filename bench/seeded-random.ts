/**
 * A small seeded generator for the simulations, so a run can be repeated draw for draw: sfc32 (Chris
 * Doty-Humphrey's Small Fast Chaotic generator, 128-bit state, passes PractRand), its state filled from
 * the seed and warmed up by discarding the first outputs as PractRand's reference seeding does.
 */
export type Random = () => number;

export function seededRandom(seed: number): Random {
  let a = seed | 0;
  let b = 0x9e3779b9 | 0;
  let c = 0x243f6a88 | 0;
  let d = 0xb7e15162 | 0;
  const next = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 15; i++) next();
  return next;
}

/** Binomial(n, p): one draw per trial, or for small p the gaps between successes (geometric), far fewer. */
export function binomial(random: Random, n: number, p: number): number {
  if (p > 0.2) {
    let k = 0;
    for (let i = 0; i < n; i++) if (random() < p) k++;
    return k;
  }
  const logMiss = Math.log1p(-p);
  let k = 0;
  // The trial index of the next success; 1 − U keeps log's argument above 0.
  for (
    let at = Math.floor(Math.log(1 - random()) / logMiss);
    at < n;
    at += 1 + Math.floor(Math.log(1 - random()) / logMiss)
  )
    k++;
  return k;
}

/** A standard normal draw (Box–Muller). */
export function normal(random: Random): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/** Sessions of one visitor: 1 + a geometric number of returns, mean `mean` (≥ 1). */
export function sessionsOfVisitor(random: Random, mean: number): number {
  if (mean <= 1) return 1;
  return 1 + Math.floor(Math.log(1 - random()) / Math.log(1 - 1 / mean));
}

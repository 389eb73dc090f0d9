import { experimentStats, type VariantCounts } from '../experiments/statistics.js';

// What the statistics tests share: arms written as [sessions, conversions] and independent
// Monte Carlo checks of the closed forms.

export const labels = ['Control', 'Variant B', 'Variant C', 'Variant D'];
/** Arms as [sessions, conversions], control first. */
export const stats = (arms: [number, number][], daysRunning = 14) =>
  experimentStats(
    arms.map(([sessions, conversions]): VariantCounts => ({ sessions, conversions })),
    { daysRunning, labels },
  );
export const chance = (variant: [number, number], control: [number, number]) =>
  stats([control, variant]).perVariant[1]!.chance_to_beat_control!;
export const interval = (variant: [number, number], control: [number, number]) =>
  stats([control, variant]).perVariant[1]!.uplift_interval!;

// An independent check of the closed forms: draws from the posteriors with a seeded PRNG (mulberry32),
// Box–Muller normals and Marsaglia–Tsang gammas; Beta(a, b) = X / (X + Y) with X ~ Γ(a), Y ~ Γ(b).
function sampler(seed: number) {
  let state = seed >>> 0;
  const uniform = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) + 0.5) / 4294967296;
  };
  let spare: number | null = null;
  const normal = () => {
    // Box–Muller, both outputs used
    if (spare !== null) {
      const z = spare;
      spare = null;
      return z;
    }
    const r = Math.sqrt(-2 * Math.log(uniform()));
    const theta = 2 * Math.PI * uniform();
    spare = r * Math.sin(theta);
    return r * Math.cos(theta);
  };
  const gamma = (shape: number) => {
    // shape ≥ 1, always true for 1 + count
    const d = shape - 1 / 3;
    const c = 1 / Math.sqrt(9 * d);
    for (;;) {
      const x = normal();
      const v = (1 + c * x) ** 3;
      if (v > 0 && Math.log(uniform()) < 0.5 * x * x + d - d * v + d * Math.log(v)) return d * v;
    }
  };
  return ([sessions, conversions]: [number, number]) => {
    const x = gamma(1 + conversions);
    return x / (x + gamma(1 + sessions - conversions));
  };
}

export function monteCarloChance(variant: [number, number], control: [number, number], draws = 1_000_000) {
  const draw = sampler(20240601);
  let wins = 0;
  for (let i = 0; i < draws; i++) if (draw(variant) > draw(control)) wins++;
  return wins / draws;
}

/** Share of seeded posterior draws of (p_v − p_c) / p_c below, inside and above [low, high]. */
export function monteCarloCoverage(
  variant: [number, number],
  control: [number, number],
  [low, high]: [number, number],
  draws = 200_000,
) {
  const draw = sampler(7);
  let below = 0;
  let above = 0;
  for (let i = 0; i < draws; i++) {
    const uplift = draw(variant) / draw(control) - 1;
    if (uplift < low) below++;
    else if (uplift > high) above++;
  }
  return { below: below / draws, inside: 1 - (below + above) / draws, above: above / draws };
}

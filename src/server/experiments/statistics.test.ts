import { describe, expect, it } from 'vitest';
import { experimentDetailResponse, variantStats } from '../../contract/experiments.js';
import { chanceToBeat } from './beta-comparison.js';
import { experimentStats, type VariantCounts } from './statistics.js';

const labels = ['Control', 'Variant B', 'Variant C', 'Variant D'];
/** Arms as [sessions, conversions], control first. */
const stats = (arms: [number, number][], daysRunning = 14) =>
  experimentStats(arms.map(([sessions, conversions]): VariantCounts => ({ sessions, conversions })), { daysRunning, labels });
const chance = (variant: [number, number], control: [number, number]) => stats([control, variant]).perVariant[1]!.chance_to_beat_control!;
const interval = (variant: [number, number], control: [number, number]) => stats([control, variant]).perVariant[1]!.uplift_interval!;

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
  const normal = () => { // Box–Muller, both outputs used
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
  const gamma = (shape: number) => { // shape ≥ 1, always true for 1 + count
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

function monteCarloChance(variant: [number, number], control: [number, number], draws = 1_000_000) {
  const draw = sampler(20240601);
  let wins = 0;
  for (let i = 0; i < draws; i++) if (draw(variant) > draw(control)) wins++;
  return wins / draws;
}

/** Share of seeded posterior draws of (p_v − p_c) / p_c below, inside and above [low, high]. */
function monteCarloCoverage(variant: [number, number], control: [number, number], [low, high]: [number, number], draws = 200_000) {
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

describe('chance to beat control', () => {
  it('matches integrals worked by hand on one-session samples', () => {
    // 1/1 vs 0/1: Beta(2,1) has density 2x, Beta(1,2) has CDF 2y − y²; ∫ 2x(2x − x²) dx = 4/3 − 1/2 = 5/6.
    expect(chance([1, 1], [1, 0])).toBeCloseTo(5 / 6, 9);
    // 2/2 vs 0/1: Beta(3,1) has density 3x²; ∫ 3x²(2x − x²) dx = 3/2 − 3/5 = 9/10.
    expect(chance([2, 2], [1, 0])).toBeCloseTo(0.9, 9);
    // 0/1 vs 1/1: the complement of the first case, 1/6.
    expect(chance([1, 0], [1, 1])).toBeCloseTo(1 / 6, 9);
  });

  it('is one half for equal counts at every size, including the normal approximation', () => {
    for (const arm of [[1_000, 100], [100_000, 5_000], [1_000_000, 150_000]] as [number, number][]) {
      expect(chance(arm, arm)).toBeCloseTo(0.5, 8);
    }
    // Without a conversion on either side the math still says one half, but the test reports none (below).
    expect(chanceToBeat({ sessions: 10, conversions: 0 }, { sessions: 10, conversions: 0 })).toBeCloseTo(0.5, 8);
  });

  it('is not given until either arm converts: the prior alone would read "50% chance" and −95% to +2,100% (issue 13 §12)', () => {
    // 20 sessions each, no conversion: Beta(1, 21) both, whose interval would run from −97% to about +3,200%.
    expect(stats([[20, 0], [20, 0]]).perVariant[1]).toEqual({ uplift: null, chance_to_beat_control: null, uplift_interval: null, unavailable_reason: 'no_conversions' });
    // One conversion in the variant: a chance (4 of 1 against the control's 0), but no uplift against a rate of 0.
    const one = stats([[20, 0], [20, 1]]).perVariant[1]!;
    expect(one).toMatchObject({ uplift: null, uplift_interval: null, unavailable_reason: 'no_control_conversions' });
    expect(one.chance_to_beat_control).toBeGreaterThan(0.5);
    // Once the control converts, everything is given and no reason is set.
    expect(stats([[20, 1], [20, 0]]).perVariant[1]).not.toHaveProperty('unavailable_reason');
  });

  it('agrees with a numerical integration of ∫ f_v(x)·F_c(x) dx (mpmath / scipy) to 1e-8', () => {
    const reference: [[number, number], [number, number], number][] = [
      [[50, 3], [50, 1], 0.818781878186],
      [[1_000, 120], [1_000, 100], 0.923183438974],
      [[10_000, 590], [10_000, 600], 0.382554258615],
      [[100_000, 5_300], [100_000, 5_000], 0.998798190503],
      [[100_000, 5_050], [100_000, 5_000], 0.695587622835],
      // Close to the Gamma limit 1 − P(Γ(1) > Γ(4)) = 1 − (1/2)^4 = 0.9375.
      [[10_000, 3], [10_000, 0], 0.93751874852],
    ];
    for (const [variant, control, p] of reference) expect(Math.abs(chance(variant, control) - p)).toBeLessThan(1e-8);
  });

  it('agrees with a seeded Monte Carlo of 10^6 draws within 0.003', () => {
    const cases: [[number, number], [number, number]][] = [
      [[50, 3], [50, 1]],
      [[1_000, 120], [1_000, 100]],
      [[200, 12], [200, 20]],
    ];
    for (const [variant, control] of cases) {
      expect(Math.abs(chance(variant, control) - monteCarloChance(variant, control))).toBeLessThan(0.003);
    }
  });

  it('stays within [0, 1] at the extremes and switches to the normal form smoothly', () => {
    expect(chance([1_000, 0], [1_000, 1_000])).toBeLessThan(1e-12);
    expect(chance([1_000, 1_000], [1_000, 0])).toBeGreaterThan(1 - 1e-12);
    expect(chance([100, 50], [100, 0])).toBeLessThanOrEqual(1);
    // Over 100,000 conversions per arm: normal approximation, checked against the integration.
    expect(Math.abs(chance([1_000_000, 201_000], [1_000_000, 200_000]) - 0.961311470455)).toBeLessThan(1e-6);
    expect(Math.abs(chance([1_000_000, 100_100], [1_000_000, 100_000]) - 0.593147589250)).toBeLessThan(1e-6);
    // 99,999 vs 100,000 conversions: one side of the switch is exact, the other approximate.
    expect(Math.abs(chance([1_000_000, 100_000], [1_000_000, 99_999]) - 0.500940314732)).toBeLessThan(1e-6);
  });
});

describe('uplift and its 95% interval', () => {
  it('reports the relative change in conversion rate, or null when the control has no conversions', () => {
    // (0.12 − 0.10) / 0.10 = 0.2
    expect(stats([[1_000, 100], [1_000, 120]]).perVariant[1]!.uplift).toBeCloseTo(0.2, 12);
    expect(stats([[1_000, 0], [1_000, 120]]).perVariant[1]!.uplift).toBeNull();
  });

  it('matches the log-normal interval computed with scipy digamma/polygamma', () => {
    // 120/1000 vs 100/1000: mean ψ(121) − ψ(1002) − ψ(101) + ψ(1002) = 0.181491, variance 0.0162519;
    // exp(0.181491 ± 1.959964 · 0.127483) − 1.
    const [low, high] = interval([1_000, 120], [1_000, 100]);
    expect(low).toBeCloseTo(-0.066086, 5);
    expect(high).toBeCloseTo(0.539338, 5);
  });

  it('equals the delta method on log(p_v / p_c) for a large sample', () => {
    // 5500/100000 vs 5000/100000: posterior means 5501/100002 and 5001/100002, log ratio ln(5501/5001) = 0.095292;
    // Var ln p ≈ β / (α(α+β+1)): 94501/(5501·100003) + 95001/(5001·100003) = 1.71784e-4 + 1.89958e-4 = 3.61742e-4,
    // sd 0.0190195; exp(0.095292 ± 1.959964 · 0.0190195) − 1 = [0.059730, 0.141758].
    const [low, high] = interval([100_000, 5_500], [100_000, 5_000]);
    expect(Math.abs(low - 0.05973)).toBeLessThan(1e-4);
    expect(Math.abs(high - 0.141758)).toBeLessThan(1e-4);
  });

  it('covers 95% of a seeded Monte Carlo of the posteriors, about 2.5% outside each end', () => {
    // 200,000 draws: the standard error of a 2.5% share is 0.00035, so ±0.005 is approximation error, not noise.
    const cases: [[number, number], [number, number]][] = [[[1_000, 30], [1_000, 25]], [[1_000, 120], [1_000, 100]], [[200, 12], [200, 20]]];
    for (const [variant, control] of cases) {
      const { below, inside, above } = monteCarloCoverage(variant, control, interval(variant, control));
      expect(Math.abs(inside - 0.95)).toBeLessThan(0.005);
      expect(Math.abs(below - 0.025)).toBeLessThan(0.005);
      expect(Math.abs(above - 0.025)).toBeLessThan(0.005);
    }
  });

  it('contains the observed uplift and narrows about √10-fold with ten times the sessions', () => {
    const widths = [1_000, 10_000, 100_000].map((n) => {
      const [low, high] = interval([n, 0.12 * n], [n, 0.1 * n]);
      expect(low).toBeLessThan(0.2);
      expect(high).toBeGreaterThan(0.2);
      return high - low;
    });
    expect(widths[0] / widths[1]).toBeGreaterThan(2.8);
    expect(widths[1] / widths[2]).toBeGreaterThan(3);
    expect(widths[1] / widths[2]).toBeLessThan(3.3);
  });

  it('never goes below −100%, even for a variant with no conversions', () => {
    const [low, high] = interval([1_000, 0], [1_000, 50]);
    expect(low).toBeGreaterThan(-1);
    expect(high).toBeLessThan(0);
  });
});

describe('sample ratio mismatch', () => {
  it('gives the chi-square p-value of the split, checked against erfc and exp closed forms', () => {
    // 5000 vs 5300: expected 5150 each; χ² = 2 · 150² / 5150 = 8.737864; df 1: p = erfc(√(χ²/2)) = 0.0031167.
    expect(stats([[5_000, 250], [5_300, 270]]).sample_ratio_p_value).toBeCloseTo(0.0031167, 6);
    // df 2: p = exp(−χ²/2). 1000, 1000, 1060: expected 1020; χ² = (400 + 400 + 1600) / 1020 = 2.352941; p = 0.308365.
    expect(stats([[1_000, 50], [1_000, 50], [1_060, 50]]).sample_ratio_p_value).toBeCloseTo(0.308365, 5);
    // df 3 (scipy.stats.chisquare): 1000, 1050, 980, 1010 → χ² = 2.574257, p = 0.462020.
    expect(stats([[1_000, 50], [1_050, 50], [980, 50], [1_010, 50]]).sample_ratio_p_value).toBeCloseTo(0.46202, 5);
  });

  it('flags p < 0.001 and refuses to call a winner on a broken split', () => {
    // 5000 vs 5340: χ² = 2 · 170² / 5170 = 11.1799 > 10.828 (df 1 critical value at 0.001); p = 0.00082689.
    const result = stats([[5_000, 250], [5_340, 400]]);
    expect(result.sample_ratio_p_value).toBeCloseTo(0.00082689, 7);
    expect(result.sample_ratio_mismatch).toBe(true);
    expect(result.perVariant[1]!.chance_to_beat_control).toBeGreaterThan(0.999);
    expect(result.can_call_winner).toBe(false);
    expect(result.winner_index).toBeNull();
    expect(result.estimated_days_to_call).toBeNull();
    expect(result.verdict).toBe("Sample ratio mismatch (p = 0.0008): sessions are not split evenly, so results can't be trusted — check the redirect or targeting.");
    // 1000, 1000, 1200: expected 3200/3; χ² = (2 · 66.67² + 133.33²) / 1066.67 = 25; p = e^−12.5 = 3.7e-6.
    const three = stats([[1_000, 50], [1_000, 50], [1_200, 60]]);
    expect(three.sample_ratio_p_value).toBeCloseTo(Math.exp(-12.5), 9);
    expect(three.verdict).toMatch(/^Sample ratio mismatch \(p < 0\.0001\)/);
  });

  it('does not flag a normal imbalance (500 vs 560: χ² = 3.396, p = 0.0653)', () => {
    const result = stats([[500, 25], [560, 28]]);
    expect(result.sample_ratio_p_value).toBeCloseTo(0.065346, 5);
    expect(result.sample_ratio_mismatch).toBe(false);
  });
});

describe('winner, required sample and verdict', () => {
  it('calls a clear winner once the classical sample for the observed effect is in', () => {
    // 5% vs 6%: p̄ = 0.055; (1.959964·√(2·0.055·0.945) + 0.841621·√(0.05·0.95 + 0.06·0.94))² / 0.01² = 8157.7 → 8158.
    const result = stats([[10_000, 500], [10_000, 600]]);
    expect(result.min_sessions_per_variant).toBe(8158);
    expect(result.perVariant[1]!.chance_to_beat_control).toBeCloseTo(0.99903919674, 8);
    expect(result).toMatchObject({ can_call_winner: true, winner_index: 1, estimated_days_to_call: null });
    expect(result.verdict).toBe('Variant B beats Control with > 99.9% chance (+20.0% conversion rate); enough data to call it.');
  });

  it('calls the control when it beats the variant', () => {
    const result = stats([[10_000, 600], [10_000, 500]]);
    expect(result).toMatchObject({ can_call_winner: true, winner_index: 0 });
    expect(result.verdict).toBe('Control beats Variant B with > 99.9% chance (Variant B: -16.7% conversion rate); enough data to call it.');
  });

  it('waits for the classical sample and estimates the days from current traffic', () => {
    // 10% vs 12%: (1.959964·√(2·0.11·0.89) + 0.841621·√(0.09 + 0.1056))² / 0.02² = 3840.8 → 3841 (R's power.prop.test: 3841).
    expect(stats([[1_000, 100], [1_000, 120]]).min_sessions_per_variant).toBe(3841);
    // 5% vs 6% at 2000 sessions each after 4 days: 500 per arm per day; (8158 − 2000) / 500 = 12.3 → 13 days.
    const result = stats([[2_000, 100], [2_000, 120]], 4);
    expect(result.perVariant[1]!.chance_to_beat_control).toBeLessThan(0.95);
    expect(result).toMatchObject({ can_call_winner: false, winner_index: null, estimated_days_to_call: 13 });
    expect(result.verdict).toBe('No winner yet: Variant B has 91.6% chance to beat Control; about 13 more days at current traffic.');
  });

  it('does not call a 99% chance on an early sample (the 1,000-session floor)', () => {
    // 5% vs 10%: the classical size is 434.4 → 435, raised to the 1,000 floor; 400 per arm after 2 days is
    // 200 per arm per day, so (1000 − 400) / 200 = 3 days. Control also has only 20 of 25 conversions.
    const result = stats([[400, 20], [400, 40]], 2);
    expect(result.perVariant[1]!.chance_to_beat_control).toBeCloseTo(0.996359797142, 8);
    expect(result).toMatchObject({ min_sessions_per_variant: 1_000, can_call_winner: false, estimated_days_to_call: 3 });
    expect(result.verdict).toBe('No winner yet: Variant B has 99.6% chance to beat Control; about 3 more days at current traffic.');
  });

  it('waits for 25 conversions per variant', () => {
    // 1% vs 3%: classical 768 → floor 1,000, already reached. Control has 10 conversions: at its posterior
    // rate 11/1002 it needs (25 − 10) · 1002 / 11 = 1366.4 → 1367 more sessions; at 2000 / 10 / 2 = 100 per
    // arm per day that is 13.7 → 14 days.
    const result = stats([[1_000, 10], [1_000, 30]], 10);
    expect(result).toMatchObject({ min_sessions_per_variant: 1_000, can_call_winner: false, estimated_days_to_call: 14 });
    expect(result.verdict).toBe('No winner yet: Variant B has > 99.9% chance to beat Control; about 14 more days at current traffic.');
  });

  it('judges several variants against their closest rival', () => {
    // B 6.0% and C 5.9%: B beats Control but not C; sizing 5.9% vs 6.0% gives 878,442, capped at 100,000;
    // 30,000 sessions over 10 days is 1,000 per arm per day, so 90,000 more sessions take 90 days.
    const close = stats([[10_000, 500], [10_000, 600], [10_000, 590]], 10);
    expect(close).toMatchObject({ min_sessions_per_variant: 100_000, can_call_winner: false, estimated_days_to_call: 90 });
    expect(close.verdict).toBe('No winner yet: Variant B has > 99.9% chance to beat Control but only 61.7% to beat Variant C; about 90 more days at current traffic.');
    // B 7.0% vs its closest rival C 5.2%: 2773.98 → 2774 sessions per arm, all reached.
    const clear = stats([[10_000, 500], [10_000, 700], [10_000, 520]], 10);
    expect(clear).toMatchObject({ min_sessions_per_variant: 2_774, can_call_winner: true, winner_index: 1 });
    expect(clear.verdict).toBe('Variant B beats Control with > 99.9% chance (+40.0% conversion rate) and every other variant with > 99.9%; enough data to call it.');
  });

  it('says when the full sample is in but the difference is too small to call', () => {
    const result = stats([[100_000, 5_000], [100_000, 5_050]], 30);
    expect(result).toMatchObject({ min_sessions_per_variant: 100_000, can_call_winner: false, estimated_days_to_call: null });
    expect(result.verdict).toBe('No winner yet: Variant B has 69.5% chance to beat Control; with 100,000 sessions per variant, any difference is likely too small to matter.');
  });

  it('states the requirement when the traffic rate is unknown', () => {
    const result = stats([[300, 15], [300, 20]], 0);
    expect(result.estimated_days_to_call).toBeNull();
    expect(result.verdict).toMatch(/; each variant needs [\d,]+ sessions and 25 conversions before a winner can be called\.$/);
  });

  it('handles an experiment with no sessions, no conversions or an unserved variant', () => {
    const empty = stats([[0, 0], [0, 0]]);
    expect(empty).toMatchObject({ sample_ratio_p_value: null, sample_ratio_mismatch: false, winner_index: null, estimated_days_to_call: null, verdict: 'No sessions yet.' });
    expect(empty.perVariant).toEqual([null, { uplift: null, chance_to_beat_control: null, uplift_interval: null, unavailable_reason: 'no_sessions' }]);
    // 100 sessions each over 2 days: 50 per arm per day; 25 conversions at posterior rate 1/102 need 2550 sessions → 51 days.
    expect(stats([[100, 0], [100, 0]], 2).verdict).toBe('No conversions yet: every variant needs at least 25 before a winner can be called; about 51 more days at current traffic.');
    const unserved = stats([[5, 1], [0, 0]]);
    expect(unserved.verdict).toBe('No winner yet: Variant B has no sessions yet.');
    expect(unserved.perVariant[1]).toEqual({ uplift: null, chance_to_beat_control: null, uplift_interval: null, unavailable_reason: 'no_sessions' });
  });

  it('produces values the API contract accepts', () => {
    const result = stats([[10_000, 500], [10_000, 600], [10_000, 590]]);
    for (const v of result.perVariant.slice(1)) expect(variantStats.safeParse(v).success).toBe(true);
    const { perVariant: _, winner_index, ...rest } = result;
    const shape = experimentDetailResponse.shape.stats;
    expect(shape.safeParse({ ...rest, winner: winner_index === null ? null : labels[winner_index] }).success).toBe(true);
  });
});

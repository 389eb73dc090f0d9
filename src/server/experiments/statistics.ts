/**
 * Statistics of a split test, from sessions and conversions per arm (index 0 is the control).
 *
 * - uplift = (rate_v − rate_c) / rate_c with rate = conversions / sessions; null when the control rate
 *   is 0 or either arm has no sessions.
 * - chance_to_beat_control = P(p_v > p_c) for independent posteriors p ~ Beta(α, β), α = 1 + conversions,
 *   β = 1 + sessions − conversions (uniform prior). Exact, by Evan Miller's closed form ("Formulas for
 *   Bayesian A/B Testing"): P(p_v > p_c) = Σ_{i=0}^{α_v−1} exp(lnB(α_c+i, β_c+β_v) − ln(β_v+i)
 *   − lnB(1+i, β_v) − lnB(α_c, β_c)), lnB from jstat's betaln. The sum runs over whichever arm has the
 *   smaller α (P(v > c) = 1 − P(c > v)), from its largest term outwards, stopping once a term is below
 *   1e-17 of the total. Once both arms have 100,000 conversions (over 10^5 terms) the Betas are replaced
 *   by normals with their means and variances: Φ((μ_v − μ_c) / √(σ_v² + σ_c²)), off by < 1e-6 there.
 *   Null when either arm has no sessions.
 * - uplift_interval = the 2.5% and 97.5% quantiles of (p_v − p_c) / p_c, with ln(p_v / p_c) taken as
 *   normal with the exact log-moments of the Betas: mean ψ(α_v) − ψ(α_v+β_v) − ψ(α_c) + ψ(α_c+β_c),
 *   variance ψ′(α_v) − ψ′(α_v+β_v) + ψ′(α_c) − ψ′(α_c+β_c); interval exp(mean ± 1.96·sd) − 1 (the
 *   log-normal uplift GrowthBook's Bayesian engine reported). Why: deterministic and instant, never
 *   below −100%, skewed the way a ratio is; in seeded Monte Carlo checks from ~12 conversions per arm,
 *   95.0% ± 0.1% of posterior draws fall inside and 2.5% ± 0.4% beyond each end. The plain delta method
 *   (variance σ²/μ²) agrees on large samples but is far too narrow above on small ones (3/50 vs 1/50:
 *   upper end +929% against +1,633% by Monte Carlo; this gives +1,362%), and a 20,000-draw Monte Carlo
 *   costs ~40,000 Beta inverse-CDF calls per variant and moves its ends by ~0.01. Its centre, exp(mean) − 1,
 *   is the posterior's, not the observed uplift. Null when either arm has no sessions.
 * - Nothing to compare yet: chance, uplift and interval are all null while neither the variant nor
 *   the control has a conversion (`unavailable_reason: no_conversions`), and uplift and interval are
 *   null while the control has none (`no_control_conversions`); `no_sessions` when an arm has no sessions.
 * - sample_ratio_p_value = chi-square goodness of fit of sessions per arm against an even split,
 *   χ² = Σ (n_i − N/k)² / (N/k), df = k − 1, p from jstat's chisquare.cdf; sample_ratio_mismatch when
 *   p < 0.001 (the conventional SRM threshold: strict, because the check runs on every look at a test).
 * - Winner: the arm with the highest observed rate (ties go to the lower index, so the control) is
 *   called when its chance to beat every other arm, pairwise, is ≥ 95% AND every arm has at least
 *   min_sessions_per_variant sessions and 25 conversions AND there is no sample ratio mismatch (with a
 *   mismatch the split itself is broken, so no comparison can be trusted).
 * - min_sessions_per_variant = the classical sessions per arm to detect the observed difference between
 *   the leader and its closest rival with 80% power at two-sided α = 0.05, raised to at least 1,000 and
 *   capped at 100,000. Why: a Bayesian chance swings widely on small samples, and stopping the first time
 *   it crosses 95% (peeking) declares far more false winners than 5%. Requiring the sample a fixed-horizon
 *   test would need for the effect seen keeps the chance from being read before it settles; the
 *   1,000 floor and 25 conversions stop a lucky early streak (whose large observed effect implies a tiny
 *   sample) from qualifying; the cap ends tests whose difference is too small to be worth the wait (at
 *   a 5% rate, 100,000 per arm detects a ~0.3-point difference). Neither arm converting: the floor;
 *   equal non-zero rates: the cap.
 * - estimated_days_to_call = ⌈sessions still needed by the furthest-behind arm / (N / daysRunning / k)⌉,
 *   an arm needing max(min_sessions_per_variant − n, (25 − c) / ((c + 1) / (n + 2))) more: the sample,
 *   and the conversions it lacks at its posterior mean rate. Null for a complete test (its figures are
 *   frozen, no more days will come), when it can be called, with no traffic,
 *   an arm without sessions or a mismatch, and when every arm already has the required data but no arm
 *   reaches 95% (the verdict then says the difference is likely too small to matter).
 */
import { chanceToBeat, upliftInterval, type ArmCounts } from './beta-comparison.js';
import { classicalSessionsPerArm, sampleRatioPValue } from './sample-checks.js';
import { verdict } from './verdict.js';

export interface VariantCounts {
  sessions: number;
  conversions: number;
}
/** Why a variant's comparison with the control is (partly) missing; see `comparisonGap`. */
export type ComparisonGap = 'no_sessions' | 'no_conversions' | 'no_control_conversions';
export interface VariantStats {
  uplift: number | null;
  chance_to_beat_control: number | null;
  uplift_interval: [number, number] | null;
  /** Set when a figure above is null (docs/decisions.md, "Split tests: nothing to compare yet"). */
  unavailable_reason?: ComparisonGap;
}
export interface ExperimentStats {
  perVariant: (VariantStats | null)[]; // index 0 (control) is null
  sample_ratio_p_value: number | null;
  sample_ratio_mismatch: boolean;
  winner_index: number | null;
  can_call_winner: boolean;
  min_sessions_per_variant: number;
  estimated_days_to_call: number | null;
  verdict: string;
}

export const CALL_CHANCE = 0.95;
export const SRM_P_THRESHOLD = 0.001;
export const MIN_SESSIONS_FLOOR = 1_000;
export const MIN_SESSIONS_CAP = 100_000;
export const MIN_CONVERSIONS = 25;

/** Uplift, chance to beat control, sample checks, winner and a one-sentence verdict for a split test. */
export function experimentStats(
  variants: VariantCounts[],
  opts: { daysRunning: number; labels: string[]; complete?: boolean; looksForged?: boolean },
): ExperimentStats {
  const complete = opts.complete ?? false;
  const arms = variants.map(clean);
  const k = arms.length;
  const total = arms.reduce((sum, a) => sum + a.sessions, 0);
  const cache = new Map<number, number>();
  const beats = (i: number, j: number): number => {
    if (i > j) return 1 - beats(j, i);
    const key = i * k + j;
    if (!cache.has(key)) cache.set(key, chanceToBeat(arms[i], arms[j]));
    return cache.get(key)!;
  };

  const perVariant = arms.map((arm, i) => (i === 0 ? null : variantStats(arm, arms[0], () => beats(i, 0))));
  const srmP = sampleRatioPValue(arms.map((a) => a.sessions));
  const srm = srmP !== null && srmP < SRM_P_THRESHOLD;
  const allServed = k >= 2 && arms.every((a) => a.sessions > 0);
  const race = allServed ? leaderAndRival(arms, beats) : null;
  const minSessions = race ? requiredSessions(rate(arms[race.leader]), rate(arms[race.rival])) : MIN_SESSIONS_FLOOR;
  const shortfall = allServed ? sessionShortfall(arms, minSessions) : Infinity;
  const forged = opts.looksForged ?? false;
  // Traffic that looks forged (traffic-check.ts) withholds a call: the figures may not be visitors.
  const canCall = race !== null && !srm && !forged && shortfall <= 0 && race.chance >= CALL_CHANCE;
  const perArmPerDay = opts.daysRunning > 0 ? total / opts.daysRunning / k : 0;
  const days =
    complete || canCall || srm || !allServed || shortfall <= 0 || perArmPerDay === 0
      ? null
      : Math.ceil(shortfall / perArmPerDay);

  return {
    perVariant,
    sample_ratio_p_value: srmP,
    sample_ratio_mismatch: srm,
    winner_index: canCall ? race!.leader : null,
    can_call_winner: canCall,
    min_sessions_per_variant: minSessions,
    estimated_days_to_call: days,
    verdict: verdict({
      arms,
      labels: opts.labels,
      srmP,
      srm,
      forged,
      race,
      canCall,
      minSessions,
      minConversions: MIN_CONVERSIONS,
      callChance: CALL_CHANCE,
      enoughData: shortfall <= 0,
      days,
      beats,
      perVariant,
      complete,
    }),
  };
}

function clean({ sessions, conversions }: VariantCounts): ArmCounts {
  const s = Math.max(0, Math.round(sessions));
  return { sessions: s, conversions: Math.min(s, Math.max(0, Math.round(conversions))) };
}

const rate = (a: ArmCounts): number => (a.sessions > 0 ? a.conversions / a.sessions : 0);

const NOTHING = { uplift: null, chance_to_beat_control: null, uplift_interval: null };

/**
 * A variant against the control. Until either arm has converted there is nothing to compare: the
 * priors alone would say "50% chance" and an interval as wide as the prior (−95% to +2,100%), which
 * reads like a finding. Until the control converts, uplift and its interval are relative to a rate
 * nobody has seen (its upper end grows without bound), so only the chance is given.
 */
function variantStats(arm: ArmCounts, control: ArmCounts, chance: () => number): VariantStats {
  if (arm.sessions === 0 || control.sessions === 0) return { ...NOTHING, unavailable_reason: 'no_sessions' };
  if (arm.conversions === 0 && control.conversions === 0) return { ...NOTHING, unavailable_reason: 'no_conversions' };
  if (control.conversions === 0)
    return { ...NOTHING, chance_to_beat_control: chance(), unavailable_reason: 'no_control_conversions' };
  const controlRate = rate(control);
  return {
    uplift: (rate(arm) - controlRate) / controlRate,
    chance_to_beat_control: chance(),
    uplift_interval: upliftInterval(arm, control),
  };
}

export interface Race {
  leader: number;
  rival: number;
  chance: number;
}

/** The arm with the highest observed rate, its closest rival and its chance to beat that rival. */
function leaderAndRival(arms: ArmCounts[], beats: (i: number, j: number) => number): Race {
  let leader = 0;
  arms.forEach((a, i) => {
    if (rate(a) > rate(arms[leader])) leader = i;
  });
  let race: Race | null = null;
  arms.forEach((_, j) => {
    if (j === leader) return;
    const chance = beats(leader, j);
    if (!race || chance < race.chance) race = { leader, rival: j, chance };
  });
  return race!;
}

function requiredSessions(p1: number, p2: number): number {
  if (p1 === 0 && p2 === 0) return MIN_SESSIONS_FLOOR;
  return Math.min(MIN_SESSIONS_CAP, Math.max(MIN_SESSIONS_FLOOR, classicalSessionsPerArm(p1, p2)));
}

/** Sessions the furthest-behind arm still needs, at each arm's posterior mean rate (c + 1) / (n + 2). */
function sessionShortfall(arms: ArmCounts[], minSessions: number): number {
  return Math.max(
    ...arms.map((a) => {
      const forConversions =
        a.conversions >= MIN_CONVERSIONS
          ? 0
          : Math.ceil(((MIN_CONVERSIONS - a.conversions) * (a.sessions + 2)) / (a.conversions + 1));
      return Math.max(minSessions - a.sessions, forConversions);
    }),
  );
}

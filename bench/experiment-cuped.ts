import { continuousArm, type ArmSummary } from '../src/server/experiments/engine/arm-summary.js';
import { cuped, type CovariateSums } from '../src/server/experiments/engine/cuped.js';
import { decide } from '../src/server/experiments/engine/decide.js';
import { plannedVisitorsPerArm } from '../src/server/experiments/engine/plan.js';
import { median } from './experiment-power.js';
import { normal, seededRandom, type Random } from './seeded-random.js';

/**
 * (e) CUPED on time on site per visitor, the kind of metric it is for: each visitor has its own pace
 * m = exp(N(4, 0.8)) seconds (median 55 s), and each visit's time is m·exp(N(0, 0.6)). 60% of visitors
 * came in the 14 days before (their history x is one such visit), 40% are new (x = 0, h = 0). The
 * variant multiplies time by 1 + uplift. x predicts y only through who the visitor is, as real
 * history does. Values are not capped here (the product caps at the 99.5th percentile).
 */
const RETURNING = 0.6;
const visit = (random: Random, pace: number) => pace * Math.exp(0.6 * normal(random));

export interface CupedSetup {
  tests: number;
  /** Looks (days); 0: until the plan is reached, as the power run does. */
  days: number;
  visitorsPerDay: number;
  /** The variant's true relative effect (0: A/A). */
  uplift: number;
  seed: number;
}

export interface CupedFigures extends CupedSetup {
  plannedPerArm: number;
  looks: number;
  /** Tests in which the variant was called at some daily look: with CUPED, and on the plain rates. */
  calledWithCuped: number;
  calledPlain: number;
  /** The control called at some look (a wrong-way call), with CUPED. */
  controlCalledWithCuped: number;
  /** Median variance cut at the last look, and median first-call day with CUPED / plain. */
  medianVarianceReduction: number;
  medianCallDayCuped: number | null;
  medianCallDayPlain: number | null;
}

const empty = (): CovariateSums => ({ n: 0, y: 0, yy: 0, x: 0, xx: 0, h: 0, xy: 0, hy: 0 });

/** One visitor into an arm's sums. */
function addVisitor(random: Random, s: CovariateSums, lift: number) {
  const pace = Math.exp(4 + 0.8 * normal(random));
  const returning = random() < RETURNING;
  const x = returning ? visit(random, pace) : 0;
  const y = visit(random, pace) * lift;
  s.n += 1;
  s.y += y;
  s.yy += y * y;
  s.x += x;
  s.xx += x * x;
  s.xy += x * y;
  if (returning) {
    s.h += 1;
    s.hy += y;
  }
}

/** The metric's mean and variance without a variant, from a large seeded sample: the plan's baseline. */
function baseline(random: Random): { mean: number; variance: number } {
  const s = empty();
  for (let i = 0; i < 200_000; i++) addVisitor(random, s, 1);
  return { mean: s.y / s.n, variance: (s.yy - (s.y * s.y) / s.n) / (s.n - 1) };
}

export function cupedCase(setup: CupedSetup): CupedFigures {
  const { tests, visitorsPerDay, uplift, seed } = setup;
  const random = seededRandom(seed);
  // Planned as the product plans: from a baseline without CUPED, for a 10% change (the default).
  const plannedPerArm = plannedVisitorsPerArm({ ...baseline(random), binary: false }, { relativeMde: 0.1 })!;
  const looks = setup.days || Math.ceil(plannedPerArm / (visitorsPerDay / 2));
  const cutAtEnd: number[] = [];
  const callDays = { cuped: [] as number[], plain: [] as number[] };
  let controlCalledWithCuped = 0;
  for (let t = 0; t < tests; t++) {
    const arms = [empty(), empty()];
    const first = { cuped: null as number | null, plain: null as number | null };
    let wrongWay = false;
    let cut = 0;
    for (let day = 1; day <= looks; day++) {
      for (let v = 0; v < visitorsPerDay; v++) {
        const arm = random() < 0.5 ? 0 : 1;
        addVisitor(random, arms[arm], arm === 0 ? 1 : 1 + uplift);
      }
      const adjusted = cuped(arms);
      cut = adjusted.varianceReduction;
      const plain: ArmSummary[] = arms.map((a) => continuousArm(a.n, a.y, a.yy));
      const look = { daysRunning: day, plannedPerArm, sampleRatioMismatch: false, looksForged: false };
      const withCuped = decide(adjusted.arms, look).status;
      if (withCuped === 'winner') first.cuped ??= day;
      wrongWay ||= withCuped === 'control_wins';
      if (decide(plain, look).status === 'winner') first.plain ??= day;
    }
    cutAtEnd.push(cut);
    if (first.cuped !== null) callDays.cuped.push(first.cuped);
    if (first.plain !== null) callDays.plain.push(first.plain);
    controlCalledWithCuped += Number(wrongWay);
  }
  return {
    ...setup,
    plannedPerArm,
    looks,
    calledWithCuped: callDays.cuped.length,
    calledPlain: callDays.plain.length,
    controlCalledWithCuped,
    medianVarianceReduction: median(cutAtEnd) ?? 0,
    medianCallDayCuped: median(callDays.cuped),
    medianCallDayPlain: median(callDays.plain),
  };
}

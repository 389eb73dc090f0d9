import { binaryArm } from '../src/server/experiments/engine/arm-summary.js';
import { decide } from '../src/server/experiments/engine/decide.js';
import { plannedVisitorsPerArm } from '../src/server/experiments/engine/plan.js';
import { sampleRatio } from '../src/server/experiments/engine/sample-ratio.js';
import { binomial, seededRandom } from './seeded-random.js';

export interface PowerSetup {
  tests: number;
  visitorsPerDay: number;
  rate: number;
  /** The true relative effect, also the MDE the test is planned for. */
  uplift: number;
  seed: number;
}

export interface PowerFigures extends PowerSetup {
  plannedPerArm: number;
  /** Days until both arms had the plan, at most (every test runs until then). */
  maxDays: number;
  /** Tests in which the variant was called the winner at some daily look up to the plan. */
  variantCalled: number;
  /** Tests in which the control was called at some look: a call the wrong way. */
  controlCalled: number;
  /** Median day of the variant's first call, among the tests that made it. */
  medianCallDay: number | null;
}

export const median = (values: number[]) =>
  values.length === 0 ? null : [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

/** (c) A binary goal with a true relative effect, planned for that effect as its MDE, looked at daily. */
export function powerAtPlan(setup: PowerSetup): PowerFigures {
  const { tests, visitorsPerDay, rate, uplift, seed } = setup;
  const random = seededRandom(seed);
  const baseline = { mean: rate, variance: rate * (1 - rate), binary: true };
  const plannedPerArm = plannedVisitorsPerArm(baseline, { relativeMde: uplift })!;
  const callDays: number[] = [];
  let controlCalled = 0;
  let maxDays = 0;
  for (let t = 0; t < tests; t++) {
    const n = [0, 0];
    const x = [0, 0];
    let callDay: number | null = null;
    let controlCall = false;
    for (let day = 1; ; day++) {
      const first = binomial(random, visitorsPerDay, 0.5);
      n[0] += first;
      n[1] += visitorsPerDay - first;
      x[0] += binomial(random, first, rate);
      x[1] += binomial(random, visitorsPerDay - first, rate * (1 + uplift));
      const d = decide([binaryArm(n[0], x[0]), binaryArm(n[1], x[1])], {
        daysRunning: day,
        plannedPerArm,
        sampleRatioMismatch: sampleRatio(n).mismatch,
        looksForged: false,
      });
      if (d.status === 'winner') callDay ??= day;
      controlCall ||= d.status === 'control_wins';
      if (d.progress.reached) {
        maxDays = Math.max(maxDays, day);
        break;
      }
    }
    if (callDay !== null) callDays.push(callDay);
    controlCalled += Number(controlCall);
  }
  return {
    ...setup,
    plannedPerArm,
    maxDays,
    variantCalled: callDays.length,
    controlCalled,
    medianCallDay: median(callDays),
  };
}

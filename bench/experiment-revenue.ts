import { binaryArm, continuousArm } from '../src/server/experiments/engine/arm-summary.js';
import { decide } from '../src/server/experiments/engine/decide.js';
import { plannedVisitorsPerArm } from '../src/server/experiments/engine/plan.js';
import { sampleRatio } from '../src/server/experiments/engine/sample-ratio.js';
import { median } from './experiment-power.js';
import { binomial, normal, seededRandom, type Random } from './seeded-random.js';

/**
 * (d) Issue 42's revenue case: the control has more payers (4.0% against 3.4%), the variant larger
 * orders (mean 99.41 against 69), so revenue per visitor is 2.76 against 3.38 (+22%). Order values are
 * log-normal with the means and standard deviations of decide.test.ts's construction (69 ± 50 and
 * 99.41 ± 134.19). Not winsorised: the store caps the top 0.5% before the engine sees the sums.
 */
export const REVENUE_ARMS = [
  { payRate: 0.04, orderMean: 69, orderSd: 50 },
  { payRate: 0.034, orderMean: 67_600 / 680, orderSd: 134.19 },
];

export interface RevenueFigures {
  tests: number;
  visitorsPerDay: number;
  seed: number;
  plannedPerArm: number;
  maxDays: number;
  /** Tests in which revenue per visitor called the control at some look up to the plan. */
  controlCalled: number;
  /** Tests in which it called the variant by day 28 (≈ 20,000 visitors an arm, the state) and by the plan. */
  variantBy28: number;
  variantByPlan: number;
  medianCallDay: number | null;
  /** The same engine on the share of visitors who paid (what the old engine compared), by day 28. */
  payersControlBy28: number;
}

function logNormal(random: Random, mean: number, sd: number): number {
  const s2 = Math.log(1 + (sd * sd) / (mean * mean));
  return Math.exp(Math.log(mean) - s2 / 2 + Math.sqrt(s2) * normal(random));
}

export function revenueCase(setup: { tests: number; visitorsPerDay: number; seed: number }): RevenueFigures {
  const { tests, visitorsPerDay, seed } = setup;
  const random = seededRandom(seed);
  // The control's true revenue per visitor, p·m, and its variance p(m² + s²) − (p·m)²: 2.76 and 282.82.
  const [c] = REVENUE_ARMS;
  const mean = c.payRate * c.orderMean;
  const variance = c.payRate * (c.orderMean ** 2 + c.orderSd ** 2) - mean ** 2;
  const plannedPerArm = plannedVisitorsPerArm({ mean, variance })!;
  const payersPlan = plannedVisitorsPerArm({ mean: c.payRate, variance: c.payRate * (1 - c.payRate), binary: true });
  const figures = { controlCalled: 0, variantBy28: 0, variantByPlan: 0, payersControlBy28: 0 };
  const callDays: number[] = [];
  let maxDays = 0;
  for (let t = 0; t < tests; t++) {
    const n = [0, 0];
    const payers = [0, 0];
    const sum = [0, 0];
    const squares = [0, 0];
    let callDay: number | null = null;
    let controlCall = false;
    let payersControl = false;
    for (let day = 1; ; day++) {
      const first = binomial(random, visitorsPerDay, 0.5);
      [first, visitorsPerDay - first].forEach((visitors, arm) => {
        const { payRate, orderMean, orderSd } = REVENUE_ARMS[arm];
        n[arm] += visitors;
        const paid = binomial(random, visitors, payRate);
        payers[arm] += paid;
        for (let i = 0; i < paid; i++) {
          const value = logNormal(random, orderMean, orderSd);
          sum[arm] += value;
          squares[arm] += value * value;
        }
      });
      const look = { daysRunning: day, sampleRatioMismatch: sampleRatio(n).mismatch, looksForged: false };
      const d = decide([continuousArm(n[0], sum[0], squares[0]), continuousArm(n[1], sum[1], squares[1])], {
        ...look,
        plannedPerArm,
      });
      if (d.status === 'winner') callDay ??= day;
      controlCall ||= d.status === 'control_wins';
      if (day <= 28)
        payersControl ||=
          decide([binaryArm(n[0], payers[0]), binaryArm(n[1], payers[1])], { ...look, plannedPerArm: payersPlan })
            .status === 'control_wins';
      if (d.progress.reached && day >= 28) {
        maxDays = Math.max(maxDays, day);
        break;
      }
    }
    figures.controlCalled += Number(controlCall);
    figures.variantBy28 += Number(callDay !== null && callDay <= 28);
    figures.variantByPlan += Number(callDay !== null);
    figures.payersControlBy28 += Number(payersControl);
    if (callDay !== null) callDays.push(callDay);
  }
  return { ...setup, plannedPerArm, maxDays, medianCallDay: median(callDays), ...figures };
}

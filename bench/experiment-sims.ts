import { cpus } from 'node:os';
import { aaFalseWinners, srmFalseAlarms, type AaFalseWinners, type SrmFalseAlarms } from './experiment-aa.js';
import { cupedCase, type CupedFigures } from './experiment-cuped.js';
import { powerAtPlan, type PowerFigures } from './experiment-power.js';
import { revenueCase, type RevenueFigures } from './experiment-revenue.js';

export interface ExperimentSims {
  node: string;
  cpus: number;
  seconds: number;
  aa: AaFalseWinners;
  srm: SrmFalseAlarms[];
  power: PowerFigures;
  revenue: RevenueFigures;
  cuped: { aa: CupedFigures; power: CupedFigures };
}

/**
 * Every simulation of `npm run bench -- experiments`, each on its own seeded stream (seeds 42,001 to
 * 42,007), so a run is repeatable draw for draw. 1,000 visitors a day split by a fair coin is ~500 an arm.
 */
export function runExperimentSims(tests: number): ExperimentSims {
  const started = performance.now();
  const days = 28;
  const aa = aaFalseWinners({ tests, days, visitorsPerDay: 1_000, rate: 0.05, seed: 42_001 });
  const srm = [
    { sessionsPerVisitor: 1.5, seed: 42_002 },
    { sessionsPerVisitor: 2, seed: 42_003 },
  ].map((s) => srmFalseAlarms({ tests, days, visitorsPerDay: 1_000, ...s }));
  const power = powerAtPlan({ tests, visitorsPerDay: 1_000, rate: 0.05, uplift: 0.2, seed: 42_004 });
  // 1,428 a day: ≈ 20,000 visitors an arm by day 28, the figures.
  const revenue = revenueCase({ tests, visitorsPerDay: 1_428, seed: 42_005 });
  const cuped = {
    aa: cupedCase({ tests, days, visitorsPerDay: 1_000, uplift: 0, seed: 42_006 }),
    power: cupedCase({ tests, days: 0, visitorsPerDay: 1_000, uplift: 0.1, seed: 42_007 }),
  };
  return {
    node: process.version,
    cpus: cpus().length,
    seconds: (performance.now() - started) / 1000,
    aa,
    srm,
    power,
    revenue,
    cuped,
  };
}

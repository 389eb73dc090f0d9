import type { ExperimentSims } from './experiment-sims.js';

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

/** A share with its 95% Wilson interval: "0.20% (0.08–0.51%)". */
export function share(count: number, of: number): string {
  const z = 1.959964;
  const p = count / of;
  const centre = (p + (z * z) / (2 * of)) / (1 + (z * z) / of);
  const half = (z * Math.sqrt((p * (1 - p)) / of + (z * z) / (4 * of * of))) / (1 + (z * z) / of);
  const pct = (x: number) => `${(100 * Math.max(0, x)).toFixed(2)}%`;
  return `${pct(p)} (${pct(centre - half)}–${pct(centre + half)})`;
}

const verdict = (ok: boolean) => (ok ? 'met' : '**not met**');

/** docs/benchmarks.md section for one `npm run bench -- experiments` run. */
export function experimentsReport(r: ExperimentSims, when = new Date()): string {
  const { aa, power, revenue, cuped } = r;
  const cut = (c: typeof cuped.aa) => `${(100 * c.medianVarianceReduction).toFixed(1)}%`;
  const n = aa.tests;
  // The visitor split does not depend on sessions per visitor: the (b) scenarios' visitor rows are two samples of one rate.
  const pooled = r.srm.reduce((sum, s) => sum + s.visitorsAnyLook, 0);
  const pooledOf = r.srm.reduce((sum, s) => sum + s.tests, 0);
  const srmRows = r.srm.flatMap((s) => [
    `| (b) A/A, ${s.sessionsPerVisitor} sessions per visitor: sample-ratio alarm at some daily look, **visitors** counted, a chi-square at p < 0.001 (not what the product uses) | ${share(s.visitorsAnyLook, s.tests)}; last look only ${share(s.visitorsLastLook, s.tests)} | — | ${s.visitorsAnyLook / s.tests <= 0.01 ? 'within 1%' : 'above 1%'} |`,
    `| (b) the same, **sessions** counted (what the old check did) | ${share(s.sessionsAnyLook, s.tests)}; last look only ${share(s.sessionsLastLook, s.tests)} | — | shows why |`,
    `| (b) the same, the product's always-valid check (sequential-sample-ratio.ts, A = 100): visitors / sessions | ${share(s.sequentialVisitorsAnyLook, s.tests)} / ${share(s.sequentialSessionsAnyLook, s.tests)} | ≤ 1% (visitors) | ${verdict(s.sequentialVisitorsAnyLook / s.tests <= 0.01)} |`,
  ]);
  return [
    `## Experiment decisions, run of ${when.toISOString().slice(0, 16)}Z (${r.node}, ${r.cpus} CPUs, ${r.seconds.toFixed(0)} s)`,
    '',
    `\`npm run bench -- experiments\`: seeded simulations (sfc32, bench/seeded-random.ts; seeds 42,001 for (a), 42,002 and 42,003 for (b), 42,004 for (c), 42,005 for (d), 42,006 and 42,007 for (e)) ` +
      `driving the engine's own functions (src/server/experiments/engine/: \`decide\`, \`plannedVisitorsPerArm\`, \`sampleRatio\`, \`sequentialSampleRatio\`, \`cuped\`), ${fmt(n)} tests each. ` +
      'Every test is looked at once a day, from day 1, as a marketer reading the dashboard would; each visitor goes to an arm by a fair coin. ' +
      'Shares with their 95% Wilson interval.',
    '',
    '| scenario | measured | target | |',
    '|---|---|---|---|',
    `| (a) A/A, 5% conversion both arms, ${fmt(aa.visitorsPerDay)} visitors a day, ${aa.days} days, planned ${fmt(aa.plannedPerArm)} an arm (10% MDE): **false winner** at some look | ${share(aa.falseWinners, n)} | ≤ 5% | ${verdict(aa.falseWinners / n <= 0.05)} |`,
    `| (a) the same, any call (variant or control) | ${share(aa.falseCalls, n)} | ≤ 5% | ${verdict(aa.falseCalls / n <= 0.05)} |`,
    `| (a) the same data, sequence tuned to the window (planned ${fmt(aa.windowPlannedPerArm)} an arm, N* = the 28 days' visitors): false winner | ${share(aa.windowFalseWinners, n)} | ≤ 5% | ${verdict(aa.windowFalseWinners / n <= 0.05)} |`,
    `| (a) the same data, a fixed-horizon z-test (z > 1.96) read daily from day 7: false winner | ${share(aa.naiveFalseWinners, n)} | — | why peeking needs the sequence |`,
    ...srmRows,
    `| (c) **power**: 5% → 6% (+20%), planned for a 20% MDE: ${fmt(power.plannedPerArm)} an arm (${power.maxDays} days at most); variant called by the plan | ${share(power.variantCalled, power.tests)}; median call on day ${power.medianCallDay ?? '–'}; control called ${share(power.controlCalled, power.tests)} | ≥ 80% | ${verdict(power.variantCalled / power.tests >= 0.8)} |`,
    `| (d) **revenue case**: payers 4.0% vs 3.4%, orders log-normal 69 ± 50 vs 99.41 ± 134.19 (revenue per visitor 2.76 vs 3.38, +22%), ${fmt(revenue.visitorsPerDay)} visitors a day, planned ${fmt(revenue.plannedPerArm)} an arm (${revenue.maxDays} days at most): **control called** at some look | ${share(revenue.controlCalled, revenue.tests)} | ~0 | ${verdict(revenue.controlCalled === 0)} |`,
    `| (d) variant called by day 28 (≈ 20,000 an arm) / by the plan | ${share(revenue.variantBy28, revenue.tests)} / ${share(revenue.variantByPlan, revenue.tests)}; median call on day ${revenue.medianCallDay ?? '–'} | — | |`,
    `| (d) the same engine on the share who paid (the old engine's metric): control called by day 28 | ${share(revenue.payersControlBy28, revenue.tests)} | — | why revenue needs its own model |`,
    `| (e) **CUPED**, A/A on time per visitor (60% with history; bench/experiment-cuped.ts), ${fmt(cuped.aa.visitorsPerDay)} a day, ${cuped.aa.looks} days, adjusted means: false winner at some look / control called | ${share(cuped.aa.calledWithCuped, cuped.aa.tests)} / ${share(cuped.aa.controlCalledWithCuped, cuped.aa.tests)}; median variance cut ${cut(cuped.aa)} | ≤ 5% | ${verdict(cuped.aa.calledWithCuped / cuped.aa.tests <= 0.05)} |`,
    `| (e) CUPED, true +10% on time per visitor, planned without it (${fmt(cuped.power.plannedPerArm)} an arm, ${cuped.power.looks} days): variant called by the plan with CUPED / without | ${share(cuped.power.calledWithCuped, cuped.power.tests)} / ${share(cuped.power.calledPlain, cuped.power.tests)}; median cut ${cut(cuped.power)}; control called ${share(cuped.power.controlCalledWithCuped, cuped.power.tests)} | more than without | ${verdict(cuped.power.calledWithCuped > cuped.power.calledPlain)} |`,
    '',
    `The split into arms does not depend on sessions per visitor, so (b)'s two visitor rows for the chi-square are two samples of one rate: ${share(pooled, pooledOf)} together. ` +
      'Read daily, a check at p < 0.001 adds up to about 1% over 28 looks, and more over a longer test; the always-valid check holds it to at most 0.1% however often it is read.',
    '',
    'The decision: every variant against the control, Holm across variants, on always-valid p-values of the asymptotic confidence sequence ' +
      '(Waudby-Smith et al. 2023, tuned at N* = 2 × the planned visitors per arm); no call before 7 whole days or with a sample-ratio mismatch. ' +
      'A false winner counts a test once, at its first wrong call; a test keeps being looked at after a call, so later wrong-way calls are counted too.',
    '',
  ].join('\n');
}

import { binaryArm } from '../src/server/experiments/engine/arm-summary.js';
import { compare } from '../src/server/experiments/engine/compare.js';
import { decide } from '../src/server/experiments/engine/decide.js';
import { plannedVisitorsPerArm } from '../src/server/experiments/engine/plan.js';
import { sampleRatio } from '../src/server/experiments/engine/sample-ratio.js';
import { sequentialSampleRatio } from '../src/server/experiments/engine/sequential-sample-ratio.js';
import { binomial, seededRandom, sessionsOfVisitor } from './seeded-random.js';

/** Simulated A/A tests: both arms the same, so every call is a false one. */
export interface AaSetup {
  tests: number;
  days: number;
  /** Visitors a day, each sent to an arm by a fair coin (the page script's hash). */
  visitorsPerDay: number;
  rate: number;
  seed: number;
}

export interface AaFalseWinners extends AaSetup {
  plannedPerArm: number;
  /** Tests in which `decide` named the variant the winner at some daily look. */
  falseWinners: number;
  /** Tests in which it called anything (the variant or the control). */
  falseCalls: number;
  /** The same, with the sequence tuned to the window's own traffic (N* = the 28 days' visitors). */
  windowPlannedPerArm: number;
  windowFalseWinners: number;
  /** A fixed-horizon z-test (variant better at z > 1.96) read at the same looks: what peeking does. */
  naiveFalseWinners: number;
}

/** (a) A binary goal at `rate` in both arms, looked at daily through `decide`, from day 1. */
export function aaFalseWinners(setup: AaSetup): AaFalseWinners {
  const { tests, days, visitorsPerDay, rate, seed } = setup;
  const random = seededRandom(seed);
  const plannedPerArm = plannedVisitorsPerArm({ mean: rate, variance: rate * (1 - rate), binary: true })!;
  const windowPlannedPerArm = (visitorsPerDay / 2) * days;
  const totals = { falseWinners: 0, falseCalls: 0, windowFalseWinners: 0, naiveFalseWinners: 0 };
  for (let t = 0; t < tests; t++) {
    const n = [0, 0];
    const x = [0, 0];
    const seen = { winner: false, call: false, window: false, naive: false };
    for (let day = 1; day <= days; day++) {
      const first = binomial(random, visitorsPerDay, 0.5);
      n[0] += first;
      n[1] += visitorsPerDay - first;
      x[0] += binomial(random, first, rate);
      x[1] += binomial(random, visitorsPerDay - first, rate);
      const arms = [binaryArm(n[0], x[0]), binaryArm(n[1], x[1])];
      const look = { daysRunning: day, sampleRatioMismatch: sampleRatio(n).mismatch, looksForged: false };
      const status = decide(arms, { ...look, plannedPerArm }).status;
      seen.winner ||= status === 'winner';
      seen.call ||= status === 'winner' || status === 'control_wins';
      seen.window ||= decide(arms, { ...look, plannedPerArm: windowPlannedPerArm }).status === 'winner';
      const c = compare(arms[0], arms[1]);
      seen.naive ||= day >= 7 && c.difference / c.standardError > 1.959964;
    }
    totals.falseWinners += Number(seen.winner);
    totals.falseCalls += Number(seen.call);
    totals.windowFalseWinners += Number(seen.window);
    totals.naiveFalseWinners += Number(seen.naive);
  }
  return { ...setup, plannedPerArm, windowPlannedPerArm, ...totals };
}

export interface SrmFalseAlarms {
  tests: number;
  days: number;
  visitorsPerDay: number;
  sessionsPerVisitor: number;
  seed: number;
  /** Tests flagged at some daily look, and at the last look only, counting visitors. */
  visitorsAnyLook: number;
  visitorsLastLook: number;
  /** The same counting sessions. */
  sessionsAnyLook: number;
  sessionsLastLook: number;
  /** At some daily look by the always-valid check (sequential-sample-ratio.ts), visitors and sessions. */
  sequentialVisitorsAnyLook: number;
  sequentialSessionsAnyLook: number;
}

/** (b) A perfect visitor split whose visitors come back for `sessionsPerVisitor` sessions on average. */
export function srmFalseAlarms(setup: Omit<AaSetup, 'rate'> & { sessionsPerVisitor: number }): SrmFalseAlarms {
  const { tests, days, visitorsPerDay, sessionsPerVisitor, seed } = setup;
  const random = seededRandom(seed);
  const totals = {
    visitorsAnyLook: 0,
    visitorsLastLook: 0,
    sessionsAnyLook: 0,
    sessionsLastLook: 0,
    sequentialVisitorsAnyLook: 0,
    sequentialSessionsAnyLook: 0,
  };
  for (let t = 0; t < tests; t++) {
    const visitors = [0, 0];
    const sessions = [0, 0];
    const flagged = { visitors: false, sessions: false, sequentialVisitors: false, sequentialSessions: false };
    for (let day = 1; day <= days; day++) {
      for (let i = 0; i < visitorsPerDay; i++) {
        const arm = random() < 0.5 ? 0 : 1;
        visitors[arm]++;
        sessions[arm] += sessionsOfVisitor(random, sessionsPerVisitor);
      }
      flagged.visitors ||= sampleRatio(visitors).mismatch;
      flagged.sessions ||= sampleRatio(sessions).mismatch;
      flagged.sequentialVisitors ||= sequentialSampleRatio(visitors).mismatch;
      flagged.sequentialSessions ||= sequentialSampleRatio(sessions).mismatch;
    }
    totals.visitorsAnyLook += Number(flagged.visitors);
    totals.sessionsAnyLook += Number(flagged.sessions);
    totals.sequentialVisitorsAnyLook += Number(flagged.sequentialVisitors);
    totals.sequentialSessionsAnyLook += Number(flagged.sequentialSessions);
    totals.visitorsLastLook += Number(sampleRatio(visitors).mismatch);
    totals.sessionsLastLook += Number(sampleRatio(sessions).mismatch);
  }
  return { ...setup, ...totals };
}

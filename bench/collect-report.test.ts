import { describe, expect, it } from 'vitest';
import type { CollectBenchResult, LoadFigures } from './collect-load.js';
import { collectReportLines } from './collect-report.js';

const figures = (over: Partial<LoadFigures>): LoadFigures => ({
  eventsPerRequest: 1,
  connections: 256,
  seconds: 10,
  eventsPerSecMedian: 4692.5,
  eventsPerSecMean: 4489,
  requestsPerSecMedian: 4692.5,
  latencyMs: { p50: 51, p99: 127, max: 167 },
  accepted: 53_996,
  stored: 53_996,
  refused: 0,
  errors: 0,
  ...over,
});
const result: CollectBenchResult = {
  node: 'v20.20.2',
  cpus: 2,
  single: figures({}),
  batched: figures({
    eventsPerRequest: 50,
    connections: 64,
    eventsPerSecMedian: 24_525,
    requestsPerSecMedian: 490.5,
    accepted: 320_750,
    stored: 320_750,
  }),
  sigtermExitCode: 0,
  durability: {
    eventsPerRequest: 50,
    connections: 64,
    killedAfterMs: 3003,
    accepted: 64_000,
    stored: 64_050,
    maxInFlight: 64,
    restartHealthy: true,
  },
  restartExitCode: 0,
  serverPeakRssMb: 473.3,
};

describe('collectReportLines', () => {
  it('gives one table row per body shape and says whether every accepted event survived the kill', () => {
    const text = collectReportLines(result, new Date('2026-11-21T19:20:00Z')).join('\n');
    expect(text).toContain('## Collect, run of 2026-11-21T19:20Z (v20.20.2, 2 CPUs)');
    expect(text).toContain('| single event | 1 | 256 | 4,693 | 4,693 | 51 / 127 | 53,996 / 53,996 (equal) |');
    expect(text).toContain('| batch | 50 | 64 | 24,525 | 491 | 51 / 127 | 320,750 / 320,750 (equal) |');
    expect(text).toContain(
      '64,000 events answered 202 before the kill, 64,050 stored after the restart — every accepted event present; 50 more',
    );
  });

  it('flags a lost event and a count that differs', () => {
    const bad = {
      ...result,
      batched: { ...result.batched, stored: 320_700 },
      durability: { ...result.durability, stored: 63_950 },
    };
    const text = collectReportLines(bad).join('\n');
    expect(text).toContain('(**differs by -50**)');
    expect(text).toContain('**50 accepted events missing**');
  });
});

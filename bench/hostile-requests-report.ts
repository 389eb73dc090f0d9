import { fmt, HEALTH_GOAL_MS, ms, probeRow, statuses } from './hostile-load-report.js';
import { PROBE_EVERY_MS } from './hostile-load.js';
import type { HostileRequestsResult } from './hostile-requests.js';

/** docs/benchmarks.md section for one `npm run bench -- hostile` run. */
export function hostileRequestsReport(r: HostileRequestsResult, when = new Date()): string {
  const met = r.underLoad.failed === 0 && r.underLoad.p99Ms <= HEALTH_GOAL_MS;
  return [
    `## Hostile requests, run of ${when.toISOString().slice(0, 16)}Z (${r.node}, ${r.cpus} CPUs)`,
    '',
    `\`npm run bench -- hostile\`: \`npm start\`'s server with its default limits and report budget on the demo data, all on loopback. ` +
      `For ${r.seconds} s, every kind of request below at once, each on its own connections from 127.0.0.1 with the demo key; ` +
      `/healthz from 127.0.0.10 (a monitor elsewhere), a fresh connection every ${PROBE_EVERY_MS} ms, timed in its own process. ` +
      (r.nice > 0 ? `The load generators run at nice ${r.nice}. ` : '') +
      `Load average ${r.loadAverage.toFixed(1)} as they started.`,
    '',
    '| request | connections | answers | requests/s | median, ms | p99, ms |',
    '|---|---:|---|---:|---:|---:|',
    ...r.kinds.map(
      (k) =>
        `| **${k.name}**: ${k.what} | ${k.figures.connections} | ${statuses(k.figures)} | ${fmt(k.figures.requestsPerSec)} | ${ms(k.figures.latency?.medianMs)} | ${ms(k.figures.latency?.p99Ms)} |`,
    ),
    '',
    '| /healthz | probes | median, ms | p99, ms | max, ms | failed |',
    '|---|---:|---:|---:|---:|---:|',
    probeRow('alone (10 s)', r.alone),
    probeRow(`under the hostile requests (${r.seconds} s)`, r.underLoad),
    '',
    `Goal: /healthz within ${HEALTH_GOAL_MS} ms at p99 while they run, none failed — ${met ? 'met' : '**not met**'}.`,
    '',
  ].join('\n');
}

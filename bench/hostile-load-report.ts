import type { CannonFigures, ProbeFigures } from './floods.js';
import { PROBE_EVERY_MS, type HostileLoadResult } from './hostile-load.js';

/** The goal of issue 9: /healthz answers within this while the floods run. */
export const HEALTH_GOAL_MS = 100;

export const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
export const ms = (n: number | undefined) => (n !== undefined && Number.isFinite(n) ? n.toFixed(1) : '–');
/** A /healthz table row: probes, median, p99, max and failures. */
export const probeRow = (phase: string, p: ProbeFigures) =>
  `| ${phase} | ${p.probes} | ${ms(p.medianMs)} | ${ms(p.p99Ms)} | ${ms(p.maxMs)} | ${p.failed} |`;
/** What a flood got back: "4,349 × 429, 195 × 400". */
export const statuses = (c: CannonFigures) =>
  Object.entries(c.statuses)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([s, n]) => `${fmt(n)} × ${s}`)
    .join(', ') || 'no answer';

/** docs/benchmarks.md section for one `npm run bench -- load` run. */
export function hostileLoadReport(r: HostileLoadResult, when = new Date()): string {
  const met = r.underLoad.failed === 0 && r.underLoad.p99Ms <= HEALTH_GOAL_MS;
  const s = r.slow;
  return [
    `## Slow clients and floods, run of ${when.toISOString().slice(0, 16)}Z (${r.node}, ${r.cpus} CPUs)`,
    '',
    `\`npm run bench -- load\`: \`npm start\`'s server with its default limits on the demo data, all on loopback. ` +
      `\`${r.property}\` runs ${r.runningTests} split tests at the size caps, filled with random text so compression cannot help (one more: ${r.overCapStatus}); ` +
      `its \`/sightline.js?p=\` is ${fmt(r.script.identityBytes / 1024)} KB, ${fmt(r.script.brotliBytes / 1024)} KB as brotli. For ${r.seconds} s at once:`,
    '',
    `- **slow clients**: ${fmt(s.connections)} connections from ${s.addresses} addresses (127.0.0.2 on), each sending a header that never ends, one byte every 2 s, and reopening when cut: ` +
      `at most ${fmt(s.heldAtMost)} held at once, ${fmt(s.refused)} closed on arrival (256 per address), ${fmt(s.cut408)} cut with a 408 at the 10 s header deadline, ${fmt(s.otherClosed)} closed otherwise;`,
    `- **collect flood** from 127.0.0.1: ${r.collect.connections} connections of single events, ${fmt(r.collect.requestsPerSec)} requests/s: ${statuses(r.collect)}; ${r.collect.errors} connection errors;`,
    `- **script downloads** from 127.0.0.1: ${r.scriptFlood.connections} connections of \`/sightline.js?p=${r.property}\` with \`Accept-Encoding: gzip, deflate, br\`, ` +
      `${fmt(r.scriptFlood.requestsPerSec)}/s (${fmt(r.scriptFlood.bytes / 1024 / 1024 / r.seconds)} MB/s): ${statuses(r.scriptFlood)}.`,
    '',
    `/healthz from 127.0.0.10 (a monitor elsewhere), a fresh connection every ${PROBE_EVERY_MS} ms, timed in its own process. ` +
      (r.nice > 0
        ? `The load generators run at nice ${r.nice}, as a remote attacker's work would not run on the server's CPUs; the server and the probe at normal priority. `
        : 'The load generators run at the same priority as the server and take their share of its CPUs. ') +
      `The machine's load average was ${r.loadAverage.toFixed(1)} as the floods started (other work shares its ${r.cpus} CPUs).`,
    '',
    '| phase | probes | median, ms | p99, ms | max, ms | failed |',
    '|---|---:|---:|---:|---:|---:|',
    probeRow('alone (10 s)', r.alone),
    probeRow(`under the floods (${r.seconds} s)`, r.underLoad),
    '',
    `Goal: /healthz within ${HEALTH_GOAL_MS} ms at p99 under the floods, none failed — ${met ? 'met' : '**not met**'}.`,
    '',
  ].join('\n');
}

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { CollectBenchResult, LoadFigures } from './collect-load.js';

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

function row(name: string, f: LoadFigures): string {
  const same = f.stored === f.accepted ? 'equal' : `**differs by ${fmt(f.stored - f.accepted)}**`;
  return `| ${name} | ${f.eventsPerRequest} | ${f.connections} | ${fmt(f.eventsPerSecMedian)} | ${fmt(f.requestsPerSecMedian)} | ${f.latencyMs.p50} / ${f.latencyMs.p99} | ${fmt(f.accepted)} / ${fmt(f.stored)} (${same}) |`;
}

/** docs/benchmarks.md section for one `npm run bench -- collect` run. */
export function collectReportLines(r: CollectBenchResult, when = new Date()): string[] {
  const d = r.durability;
  const allThere = d.stored >= d.accepted;
  return [
    `## Collect, run of ${when.toISOString().slice(0, 16)}Z (${r.node}, ${r.cpus} CPUs)`,
    '',
    `POST /api/collect on loopback against \`npm start\`'s server (DuckDB store; 5 ms group commit into the collect inbox, written into the report tables behind it), driven by autocannon on the same machine. ` +
      `${r.single.seconds.toFixed(0)} s per phase after a warm-up; events/s is the median of one-second samples of events answered 202. ` +
      'Each connection waits for its last answer before the run ends, so accepted and stored must be equal.',
    '',
    '| bodies | events per request | connections | events/s (median) | requests/s | latency p50 / p99, ms | accepted / stored |',
    '|---|---:|---:|---:|---:|---:|---|',
    row('single event', r.single),
    row('batch', r.batched),
    '',
    `SIGTERM after the load: exit code ${r.sigtermExitCode}. Non-202 answers: ${r.single.refused + r.batched.refused}; connection errors: ${r.single.errors + r.batched.errors}. Server peak RSS ${fmt(r.serverPeakRssMb)} MB.`,
    '',
    `Durability: batches of ${d.eventsPerRequest} on ${d.connections} connections, \`kill -9\` after ${(d.killedAfterMs / 1000).toFixed(1)} s, restart on the same DATA_DIR ` +
      `(${d.restartHealthy ? 'store opened, /healthz 200' : '**restart unhealthy**'}; SIGTERM exit code ${r.restartExitCode}): ` +
      `${fmt(d.accepted)} events answered 202 before the kill, ${fmt(d.stored)} stored after the restart — ` +
      (allThere
        ? `every accepted event present; ${fmt(d.stored - d.accepted)} more were committed but their answers died with the server (at most ${d.maxInFlight} requests were in flight).`
        : `**${fmt(d.accepted - d.stored)} accepted events missing**.`),
    '',
  ];
}

// The heading bench/run.ts writes; kept identical so either run can go first in the file.
const HEAD =
  '# Benchmarks\n\nProduced by `npm run bench`; newest run first. Figures are medians of one run on the machine named in the heading.\n\n';

/** Puts a section first in docs/benchmarks.md (newest first, as bench/run.ts does) and returns it. */
export function prependSection(section: string, file = 'docs/benchmarks.md'): string {
  const previous = existsSync(file) ? readFileSync(file, 'utf8').replace(HEAD, '') : '';
  writeFileSync(file, HEAD + section + '\n' + previous);
  return section;
}

/** Puts the run's section first in docs/benchmarks.md and returns it. */
export function writeCollectReport(r: CollectBenchResult, file = 'docs/benchmarks.md'): string {
  return prependSection(collectReportLines(r).join('\n'), file);
}

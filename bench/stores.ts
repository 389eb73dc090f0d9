import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureEndpoints, type Latency } from './api-latency.js';
import { measureBareSql } from './bare-sql.js';
import { BENCH_PROPERTY } from './bench-store.js';
import { cli, peakRssMb, sigterm, startServer } from './server-process.js';

/**
 * `npm run bench -- stores`: the same seeded data in the embedded store (DuckDB) and the ClickHouse
 * store (on chDB, the engine in-process: `CLICKHOUSE_URL=chdb:DIR`), each loaded and served exactly
 * as a user would (the CLI's `seed`, then `npm start`'s server), timed over HTTP; beside each report,
 * the bare query that answers the same figure on the same files, without HTTP.
 */
export interface StoreRun {
  store: 'duckdb' | 'clickhouse';
  events: number;
  loadSeconds: number;
  bytesOnDisk: number;
  rssMb: number;
  latencies: Latency[];
  bare: Map<string, number>;
}

function envFor(store: StoreRun['store'], dir: string): Record<string, string> {
  return store === 'clickhouse' ? { STORE: 'clickhouse', CLICKHOUSE_URL: `chdb:${join(dir, 'ch')}` } : {};
}

function clickhouseBare(dir: string, start: string, end: string, runs: number): Map<string, number> {
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', 'bench/clickhouse-bare.ts', join(dir, 'ch'), BENCH_PROPERTY, start, end, String(runs)],
    { encoding: 'utf8', maxBuffer: 1 << 20 },
  );
  return new Map(Object.entries(JSON.parse(out.trim().split('\n').pop()!) as Record<string, number>));
}

export async function benchStore(
  store: StoreRun['store'],
  events: number,
  days: number,
  end: Date,
  range: { start: string; end: string },
  runs: number,
): Promise<StoreRun> {
  const dir = mkdtempSync(join(tmpdir(), `sightline-${store}-${events}-`));
  const env = envFor(store, dir);
  try {
    await cli(
      dir,
      ['properties', 'create', '--id', BENCH_PROPERTY, '--name', 'Bench', '--timezone', 'America/New_York'],
      env,
    );
    await cli(dir, ['properties', 'create', '--id', `${BENCH_PROPERTY}-2`, '--name', 'Bench 2'], env);
    const started = performance.now();
    await cli(
      dir,
      [
        'seed',
        '--property',
        BENCH_PROPERTY,
        '--events',
        String(events),
        '--days',
        String(days),
        '--seed',
        '7',
        '--end',
        end.toISOString(),
      ],
      env,
    );
    const loadSeconds = (performance.now() - started) / 1000;
    const key = (
      await cli(
        dir,
        ['keys', 'create', '--properties', `${BENCH_PROPERTY},${BENCH_PROPERTY}-2`, '--permissions', 'metrics'],
        env,
      )
    )
      .trim()
      .split('\n')
      .pop()!;
    const bytesOnDisk = Number(spawnSync('du', ['-sb', dir], { encoding: 'utf8' }).stdout.split('\t')[0]);
    const server = await startServer(dir, { ...env, RATE_LIMIT_PER_MINUTE: '1000000' });
    let latencies: Latency[];
    let rssMb: number;
    try {
      latencies = await measureEndpoints(server.url, key, range.start, range.end, runs);
      rssMb = peakRssMb(server.pid);
    } finally {
      await sigterm(server);
    }
    const bare =
      store === 'clickhouse'
        ? clickhouseBare(dir, range.start, range.end, runs)
        : await measureBareSql(dir, BENCH_PROPERTY, range.start, range.end, runs);
    return { store, events, loadSeconds, bytesOnDisk, rssMb, latencies, bare };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Issue 10's other floor: the embedded store's endpoint beside ClickHouse's bare query for the same
 * figure on the same events (goal: the embedded store faster), from the first DuckDB and ClickHouse
 * runs of the same size.
 */
function embeddedBesideClickhouse(runs: StoreRun[]): string[] {
  const duck = runs.find((r) => r.store === 'duckdb');
  const ch = runs.find((r) => r.store === 'clickhouse' && r.events === duck?.events);
  if (!duck || !ch) return [];
  return [
    `The embedded store beside ClickHouse answering the same figure on the same ${fmt(duck.events)} events (its bare query, no HTTP): "×" is ClickHouse's time over the embedded store's (above 1: the embedded store is faster).`,
    '',
    '| figure | DuckDB endpoint | ClickHouse bare | × |',
    '|---|---:|---:|---:|',
    ...[...ch.bare.keys()].map((name) => {
      const ours = duck.latencies.find((l) => l.endpoint === name)?.median ?? NaN;
      const theirs = ch.bare.get(name) ?? NaN;
      return `| ${name} | ${ours.toFixed(0)} | ${theirs.toFixed(0)} | ${(theirs / ours).toFixed(2)}× |`;
    }),
    '',
  ];
}

const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 0 });

/** The report section: latencies side by side, the ClickHouse floor and ratio, and load, disk and memory. */
export function storesReport(
  runs: StoreRun[],
  range: { start: string; end: string },
  requestsPerEndpoint: number,
): string {
  const head = runs.map((r) => `${r.store === 'duckdb' ? 'DuckDB' : 'ClickHouse'} ${fmt(r.events)}`);
  const ch = runs.filter((r) => r.store === 'clickhouse');
  const lines = [
    `## Stores run of ${new Date().toISOString().slice(0, 16)}Z (${process.version}, ${requestsPerEndpoint} requests per endpoint)`,
    '',
    `The same seeded events (\`npm run cli -- seed\`, seed 7) in each store, range ${range.start} to ${range.end} in America/New_York; ClickHouse is chDB (ClickHouse 26 in-process, \`CLICKHOUSE_URL=chdb:DIR\`). Median (p95) ms over HTTP against the real server.`,
    '',
    `| endpoint | ${head.join(' | ')} |`,
    `|---|${head.map(() => '---:').join('|')}|`,
    ...runs[0].latencies.map(
      (l, i) =>
        `| ${l.endpoint} | ${runs.map((r) => `${r.latencies[i].median.toFixed(0)} (${r.latencies[i].p95.toFixed(0)})`).join(' | ')} |`,
    ),
    '',
    `The floor: the bare exact query answering the same figure on the same files, no HTTP (DuckDB: bench/bare-sql.ts; ClickHouse: bench/clickhouse-bare.ts, Plausible-style: \`uniqExact\`, \`windowFunnel\`, sorted \`groupArray\`). "÷ floor" is Sightline's endpoint over the bare query on the same store (goal on ClickHouse ≤ 1.5×).`,
    '',
    `| figure | ${runs.map((r) => `${r.store === 'duckdb' ? 'DuckDB' : 'ClickHouse'} ${fmt(r.events)}: endpoint | bare | ÷ floor`).join(' | ')} |`,
    `|---|${runs.map(() => '---:|---:|---:').join('|')}|`,
    ...[...runs[0].bare.keys()].map(
      (name) =>
        `| ${name} | ${runs
          .map((r) => {
            const ours = r.latencies.find((l) => l.endpoint === name)?.median ?? NaN;
            const floor = r.bare.get(name) ?? NaN;
            return `${ours.toFixed(0)} | ${floor.toFixed(0)} | ${(ours / floor).toFixed(2)}×`;
          })
          .join(' | ')} |`,
    ),
    '',
    ...embeddedBesideClickhouse(runs),
    `| | ${head.join(' | ')} |`,
    `|---|${head.map(() => '---:').join('|')}|`,
    `| load (CLI seed: generate + write), s | ${runs.map((r) => r.loadSeconds.toFixed(0)).join(' | ')} |`,
    `| load rate, events/s | ${runs.map((r) => fmt(r.events / r.loadSeconds)).join(' | ')} |`,
    `| bytes on disk, MB | ${runs.map((r) => fmt(r.bytesOnDisk / 1e6)).join(' | ')} |`,
    `| server peak RSS, MB | ${runs.map((r) => fmt(r.rssMb)).join(' | ')} |`,
    '',
  ];
  if (ch.length === 0) lines.push('(no ClickHouse run)');
  return lines.join('\n');
}

import { rmSync, writeFileSync, readFileSync, existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { measureEndpoints, peakRssMb, startServer, type Latency } from './api-latency.js';
import { eventsInRange, measureBareSql } from './bare-sql.js';
import { BENCH_PROPERTY, importThroughput, seededStore } from './bench-store.js';
import { canMeasurePages, measureTrafficPage, type PageLoad } from './dashboard-load.js';
import { runCollectBench } from './collect-load.js';
import { prependSection, writeCollectReport } from './collect-report.js';
import { runHostileLoad } from './hostile-load.js';
import { hostileLoadReport } from './hostile-load-report.js';
import { runHostileRequests } from './hostile-requests.js';
import { hostileRequestsReport } from './hostile-requests-report.js';
import { runExperimentSims } from './experiment-sims.js';
import { experimentsReport } from './experiments-report.js';

// `npm run bench -- collect`: ingestion throughput and durability instead of the report latencies.
if (process.argv[2] === 'collect') {
  console.log(writeCollectReport(await runCollectBench()));
  process.exit(0);
}

// `npm run bench -- load [--seconds 20 --slow 4000 --nice 10]`: /healthz under slow clients, a collect flood and script downloads.
if (process.argv[2] === 'load') {
  const args = parseArgs({
    args: process.argv.slice(3),
    options: { seconds: { type: 'string' }, slow: { type: 'string' }, nice: { type: 'string' } },
  }).values;
  const result = await runHostileLoad({
    seconds: Number(args.seconds ?? 20),
    slowConnections: Number(args.slow ?? 4_000),
    nice: Number(args.nice ?? 10),
  });
  console.log(prependSection(hostileLoadReport(result)));
  process.exit(0);
}

// `npm run bench -- hostile [--seconds 20 --connections 2 --nice 10]`: /healthz while the second attack's requests run.
if (process.argv[2] === 'hostile') {
  const args = parseArgs({
    args: process.argv.slice(3),
    options: { seconds: { type: 'string' }, connections: { type: 'string' }, nice: { type: 'string' } },
  }).values;
  const result = await runHostileRequests({
    seconds: Number(args.seconds ?? 20),
    connections: Number(args.connections ?? 2),
    nice: Number(args.nice ?? 10),
  });
  console.log(prependSection(hostileRequestsReport(result)));
  process.exit(0);
}

// `npm run bench -- experiments [--tests 2000]`: the decision engine's false winners, sample-ratio alarms and power, simulated.
if (process.argv[2] === 'experiments') {
  const args = parseArgs({ args: process.argv.slice(3), options: { tests: { type: 'string' } } }).values;
  console.log(prependSection(experimentsReport(runExperimentSims(Number(args.tests ?? 2_000)))));
  process.exit(0);
}

// The dashboard the server serves is the built one (dist/), as under `npm start`.
async function buildDashboard() {
  const { build } = await import('vite');
  await build({ logLevel: 'warn' });
}

const REPORT_FILE = 'docs/benchmarks.md';
const REPORT_HEAD =
  '# Benchmarks\n\nProduced by `npm run bench`; newest run first. Figures are medians of one run on the machine named in the heading.\n\n';
/** Puts a run's section at the top of docs/benchmarks.md, under the heading. */
function appendReport(report: string) {
  const previous = existsSync(REPORT_FILE) ? readFileSync(REPORT_FILE, 'utf8').replace(REPORT_HEAD, '') : '';
  writeFileSync(REPORT_FILE, REPORT_HEAD + report + '\n' + previous);
}

// `npm run bench -- stores [--events 10000000] [--ch-events 100000000] [--days 30] [--runs 7]`: DuckDB and ClickHouse side by side.
if (process.argv[2] === 'stores') {
  const { benchStore, storesReport } = await import('./stores.js');
  const args = parseArgs({
    args: process.argv.slice(3),
    options: {
      events: { type: 'string' },
      'ch-events': { type: 'string' },
      days: { type: 'string' },
      runs: { type: 'string' },
    },
  }).values;
  const events = Number(args.events ?? 10_000_000);
  const days = Number(args.days ?? 30);
  const runs = Number(args.runs ?? 7);
  const end = new Date(Date.UTC(2026, 10, 1));
  const range = {
    start: new Date(end.getTime() - 30 * 86_400_000).toISOString().slice(0, 10),
    end: new Date(end.getTime() - 86_400_000).toISOString().slice(0, 10),
  };
  const results = [];
  for (const store of ['duckdb', 'clickhouse'] as const) {
    console.error(`${store}: seeding ${events.toLocaleString('en-US')} events…`);
    results.push(await benchStore(store, events, days, end, range, runs));
  }
  for (const more of (args['ch-events'] ?? '').split(',').filter(Boolean).map(Number)) {
    console.error(`clickhouse: seeding ${more.toLocaleString('en-US')} events…`);
    results.push(await benchStore('clickhouse', more, Math.max(days, 90), end, range, runs));
  }
  const report = storesReport(results, range, runs);
  console.log(report);
  appendReport(report);
  process.exit(0);
}

// `npm run bench -- filters [--events 10000000] [--stores duckdb,clickhouse] [--runs 7]`: each report filtered beside unfiltered.
if (process.argv[2] === 'filters') {
  const { benchFilters, filtersReport } = await import('./filters.js');
  const args = parseArgs({
    args: process.argv.slice(3),
    options: { events: { type: 'string' }, stores: { type: 'string' }, runs: { type: 'string' } },
  }).values;
  const events = Number(args.events ?? 10_000_000);
  const runs = Number(args.runs ?? 7);
  const end = new Date(Date.UTC(2026, 10, 1));
  const range = {
    start: new Date(end.getTime() - 30 * 86_400_000).toISOString().slice(0, 10),
    end: new Date(end.getTime() - 86_400_000).toISOString().slice(0, 10),
  };
  const results = [];
  for (const store of (args.stores ?? 'duckdb,clickhouse').split(',') as ('duckdb' | 'clickhouse')[]) {
    console.error(`${store}: seeding ${events.toLocaleString('en-US')} events…`);
    results.push(await benchFilters(store, events, end, range, runs));
  }
  const report = filtersReport(results, range, runs);
  console.log(report);
  appendReport(report);
  process.exit(0);
}

// `npm run bench -- dashboard [--events 1000000,10000000]`: only the Traffic page's time to figures.
if (process.argv[2] === 'dashboard') {
  const arg = parseArgs({ args: process.argv.slice(3), options: { events: { type: 'string' } } }).values.events;
  const sizes = (arg ?? '1000000,10000000').split(',').map(Number);
  await buildDashboard();
  const end = new Date(Date.UTC(2026, 10, 1));
  const from = new Date(end.getTime() - 30 * 86_400_000).toISOString().slice(0, 10);
  const to = new Date(end.getTime() - 86_400_000).toISOString().slice(0, 10);
  const rows: string[] = [];
  const medians: number[] = [];
  for (const events of sizes) {
    console.error(`seeding ${events.toLocaleString('en-US')} events…`);
    const { dir } = await seededStore(events, end);
    const server = await startServer(dir);
    try {
      const load = await measureTrafficPage(
        server.signInUrl,
        `${server.url}/traffic?property=bench&range=custom&from=${from}&to=${to}`,
        30,
      );
      medians.push(load.median);
      rows.push(
        `| ${events.toLocaleString('en-US')} | ${load.median.toFixed(0)} | ${load.p95.toFixed(0)} | ${load.first.toFixed(0)} | ${(load.median / medians[0]).toFixed(2)}× |`,
      );
    } finally {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const report = [
    `## Dashboard run of ${new Date().toISOString().slice(0, 16)}Z (${process.version})`,
    '',
    `The Traffic page signed in, 30 days (${from} to ${to}) in America/New_York, opened 9 times in a fresh browser context each (Debian Chromium, empty cache): ms from navigation start until all five KPI figures and the 30-point trends chart are drawn.`,
    '',
    '| events in store | median | p95 | first load | median vs first size |',
    '|---:|---:|---:|---:|---:|',
    ...rows,
    '',
  ].join('\n');
  console.log(report);
  appendReport(report);
  process.exit(0);
}

// `npm run bench [-- --events 1000000,10000000 --days 30 --runs 15 --import 1000000]`: writes docs/benchmarks.md.
// --days 30 (the default) puts every event inside the queried 30 days, the dense case the goals name.
// --days takes one figure per size too: `--events 1000000,10000000,100000000 --days 30,30,90` is the
// issue's 100M case (90 days, of which the range reads the last 30) beside the dense ones.
const { values } = parseArgs({
  options: {
    events: { type: 'string' },
    days: { type: 'string' },
    runs: { type: 'string' },
    import: { type: 'string' },
  },
});
const daysList = (values.days ?? '30').split(',').map(Number);
/** The days the i-th size's events are spread over (the last figure given holds for the rest). */
const daysOf = (i: number) => daysList[Math.min(i, daysList.length - 1)];
const sizes = (values.events ?? '1000000,10000000').split(',').map(Number);
const runs = Number(values.runs ?? 15);
const importEvents = Number(values.import ?? 1_000_000);
const end = new Date(Date.UTC(2026, 10, 1));
const day = (d: Date) => d.toISOString().slice(0, 10);
const rangeStart = day(new Date(end.getTime() - 30 * 86_400_000));
const rangeEnd = day(new Date(end.getTime() - 86_400_000)); // date-only end is inclusive: 30 whole days

const results: {
  events: number;
  days: number;
  /** Events inside the queried range. */
  read: number;
  seedRate: number;
  latencies: Latency[];
  bare: Map<string, number>;
  rss: number;
  page: PageLoad | null;
}[] = [];
await buildDashboard();
for (const [i, events] of sizes.entries()) {
  const days = daysOf(i);
  console.error(`seeding ${events.toLocaleString('en-US')} events over ${days} days…`);
  const { dir, key, seedSeconds } = await seededStore(events, end, days);
  const server = await startServer(dir);
  let latencies: Latency[];
  let rss: number;
  let page: PageLoad | null = null;
  try {
    latencies = await measureEndpoints(server.url, key, rangeStart, rangeEnd, runs);
    if (canMeasurePages())
      page = await measureTrafficPage(
        server.signInUrl,
        `${server.url}/traffic?property=bench&range=custom&from=${rangeStart}&to=${rangeEnd}`,
        30,
      );
    rss = peakRssMb(server.pid);
  } finally {
    await server.stop();
  }
  // The floor, on the same file once the server has let go of it.
  const bare = await measureBareSql(dir, BENCH_PROPERTY, rangeStart, rangeEnd, runs);
  const read = await eventsInRange(dir, BENCH_PROPERTY, rangeStart, rangeEnd);
  rmSync(dir, { recursive: true, force: true });
  results.push({ events, days, read, seedRate: events / seedSeconds, latencies, bare, rss, page });
  console.error(
    `  done: slowest median ${Math.max(...latencies.map((l) => l.median)).toFixed(0)} ms, peak RSS ${rss.toFixed(0)} MB`,
  );
}
console.error(`importing ${importEvents.toLocaleString('en-US')} events from NDJSON…`);
const imp = await importThroughput(importEvents, end);

const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 0 });
const sameDays = results.every((r) => r.days === results[0].days);
const cols = results.map((r) => `${fmt(r.events)} events${sameDays ? '' : ` over ${r.days} days`}`);
const inRange = (r: (typeof results)[number]) => r.read;
// One ratio per step between sizes (10M ÷ 1M, 100M ÷ 10M): the cost's growth beside the data read's.
const steps = results.slice(1).map((r, i) => ({ from: results[i], to: r }));
const short = (n: number) => (n >= 1e6 ? `${n / 1e6}M` : fmt(n));
const spread = sameDays
  ? `data spread over ${results[0].days} days ending ${day(end)}${results[0].days <= 30 ? ' (every event inside the range)' : ''}`
  : `data spread over ${results.map((r) => `${r.days} days (${short(r.events)})`).join(', ')} ending ${day(end)}`;
const lines = [
  `## Run of ${new Date().toISOString().slice(0, 16)}Z (${process.version}, ${runs} requests per endpoint)`,
  '',
  `30-day range (${rangeStart} to ${rangeEnd} inclusive) in America/New_York; ${spread}. Median (p95) in ms, measured over HTTP against \`npm start\`'s server. A ratio column divides one size's median by the size before it.`,
  '',
  `| endpoint | ${cols.join(' | ')} |${steps.map((st) => ` ${short(st.to.events)} ÷ ${short(st.from.events)} |`).join('')}`,
  `|---|${cols.map(() => '---:').join('|')}|${steps.map(() => '---:|').join('')}`,
  ...results[0].latencies.map((l, i) => {
    const cells = results.map((r) => `${r.latencies[i].median.toFixed(1)} (${r.latencies[i].p95.toFixed(1)})`);
    const ratios = steps
      .map((st) => ` ${(st.to.latencies[i].median / st.from.latencies[i].median).toFixed(1)}× |`)
      .join('');
    return `| ${l.endpoint} | ${cells.join(' | ')} |${ratios}`;
  }),
  `| *events inside the range* | ${results.map((r) => fmt(inRange(r))).join(' | ')} |${steps.map((st) => ` ${(inRange(st.to) / inRange(st.from)).toFixed(1)}× |`).join('')}`,
  '',
  `Beside the bare exact SQL answering the same figure on the same file (bench/bare-sql.ts: one query, no HTTP); "speed-up" is bare ÷ Sightline, the goal ≥ 3×.`,
  '',
  `| endpoint | ${results.map((r) => `${fmt(r.events)}: Sightline | bare SQL | speed-up`).join(' | ')} |`,
  `|---|${results.map(() => '---:|---:|---:').join('|')}|`,
  ...[...results[0].bare.keys()].map((name) => {
    const cells = results.map((r) => {
      const ours = r.latencies.find((l) => l.endpoint === name)?.median ?? NaN;
      const floor = r.bare.get(name) ?? NaN;
      return `${ours.toFixed(0)} | ${floor.toFixed(0)} | ${(floor / ours).toFixed(2)}×`;
    });
    return `| ${name} | ${cells.join(' | ')} |`;
  }),
  '',
  `| figure | ${cols.join(' | ')} |`,
  `|---|${cols.map(() => '---:').join('|')}|`,
  `| seed throughput (generate + write), events/s | ${results.map((r) => fmt(r.seedRate)).join(' | ')} |`,
  `| server peak RSS, MB | ${results.map((r) => fmt(r.rss)).join(' | ')} |`,
  `| dashboard Traffic page, navigation → all figures shown, ms (median of 9 fresh browser contexts) | ${results.map((r) => (r.page ? fmt(r.page.median) : 'no Chromium')).join(' | ')} |`,
  '',
  `Import of ${fmt(importEvents)} events from NDJSON (parse, validate, write, one transaction): ${fmt(imp.eventsPerSecond)} events/s (${imp.seconds.toFixed(1)} s).`,
  '',
];
const report = lines.join('\n');
console.log(report);
appendReport(report);

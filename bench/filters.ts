import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureEndpointsUnder, type Latency } from './api-latency.js';
import { BENCH_PROPERTY } from './bench-store.js';
import { cli, sigterm, startServer } from './server-process.js';

/**
 * `npm run bench -- filters`: every analytics endpoint unfiltered and under a few typical filters, on
 * the same seeded store, timed over HTTP against the real server (issue 12: a filtered report costs
 * at most 2× the unfiltered one at 10M events). One session filter on a common value, one on a
 * rarer one, the event-level page filter, and two filters together.
 */
export const FILTER_SETS: { name: string; filters: string }[] = [
  { name: 'country is US', filters: JSON.stringify([['is', 'country', ['US']]]) },
  { name: 'referrer is google.com', filters: JSON.stringify([['is', 'referrer', ['google.com']]]) },
  { name: 'page is /pricing', filters: JSON.stringify([['is', 'page', ['/pricing']]]) },
  {
    name: 'mobile, not US',
    filters: JSON.stringify([
      ['is', 'device', ['mobile']],
      ['is_not', 'country', ['US']],
    ]),
  },
];

/** The endpoints a filter applies to (saved funnels are definitions, not figures). */
const ANALYTICS = [
  'traffic/trends',
  'traffic/summary',
  'traffic/realtime',
  'traffic/breakdown',
  'traffic/entry-exit-pages',
  'pages/breakdown',
  'pages/details',
  'clicks/breakdown',
  'clicks/details',
  'forms/breakdown',
  'forms/details',
  'funnels (unbounded)',
  'funnels (sequential)',
  'funnels/sankey',
  'funnels/suggestions',
  'aggregate/traffic/summary',
  'aggregate/clicks/breakdown',
];

export interface FilterRun {
  store: 'duckdb' | 'clickhouse';
  events: number;
  plain: Latency[];
  filtered: Latency[][];
}

export async function benchFilters(
  store: FilterRun['store'],
  events: number,
  end: Date,
  range: { start: string; end: string },
  runs: number,
): Promise<FilterRun> {
  const dir = mkdtempSync(join(tmpdir(), `sightline-filters-${store}-`));
  const env: Record<string, string> =
    store === 'clickhouse' ? { STORE: 'clickhouse', CLICKHOUSE_URL: `chdb:${join(dir, 'ch')}` } : {};
  try {
    await cli(
      dir,
      ['properties', 'create', '--id', BENCH_PROPERTY, '--name', 'Bench', '--timezone', 'America/New_York'],
      env,
    );
    await cli(dir, ['properties', 'create', '--id', `${BENCH_PROPERTY}-2`, '--name', 'Bench 2'], env);
    await cli(
      dir,
      [
        'seed',
        '--property',
        BENCH_PROPERTY,
        '--events',
        String(events),
        '--days',
        '30',
        '--seed',
        '7',
        '--end',
        end.toISOString(),
      ],
      env,
    );
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
    const server = await startServer(dir, { ...env, RATE_LIMIT_PER_MINUTE: '1000000' });
    try {
      const [plain, ...filtered] = await measureEndpointsUnder(server.url, key, range.start, range.end, runs, {
        only: ANALYTICS,
        variants: [undefined, ...FILTER_SETS.map((set) => set.filters)],
      });
      return { store, events, plain, filtered };
    } finally {
      await sigterm(server);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 0 });

export function filtersReport(
  runs: FilterRun[],
  range: { start: string; end: string },
  requestsPerEndpoint: number,
): string {
  const lines = [
    `## Filters run of ${new Date().toISOString().slice(0, 16)}Z (${process.version}, ${requestsPerEndpoint} requests per endpoint)`,
    '',
    `Seeded events (seed 7, 30 days) in each store, range ${range.start} to ${range.end} in America/New_York. Median ms over HTTP against the real server, unfiltered and under each filter, the five taking turns request by request; "×" is filtered ÷ unfiltered (goal ≤ 2×).`,
    '',
  ];
  for (const run of runs) {
    lines.push(`### ${run.store === 'duckdb' ? 'DuckDB' : 'ClickHouse (chDB)'}, ${fmt(run.events)} events`, '');
    lines.push(`| endpoint | none | ${FILTER_SETS.map((s) => `${s.name} | ×`).join(' | ')} |`);
    lines.push(`|---|---:|${FILTER_SETS.map(() => '---:|---:').join('|')}|`);
    let worst = 0;
    run.plain.forEach((l, i) => {
      const cells = run.filtered.map((f) => {
        const ratio = f[i].median / l.median;
        worst = Math.max(worst, ratio);
        return `${f[i].median.toFixed(0)} | ${ratio.toFixed(2)}×`;
      });
      lines.push(`| ${l.endpoint} | ${l.median.toFixed(0)} | ${cells.join(' | ')} |`);
    });
    lines.push('', `Largest filtered ÷ unfiltered: ${worst.toFixed(2)}×.`, '');
  }
  return lines.join('\n');
}

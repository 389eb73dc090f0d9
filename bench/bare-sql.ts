import { DuckDBInstance } from '@duckdb/node-api';
import { join } from 'node:path';

/**
 * The floor each report is measured against: the plain exact SQL that answers the same figure over
 * the store's file, one query per figure, no HTTP, no JSON, as someone would write it by hand
 * (distinct visitors with count(DISTINCT), paths by list aggregation). The range is in
 * America/New_York; the bench's 30 days fall inside daylight time (UTC−4), so days are a constant
 * shift, the cheapest exact form (no per-row zone conversion).
 */
export function bareQueries(property: string, start: string, end: string): { name: string; sql: string }[] {
  const scope = `property_id = '${property}' AND ts >= '${start}'::TIMESTAMP + INTERVAL 4 HOUR AND ts < '${end}'::TIMESTAMP + INTERVAL 28 HOUR AND NOT is_bot`;
  const views = `FROM events WHERE ${scope} AND type = 'pageview'`;
  return [
    {
      name: 'traffic/trends',
      sql: `SELECT (ts - INTERVAL 4 HOUR)::DATE AS d, count(*), count(DISTINCT visitor_key) ${views} GROUP BY GROUPING SETS ((d), ())`,
    },
    {
      name: 'traffic/summary',
      sql: `SELECT (SELECT count(*) ${views}), (SELECT count(DISTINCT visitor_key) ${views}),
              count(*), count(*) FILTER (WHERE pageviews = 1), sum(epoch_ms(last_ts) - epoch_ms(first_ts))
            FROM sessions WHERE property_id = '${property}' AND first_pv_ts >= '${start}'::TIMESTAMP + INTERVAL 4 HOUR AND first_pv_ts < '${end}'::TIMESTAMP + INTERVAL 28 HOUR AND NOT is_bot`,
    },
    {
      name: 'pages/breakdown',
      sql: `SELECT path, count(*) AS v, count(DISTINCT visitor_key) ${views} GROUP BY path ORDER BY v DESC LIMIT 10`,
    },
    {
      name: 'clicks/breakdown',
      sql: `SELECT path, target, count(*) AS c, count(DISTINCT visitor_key) FROM events WHERE ${scope} AND type = 'click' GROUP BY path, target ORDER BY c DESC LIMIT 10`,
    },
    {
      name: 'funnels (sequential)',
      sql: `WITH pv AS (SELECT session_key, ts, CASE path WHEN '/' THEN 1 WHEN '/pricing' THEN 2 WHEN '/signup' THEN 4 WHEN '/signup/complete' THEN 8 ELSE 0 END AS m ${views} AND path IN ('/', '/pricing', '/signup', '/signup/complete')),
            s AS (SELECT list_reduce(list_transform(list_sort(list({t: ts, m: m})), lambda x: x.m), lambda acc, m: CASE WHEN (m >> acc) & 1 = 1 THEN acc + 1 ELSE acc END, 0::BIGINT) AS p FROM pv GROUP BY session_key)
            SELECT count(*) FILTER (WHERE p >= 1), count(*) FILTER (WHERE p >= 2), count(*) FILTER (WHERE p >= 3), count(*) FILTER (WHERE p >= 4) FROM s`,
    },
    {
      name: 'funnels/sankey',
      sql: `WITH s AS (SELECT list_transform(list_sort(list({t: ts, p: path}))[1:5], lambda x: x.p) AS steps ${views} GROUP BY session_key)
            SELECT steps, count(*) AS n FROM s GROUP BY steps ORDER BY n DESC LIMIT 20`,
    },
  ];
}

/** Median ms of `runs` runs of each bare query (after one warm-up), on a copy-free read-only open of the store. */
export async function measureBareSql(
  dataDir: string,
  property: string,
  start: string,
  end: string,
  runs: number,
): Promise<Map<string, number>> {
  const db = await DuckDBInstance.create(join(dataDir, 'sightline.duckdb'), { access_mode: 'READ_ONLY' });
  const conn = await db.connect();
  const out = new Map<string, number>();
  try {
    for (const q of bareQueries(property, start, end)) {
      const times: number[] = [];
      for (let i = 0; i <= runs; i++) {
        const t = performance.now();
        await conn.runAndReadAll(q.sql);
        if (i > 0) times.push(performance.now() - t);
      }
      out.set(q.name, times.sort((a, b) => a - b)[Math.floor(times.length / 2)]);
    }
  } finally {
    conn.closeSync();
    db.closeSync();
  }
  return out;
}

/** Events of `property` inside the range (bots' too): the data a report of that range reads. */
export async function eventsInRange(dataDir: string, property: string, start: string, end: string): Promise<number> {
  const db = await DuckDBInstance.create(join(dataDir, 'sightline.duckdb'), { access_mode: 'READ_ONLY' });
  const conn = await db.connect();
  try {
    const reader = await conn.runAndReadAll(
      `SELECT count(*)::DOUBLE AS n FROM events WHERE property_id = $p AND ts >= $start::TIMESTAMP + INTERVAL 4 HOUR AND ts < $end::TIMESTAMP + INTERVAL 28 HOUR`,
      { p: property, start, end },
    );
    return Number(reader.getRowObjects()[0].n);
  } finally {
    conn.closeSync();
    db.closeSync();
  }
}

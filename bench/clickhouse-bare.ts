import { Session } from 'chdb';

/**
 * The ClickHouse floor for `npm run bench -- stores` (and the ClickHouse column issue 10 asks for):
 * the plain exact query a ClickHouse user would write for each figure, straight on the store's
 * `events` table through chDB in this process (no HTTP, no JSON parsing of large answers), in the
 * style of Plausible's queries (`uniqExact` for exact uniques, `windowFunnel`, sorted `groupArray`
 * paths). The range is in America/New_York, inside daylight time (UTC−4): a constant shift.
 *
 * Run as a child process (`tsx bench/clickhouse-bare.ts DIR PROPERTY START END RUNS`; prints JSON
 * name → median ms) because chDB binds one data directory per process.
 */
export function clickhouseBareQueries(property: string, start: string, end: string): { name: string; sql: string }[] {
  const from = `toDateTime64('${start} 04:00:00', 3, 'UTC')`;
  const to = `toDateTime64('${end} 04:00:00', 3, 'UTC') + INTERVAL 1 DAY`;
  const scope = `property_id = '${property}' AND ts >= ${from} AND ts < ${to} AND NOT is_bot`;
  const views = `FROM sightline.events WHERE ${scope} AND type = 'pageview'`;
  return [
    {
      name: 'traffic/trends',
      sql: `SELECT toDate(ts - INTERVAL 4 HOUR) AS d, count(), uniqExact(visitor_key) ${views} GROUP BY d WITH TOTALS`,
    },
    {
      name: 'traffic/summary',
      sql: `SELECT (SELECT count() ${views}), (SELECT uniqExact(visitor_key) ${views}), count(), countIf(pv = 1), sum(dur) FROM (
              SELECT session_key, countIf(type = 'pageview') AS pv, minIf(ts, type = 'pageview') AS f, dateDiff('millisecond', min(ts), max(ts)) AS dur
              FROM sightline.events WHERE property_id = '${property}' AND ts >= ${from} - INTERVAL 1 DAY AND ts < ${to} + INTERVAL 1 DAY AND NOT is_bot
              GROUP BY session_key HAVING pv > 0 AND f >= ${from} AND f < ${to})`,
    },
    {
      name: 'pages/breakdown',
      sql: `SELECT path, count() AS v, uniqExact(visitor_key) ${views} GROUP BY path ORDER BY v DESC LIMIT 10`,
    },
    {
      name: 'clicks/breakdown',
      sql: `SELECT path, target, count() AS c, uniqExact(session_key) FROM sightline.events WHERE ${scope} AND type = 'click' GROUP BY path, target ORDER BY c DESC LIMIT 10`,
    },
    {
      name: 'funnels (sequential)',
      sql: `SELECT countIf(l >= 1), countIf(l >= 2), countIf(l >= 3), countIf(l >= 4) FROM (
              SELECT windowFunnel(1000000000)(toDateTime(ts), path = '/', path = '/pricing', path = '/signup', path = '/signup/complete') AS l
              ${views} GROUP BY session_key)`,
    },
    {
      name: 'funnels/sankey',
      sql: `SELECT steps, count() AS n FROM (SELECT arraySlice(arrayMap(x -> x.2, arraySort(groupArray((ts, path)))), 1, 5) AS steps ${views} GROUP BY session_key)
            GROUP BY steps ORDER BY n DESC LIMIT 20`,
    },
  ];
}

if (process.argv[1]?.endsWith('clickhouse-bare.ts')) {
  const [dir, property, start, end, runs] = process.argv.slice(2);
  const session = new Session(dir);
  const out: Record<string, number> = {};
  for (const q of clickhouseBareQueries(property, start, end)) {
    const times: number[] = [];
    for (let i = 0; i <= Number(runs); i++) {
      const t = performance.now();
      await session.queryAsync(q.sql, { format: 'JSONCompact' });
      if (i > 0) times.push(performance.now() - t);
    }
    out[q.name] = times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
  }
  session.close();
  console.log(JSON.stringify(out));
}

import type { TableSpec } from './table-specs.js';

// Session partials on ClickHouse: the `sessions` table, how its first and last touch are kept as
// time-keyed text and read back, and the materialized view's SELECT that writes them from each
// insert into `events`.

/**
 * A value keyed by its time for min/max: the instant in ms, zero-padded to a fixed width, then the
 * value ('' for none: no entry attribute is ever '' when present, ingest turns '' into null).
 */
const TIME_KEY_WIDTH = 15;
const timeKeyed = (value: string) =>
  `concat(leftPad(toString(toUnixTimestamp64Milli(ts)), ${TIME_KEY_WIDTH}, '0'), ${value})`;
/** Sorts after every time key: a partial without page views never wins a min. */
const NO_PAGE_VIEW = `'\\xFF'`;
/** The value of a merged `entry_*` (min) or `exit` (max) column, NULL when the session had no page view. */
export const firstValueSql = (column: string) => `nullIf(substring(min(${column}), ${TIME_KEY_WIDTH + 1}), '')`;
export const lastValueSql = (column: string) => `nullIf(substring(max(${column}), ${TIME_KEY_WIDTH + 1}), '')`;

/** The first page view's attributes a session keeps, as `entry_<name>` columns of `sessions`. */
export const entryAttributes = [
  'path',
  'referrer',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'country',
  'device',
  'browser',
  'os',
] as const;
/** The first-touch attributes read from an event's own column of the same name (path and referrer are derived). */
const plainEntryAttributes = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'country',
  'device',
  'browser',
  'os',
] as const;

/**
 * Entry columns added after the first release of the schema (migrations.ts adds them to an existing
 * `sessions`). Partials written before then read as their entry page view's time with no value (the
 * events had none), or as no page view: so a session that spans the change still takes its first
 * touch from its earliest page view. Fresh tables get the same definition, so every replica's
 * metadata is the same whichever way its table came to be.
 */
export const addedEntryAttributes = ['browser', 'os'] as const;
export const entryColumnDefinition = (a: (typeof entryAttributes)[number]) =>
  `entry_${a} SimpleAggregateFunction(min, String)${
    (addedEntryAttributes as readonly string[]).includes(a)
      ? ` DEFAULT if(entry_path = ${NO_PAGE_VIEW}, entry_path, left(entry_path, ${TIME_KEY_WIDTH}))`
      : ''
  }`;

/**
 * The earliest and latest first-page-view instant its events were stamped with (first-touch-stamps.ts),
 * NULL when none was: a session's stamps are right when both equal its first page view's instant.
 * Last, where `ADD COLUMN` puts them on a database made before.
 */
export const touchRangeColumns = [
  "touch_min SimpleAggregateFunction(min, Nullable(DateTime64(3, 'UTC')))",
  "touch_max SimpleAggregateFunction(max, Nullable(DateTime64(3, 'UTC')))",
];

/**
 * Session partials, written by `sessions_mv` from every insert into `events`, merged by the engine in
 * the background and by readers at query time (`GROUP BY property_id, session_key` with the -Merge
 * combinators). A partial's `start_day` is the UTC day of its earliest event; readers take the
 * partials from the day before their range (sessions-sql.ts).
 */
export const sessionsTable: TableSpec = {
  name: 'sessions',
  columns: `
    property_id LowCardinality(String),
    start_day Date,
    session_key UInt64,
    visitor_key SimpleAggregateFunction(any, UInt64),
    first_ts SimpleAggregateFunction(min, DateTime64(3, 'UTC')),
    last_ts SimpleAggregateFunction(max, DateTime64(3, 'UTC')),
    first_pv_ts SimpleAggregateFunction(min, Nullable(DateTime64(3, 'UTC'))),
    last_pv_ts SimpleAggregateFunction(max, Nullable(DateTime64(3, 'UTC'))),
    pageviews SimpleAggregateFunction(sum, UInt64),
    is_bot SimpleAggregateFunction(max, UInt8),
    -- The first page view's page and first-touch attributes, each as the text of its time and value
    -- (timeKeyed): the smallest is the earliest page view's, so a plain min merges them, and the
    -- last page view's page likewise by max. argMin states did the same at twice the cost to merge.
${entryAttributes.map((a) => `    ${entryColumnDefinition(a)},`).join('\n')}
    exit SimpleAggregateFunction(max, String),
${touchRangeColumns.map((c) => `    ${c}`).join(',\n')}`,
  engine: 'AggregatingMergeTree',
  partitionBy: 'toYYYYMM(start_day)',
  orderBy: '(property_id, start_day, session_key)',
  shardKey: 'session_key',
};

/** The referring host (www. dropped) of a referrer URL, as the embedded store's `referrer_host` keeps it. */
export const referrerHost = (u: string) =>
  `if(${u} IS NULL OR ${u} = '', NULL, coalesce(nullIf(extract(lower(${u}), '^[a-z][a-z0-9+.-]*://(?:www\\\\.)?([^/?#:]+)'), ''), ${u}))`;

/**
 * The SELECT that turns a block of events into session partials (the materialized view's body).
 * `stamps`: whether the events have the first-touch stamps yet (the migration that added browser and
 * OS ran before they existed).
 */
export function sessionsViewSelect(eventsTableName: string, stamps = true): string {
  const pv = `type = 'pageview'`;
  return `SELECT property_id, toDate(min(ts)) AS start_day, session_key, any(visitor_key) AS visitor_key,
    min(ts) AS first_ts, max(ts) AS last_ts,
    minIf(toNullable(ts), ${pv}) AS first_pv_ts, maxIf(toNullable(ts), ${pv}) AS last_pv_ts,
    countIf(${pv}) AS pageviews, max(toUInt8(is_bot)) AS is_bot,
    min(if(${pv}, ${timeKeyed('path')}, ${NO_PAGE_VIEW})) AS entry_path,
    min(if(${pv}, ${timeKeyed(`ifNull(${referrerHost('referrer')}, '')`)}, ${NO_PAGE_VIEW})) AS entry_referrer,
    ${plainEntryAttributes.map((c) => `min(if(${pv}, ${timeKeyed(`ifNull(${c}, '')`)}, ${NO_PAGE_VIEW})) AS entry_${c}`).join(',\n    ')},
    max(if(${pv}, ${timeKeyed('path')}, '')) AS exit${stamps ? ',\n    min(touch_ts) AS touch_min, max(touch_ts) AS touch_max' : ''}
  FROM ${eventsTableName} GROUP BY property_id, session_key`;
}

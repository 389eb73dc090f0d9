import type { Granularity, OffsetSegment } from '../../analytics/time-frame.js';
import type { Scope } from '../store.js';
import type { ChParams } from './clickhouse-db.js';

/** The bound type of every instant the store compares with `ts` columns. */
export const TS = `DateTime64(3, 'UTC')`;

/**
 * An instant as ClickHouse DateTime64(3) text in UTC ('2026-01-01 10:00:00.123'), for JSON rows and
 * `{x:DateTime64(3, 'UTC')}` parameters. A JS Date would do on a server (the client sends fractional
 * seconds), but chDB's binder drops the milliseconds, and ranges, expiry and single-use checks
 * compare to the millisecond.
 */
export function chTime(date: Date): string {
  return date.toISOString().replace('T', ' ').replace('Z', '');
}

/** Binds the scope's properties and range: `{props:Array(String)}`, `{start:…}`, `{end:…}`. */
export function scopeParams(scope: Scope): ChParams {
  return { props: scope.propertyIds, start: chTime(scope.start), end: chTime(scope.end) };
}

/**
 * The range's UTC days as a condition on `column` (the events' `ts`), in the terms of the events'
 * order key (property_id, toDate(ts), type, …): ClickHouse (26 measured) does not narrow `toDate(ts)`
 * in the key from a condition on `ts` alone, and then reads every day of the month's part for the
 * types asked for (a trend of 2 of 30 days at 1M events: 84 of 123 granules; 7 with the days).
 */
export function rangeDaysSql(column = 'ts'): string {
  return `toDate(${column}) >= toDate({start:${TS}}) AND toDate(${column}) <= toDate({end:${TS}})`;
}

/** The parameter holding the scope's properties (scopeParams). */
export const PROPS = '{props:Array(String)}';

/**
 * The WHERE fragment for scopeParams on `events`: the properties (`props`: another parameter naming
 * some of them), and `column` (its `ts`) inside [start, end).
 */
export function scopeWhere(column: string, alias = '', props = PROPS): string {
  const a = alias ? `${alias}.` : '';
  return `${a}property_id IN ${props} AND ${rangeDaysSql(`${a}${column}`)} AND ${a}${column} >= {start:${TS}} AND ${a}${column} < {end:${TS}}`;
}

/** Our own computed instant as a SQL literal (never user text: only numbers reach here). */
function instantLiteral(ms: number): string {
  if (!Number.isFinite(ms)) throw new Error('instant must be a number');
  return `fromUnixTimestamp64Milli(toInt64(${Math.trunc(ms)}), 'UTC')`;
}

/** The row's UTC offset in minutes: a constant in most ranges, a multiIf over the few DST transitions otherwise. */
export function offsetMinutesSql(offsets: OffsetSegment[], column: string): string {
  for (const o of offsets) if (!Number.isInteger(o.offsetMinutes)) throw new Error('offset must be whole minutes');
  if (offsets.length === 1) return `${offsets[0].offsetMinutes}`;
  const branches = offsets
    .slice(1)
    .map((seg, i) => `${column} < ${instantLiteral(seg.fromMs!)}, ${offsets[i].offsetMinutes}`);
  return `multiIf(${branches.join(', ')}, ${offsets[offsets.length - 1].offsetMinutes})`;
}

/**
 * The bucket key of a row as `bucketKey()` writes it ('YYYY-MM-DD HH:MM:SS'): the local calendar start
 * for day/week (Monday)/month, and for hours the UTC start of the local hour, so both hours of a DST
 * fall-back stay apart. The same rule as the embedded store's `bucketSql`.
 */
export function bucketKeySql(granularity: Granularity, offsets: OffsetSegment[], column = 'ts'): string {
  const off = offsetMinutesSql(offsets, column);
  const local = `(${column} + toIntervalMinute(${off}))`;
  const start =
    granularity === 'hour'
      ? `(toStartOfHour(${local}) - toIntervalMinute(${off}))`
      : granularity === 'day'
        ? `toStartOfDay(${local})`
        : granularity === 'week'
          ? `toDateTime(toMonday(${local}), 'UTC')`
          : `toDateTime(toStartOfMonth(${local}), 'UTC')`;
  return `formatDateTime(${start}, '%Y-%m-%d %H:%i:%S', 'UTC')`;
}

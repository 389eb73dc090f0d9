import type { Granularity, OffsetSegment } from '../../analytics/time-frame.js';
import type { Scope } from '../store.js';
import { ts, type Params } from './database.js';

/** Binds the scope's properties and range; returns the params and a WHERE fragment for `column`. */
export function scopeFilter(scope: Scope, column: string, alias = ''): { where: string; params: Params } {
  const a = alias ? `${alias}.` : '';
  const params: Params = { start: ts(scope.start), end: ts(scope.end) };
  const names = scope.propertyIds.map((id, i) => {
    params[`p${i}`] = id;
    return `$p${i}`;
  });
  const props = names.length === 1 ? `${a}property_id = ${names[0]}` : `${a}property_id IN (${names.join(', ')})`;
  return { where: `${props} AND ${a}${column} >= $start::TIMESTAMP AND ${a}${column} < $end::TIMESTAMP`, params };
}

/** Our own computed instant as a SQL literal (never user text: only Date objects reach here). */
function instantLiteral(ms: number): string {
  return `TIMESTAMP '${ts(new Date(ms))}'`;
}

/**
 * The row's offset as `literal` gives a whole number of minutes: a constant, or a CASE over the DST
 * transitions, each compared with `column` as `instant` writes it (a TIMESTAMP literal by default).
 */
export function offsetCase(
  offsets: OffsetSegment[],
  column: string,
  literal: (minutes: number) => string,
  instant: (ms: number) => string = instantLiteral,
): string {
  const checked = (m: number) => {
    if (!Number.isInteger(m)) throw new Error('offset must be whole minutes');
    return literal(m);
  };
  if (offsets.length === 1) return checked(offsets[0].offsetMinutes);
  const branches = offsets
    .slice(1)
    .map((seg, i) => `WHEN ${column} < ${instant(seg.fromMs!)} THEN ${checked(offsets[i].offsetMinutes)}`)
    .join(' ');
  return `(CASE ${branches} ELSE ${checked(offsets[offsets.length - 1].offsetMinutes)} END)`;
}

/**
 * The row's offset as an interval: a constant in most ranges, a CASE over the few DST transitions
 * otherwise. This is the whole per-row cost of time zones: no ICU conversion per row.
 */
export function offsetSql(offsets: OffsetSegment[], column: string): string {
  return offsetCase(offsets, column, (m) => `INTERVAL (${m}) MINUTE`);
}

/** The row's offset in microseconds, as offsetSql gives it as an interval. */
function offsetMicrosSql(offsets: OffsetSegment[], column: string): string {
  return offsetCase(offsets, column, (m) => `(${m * 60_000_000})::BIGINT`);
}

const HOUR_US = 3_600_000_000;
const DAY_US = 86_400_000_000;

/**
 * The bucket a row falls in: the local calendar start for day/week/month, and for hours the UTC
 * start of the local hour, so both hours of a DST fall-back stay apart. Matches `bucketKey()`.
 * Hours, days and weeks are integer arithmetic on the instant's microseconds (events are after
 * 1970, so integer division is a floor): date_trunc cost 40 ns a row, half of a clicks trend's scan.
 * Weeks start on Monday (the epoch's day 0 was a Thursday), as date_trunc's do.
 */
export function bucketSql(granularity: Granularity, offsets: OffsetSegment[], column = 'ts'): string {
  if (granularity === 'month') return `date_trunc('month', ${column} + ${offsetSql(offsets, column)})`;
  const off = offsetMicrosSql(offsets, column);
  const local = `(epoch_us(${column}) + ${off})`;
  if (granularity === 'hour') return `make_timestamp(${local} // ${HOUR_US} * ${HOUR_US} - ${off})`;
  if (granularity === 'day') return `make_timestamp(${local} // ${DAY_US} * ${DAY_US})`;
  return `make_timestamp(((${local} // ${DAY_US} + 3) // 7 * 7 - 3) * ${DAY_US})`;
}

/** The bucket key as `bucketKey()` writes it, from the TIMESTAMP the store returns. */
const UNIT_MS = { hour: 3_600_000, day: 86_400_000, week: 7 * 86_400_000, month: 28 * 86_400_000 } as const;

/** At most how many buckets a scope's range falls in (a month counted as 28 days): sizes per-bucket sets. */
export function maxBuckets(s: { start: Date; end: Date; granularity: Granularity }): number {
  return Math.ceil((s.end.getTime() - s.start.getTime()) / UNIT_MS[s.granularity]) + 1;
}

export function keyOf(value: unknown): string {
  return (value as Date).toISOString().slice(0, 19).replace('T', ' ');
}

export { byCountsThenValues } from '../ranked-rows.js';

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
 * The row's offset as an interval: a constant in most ranges, a CASE over the few DST transitions
 * otherwise. This is the whole per-row cost of time zones: no ICU conversion per row.
 */
export function offsetSql(offsets: OffsetSegment[], column: string): string {
  const minutes = (m: number) => {
    if (!Number.isInteger(m)) throw new Error('offset must be whole minutes');
    return `INTERVAL (${m}) MINUTE`;
  };
  if (offsets.length === 1) return minutes(offsets[0].offsetMinutes);
  const branches = offsets
    .slice(1)
    .map((seg, i) => `WHEN ${column} < ${instantLiteral(seg.fromMs!)} THEN ${minutes(offsets[i].offsetMinutes)}`)
    .join(' ');
  return `(CASE ${branches} ELSE ${minutes(offsets[offsets.length - 1].offsetMinutes)} END)`;
}

/**
 * The bucket a row falls in: the local calendar start for day/week/month, and for hours the UTC
 * start of the local hour, so both hours of a DST fall-back stay apart. Matches `bucketKey()`.
 */
export function bucketSql(granularity: Granularity, offsets: OffsetSegment[], column = 'ts'): string {
  const off = offsetSql(offsets, column);
  if (granularity === 'hour') return `(date_trunc('hour', ${column} + ${off}) - ${off})`;
  return `date_trunc('${granularity}', ${column} + ${off})`;
}

/** The bucket key as `bucketKey()` writes it, from the TIMESTAMP the store returns. */
export function keyOf(value: unknown): string {
  return (value as Date).toISOString().slice(0, 19).replace('T', ' ');
}

export { byCountsThenValues } from '../ranked-rows.js';

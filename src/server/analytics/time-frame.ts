import { DateTime, IANAZone } from 'luxon';
import { ApiError } from '../api-error.js';
import { MAX_BUCKETS, type Granularity } from '../../contract/analytics-query.js';

export type { Granularity };

/** A stretch of time during which the zone keeps one UTC offset; `fromMs` null means "since forever". */
export interface OffsetSegment {
  fromMs: number | null;
  offsetMinutes: number;
}

/** A normalized, half-open range [start, end) in UTC, with what the store needs to bucket it. */
export interface TimeFrame {
  start: Date;
  end: Date;
  zone: string;
  /** Offsets in force across the range, so SQL shifts each row by a constant instead of converting it. */
  offsets: OffsetSegment[];
}

export interface Bucket {
  /** `bucketKey()` of the bucket's start: what both stores' bucket expressions yield (DuckDB's `bucketSql`, ClickHouse's `bucketKeySql`). */
  key: string;
  start: DateTime;
  end: DateTime;
}

/** Longest range a request may ask for: two years covers year-over-year views without unbounded scans. */
export const MAX_RANGE_DAYS = 732;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

export function isValidZone(zone: string): boolean {
  return IANAZone.isValidZone(zone);
}

// Real UTC offsets run from -12:00 to +14:00; luxon would read +99:99 as a shift of four days.
const OFFSET = /[T ][0-9:.]+[+-](\d{2}):?(\d{2})?$/;

function parseInstant(value: string, zone: string, field: 'start' | 'end'): { dt: DateTime; dateOnly: boolean } {
  const dateOnly = DATE_ONLY.test(value);
  const [, hours, minutes = '00'] = OFFSET.exec(value) ?? [];
  if (hours !== undefined && (Number(hours) * 60 + Number(minutes) > 14 * 60 || Number(minutes) > 59)) {
    throw new ApiError(400, 'invalid_request', `${field} has a UTC offset outside ±14:00`, { field, value });
  }
  // Timestamps without an offset are wall-clock times in the requested zone. The contract also takes
  // a space before the time (as RFC 3339 does), which luxon's ISO parser does not.
  const dt = DateTime.fromISO(value.replace(/^(\d{4}-\d{2}-\d{2}) /, '$1T'), { zone, setZone: false });
  if (!dt.isValid || dt.year < 1970 || dt.year > 9999) {
    throw new ApiError(400, 'invalid_request', `${field} is not an ISO-8601 date or timestamp`, { field, value });
  }
  return { dt: dt.setZone(zone), dateOnly };
}

/** Parses start/end/timezone per operations.md §5: a date-only `end` includes that whole day. */
export function resolveTimeFrame(startRaw: string, endRaw: string, zone: string): TimeFrame {
  if (!isValidZone(zone))
    throw new ApiError(400, 'invalid_request', `unknown time zone "${zone}"`, { field: 'timezone', value: zone });
  const start = parseInstant(startRaw, zone, 'start').dt;
  const parsedEnd = parseInstant(endRaw, zone, 'end');
  const end = parsedEnd.dateOnly ? parsedEnd.dt.plus({ days: 1 }) : parsedEnd.dt;
  if (end <= start) throw new ApiError(400, 'invalid_request', 'end must be after start', { field: 'end' });
  if (end.diff(start, 'days').days > MAX_RANGE_DAYS) {
    throw new ApiError(400, 'invalid_request', `the range may span at most ${MAX_RANGE_DAYS} days`, {
      field: 'end',
      max_days: MAX_RANGE_DAYS,
    });
  }
  return {
    start: start.toJSDate(),
    end: end.toJSDate(),
    zone,
    offsets: offsetSegments(start.toMillis(), end.toMillis(), zone),
  };
}

/** A frame for "the last N minutes/days up to now", used where the API takes no dates. */
export function trailingFrame(now: Date, durationMs: number, zone = 'UTC'): TimeFrame {
  const start = now.getTime() - durationMs;
  return { start: new Date(start), end: now, zone, offsets: offsetSegments(start, now.getTime(), zone) };
}

function offsetAt(ms: number, zone: string): number {
  return DateTime.fromMillis(ms, { zone }).offset;
}

/** Finds the zone's offset changes within [startMs, endMs] by daily steps refined with a binary search. */
export function offsetSegments(startMs: number, endMs: number, zone: string): OffsetSegment[] {
  const segments: OffsetSegment[] = [{ fromMs: null, offsetMinutes: offsetAt(startMs, zone) }];
  const day = 86_400_000;
  for (let t = startMs; t < endMs; t += day) {
    const next = Math.min(t + day, endMs);
    const current = segments[segments.length - 1].offsetMinutes;
    if (offsetAt(next, zone) === current) continue;
    let lo = t;
    let hi = next; // offset(lo) === current, offset(hi) !== current
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (offsetAt(mid, zone) === current) lo = mid;
      else hi = mid;
    }
    segments.push({ fromMs: hi, offsetMinutes: offsetAt(hi, zone) });
  }
  return segments;
}

/** Every calendar bucket in the zone that overlaps the frame, in order (weeks start on Monday). */
export function bucketsOf(frame: TimeFrame, granularity: Granularity): Bucket[] {
  if (granularity === 'hour') return hourBuckets(frame);
  const buckets: Bucket[] = [];
  const end = DateTime.fromJSDate(frame.end, { zone: frame.zone });
  let cursor = DateTime.fromJSDate(frame.start, { zone: frame.zone }).startOf(granularity);
  while (cursor < end) {
    // startOf again: a day that begins at 01:00 (DST at midnight) must not shift the next day's start.
    const next = cursor.plus({ [`${granularity}s`]: 1 }).startOf(granularity);
    buckets.push({ key: bucketKey(cursor, granularity), start: cursor, end: next });
    checkBucketCount(buckets.length, granularity);
    cursor = next;
  }
  return buckets;
}

function checkBucketCount(count: number, granularity: Granularity): void {
  if (count > MAX_BUCKETS) {
    throw new ApiError(
      400,
      'invalid_request',
      `the range holds more than ${MAX_BUCKETS} ${granularity} buckets; use a coarser granularity`,
      {
        field: 'granularity',
        max_buckets: MAX_BUCKETS,
      },
    );
  }
}

const HOUR_MS = 3_600_000;

/** The SQL hour key of an instant: its local wall-clock hour start, shifted back by its own offset. */
function hourKeyMs(ms: number, zone: string): number {
  const dt = DateTime.fromMillis(ms, { zone });
  return ms - (dt.minute * 60_000 + dt.second * 1000 + dt.millisecond);
}

/**
 * Hour buckets cut wherever the local hour or the offset changes, keyed as bucketSql() keys rows. Adding
 * 60 minutes is not enough in zones whose DST shift is not a whole hour (Australia/Lord_Howe: a local
 * hour of 30 minutes, and one of 90 that is two buckets); the repeated hour of a fall-back stays two.
 */
function hourBuckets(frame: TimeFrame): Bucket[] {
  const { zone } = frame;
  const endMs = frame.end.getTime();
  const firstKey = hourKeyMs(frame.start.getTime(), zone);
  const changes = offsetSegments(firstKey, frame.start.getTime(), zone);
  let cursor = changes.length > 1 ? changes[changes.length - 1].fromMs! : firstKey;
  const buckets: Bucket[] = [];
  while (cursor < endMs) {
    const key = hourKeyMs(cursor, zone);
    const change = offsetSegments(cursor, key + HOUR_MS, zone)[1]?.fromMs;
    const next = change !== undefined && change !== null && change < key + HOUR_MS ? change : key + HOUR_MS;
    buckets.push({
      key: DateTime.fromMillis(key, { zone: 'UTC' }).toFormat('yyyy-MM-dd HH:mm:ss'),
      start: DateTime.fromMillis(cursor, { zone }),
      end: DateTime.fromMillis(next, { zone }),
    });
    checkBucketCount(buckets.length, 'hour');
    cursor = next;
  }
  return buckets;
}

/**
 * Hour buckets are keyed by their UTC start (the repeated hour of a DST fall-back stays two buckets);
 * the calendar buckets by their local date at 00:00, which is what SQL's date_trunc gives after shifting
 * a row, even on days that start at 01:00 because DST begins at midnight (America/Santiago, Havana).
 */
export function bucketKey(start: DateTime, granularity: Granularity): string {
  if (granularity === 'hour') return start.toUTC().toFormat('yyyy-MM-dd HH:mm:ss');
  return `${start.toFormat('yyyy-MM-dd')} 00:00:00`;
}

/** Formats a bucket boundary in the requested zone, with its offset, as the API reports it. */
export function formatInZone(dt: DateTime): string {
  return dt.toISO({ suppressMilliseconds: false, includeOffset: true }) ?? dt.toString();
}

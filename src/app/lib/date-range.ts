import { MAX_BUCKETS } from '../../contract/analytics-query.js';
import type { Granularity } from './granularity.js';
import type { DashboardSearch } from './dashboard-search.js';

/** A calendar range, both ends inclusive, as the API takes it (`end` date-only = that whole day). */
export interface DateRange {
  start: string;
  end: string;
}

const DAY = 86_400_000;
const toMs = (date: string) => Date.parse(`${date}T00:00:00Z`);
const fromMs = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const addDays = (date: string, days: number) => fromMs(toMs(date) + days * DAY);
export const daysIn = (r: DateRange) => Math.round((toMs(r.end) - toMs(r.start)) / DAY) + 1;

/** Today's calendar date in `timeZone` (the property's day, not the browser's). */
export function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** Resolves the URL's preset (or custom from/to) to dates; a broken custom range falls back to 30 days. */
export function resolveRange(search: Pick<DashboardSearch, 'range' | 'from' | 'to'>, today: string): DateRange {
  const monthStart = `${today.slice(0, 8)}01`;
  switch (search.range) {
    case 'today':
      return { start: today, end: today };
    case 'yesterday':
      return { start: addDays(today, -1), end: addDays(today, -1) };
    case '7d':
      return { start: addDays(today, -6), end: today };
    case '90d':
      return { start: addDays(today, -89), end: today };
    case 'mtd':
      return { start: monthStart, end: today };
    case 'last-month': {
      const end = addDays(monthStart, -1);
      return { start: `${end.slice(0, 8)}01`, end };
    }
    case 'custom':
      // Dates picked in the wrong order still name a span; read it the way round that makes sense.
      if (search.from && search.to)
        return search.from <= search.to
          ? { start: search.from, end: search.to }
          : { start: search.to, end: search.from };
      break;
  }
  return { start: addDays(today, -29), end: today };
}

/** Hours for a day or two, days up to a quarter, weeks beyond: enough points to read, not too many. */
export function defaultGranularity(range: DateRange): Granularity {
  const days = daysIn(range);
  if (days <= 2) return 'hour';
  if (days <= 92) return 'day';
  return 'week';
}

const BUCKET_DAYS: Record<Granularity, number> = { hour: 1 / 24, day: 1, week: 7, month: 28 };

/** Whether a trend of this range fits the API's bucket cap at this granularity (hours over 20 days do not). */
export function granularityFits(range: DateRange, granularity: Granularity): boolean {
  return Math.ceil(daysIn(range) / BUCKET_DAYS[granularity]) <= MAX_BUCKETS;
}

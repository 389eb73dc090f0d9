import { addDays, daysIn, type DateRange } from './date-range.js';
import type { DashboardSearch } from './dashboard-search.js';

/** What the figures are compared with: the period before, the same dates a year earlier, chosen dates, or nothing. */
export const comparisons = ['previous', 'year', 'custom', 'none'] as const;
export type Comparison = (typeof comparisons)[number];

/** The property's wall clock now: its date and the minute to cut a compared day at ("09:41"). */
export interface ZonedNow {
  date: string;
  /** Absent in the last minute of the day, when the whole day is as good as over. */
  time?: string;
}

/**
 * The period a view is compared with. `start`/`end` are what the API is asked for the figures: `end`
 * is a date (that whole day) or, when the view runs up to now, a wall-clock time on the compared day
 * that matches today (`2026-11-23T09:41`, exclusive, read in the view's zone). `days` is the whole
 * compared period in dates, which the chart overlays and the labels name.
 */
export interface ComparedRange {
  start: string;
  end: string;
  days: DateRange;
  /** Set when the figures stop at the same time of day as now: the day they stop on and the time. */
  until?: { date: string; time: string };
}

const DAY_MS = 86_400_000;
const parts = (date: string) => date.split('-').map(Number) as [number, number, number];
const iso = (y: number, m: number, d: number) =>
  `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
const lastDayOf = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
const dayOffset = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** The same day `months` months away, or that month's last day when it is shorter (Mar 31 − 1 month = Feb 28, or 29). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = parts(date);
  const index = y * 12 + (m - 1) + months;
  const [ty, tm] = [Math.floor(index / 12), (index % 12) + 1];
  return iso(ty, tm, Math.min(d, lastDayOf(ty, tm)));
}

/** Whole calendar months the range spans (Oct 1–Nov 30 is 2), or 0 when it starts or ends mid-month. */
function wholeMonths(range: DateRange): number {
  const [sy, sm, sd] = parts(range.start);
  const [ey, em, ed] = parts(range.end);
  if (sd !== 1 || ed !== lastDayOf(ey, em)) return 0;
  return (ey - sy) * 12 + (em - sm) + 1;
}

/**
 * The period just before, like with like: month to date against the same days of the month before
 * (Nov 1–24 → Oct 1–24; Mar 1–31 → Feb 1–28), whole months against as many months before, any other
 * range against as many days right before it.
 */
function previousPeriod(range: DateRange, preset: DashboardSearch['range']): DateRange {
  if (preset === 'mtd') return { start: addMonths(range.start, -1), end: addMonths(range.end, -1) };
  const months = wholeMonths(range);
  if (months > 0) {
    const start = addMonths(range.start, -months);
    return { start, end: addDays(range.start, -1) };
  }
  const len = daysIn(range);
  return { start: addDays(range.start, -len), end: addDays(range.start, -1) };
}

/** The compared dates, before any cut at the time of day. */
function comparedDays(
  range: DateRange,
  preset: DashboardSearch['range'],
  comparison: Exclude<Comparison, 'none'>,
  custom?: DateRange,
): DateRange {
  if (comparison === 'year') return { start: addMonths(range.start, -12), end: addMonths(range.end, -12) };
  if (comparison === 'custom' && custom)
    return custom.start <= custom.end ? custom : { start: custom.end, end: custom.start };
  return previousPeriod(range, preset);
}

/**
 * The range to compare `range` with, or null for no comparison. While `range` holds today, the
 * compared figures stop where today's do: on the compared day that lines up with today (as many days
 * from its start, or a year before for year over year), at the same wall-clock time. A view at 09:40
 * is then compared with the morning before it, not a whole day.
 */
export function comparedRange(
  range: DateRange,
  preset: DashboardSearch['range'],
  comparison: Comparison,
  now: ZonedNow,
  custom?: DateRange,
): ComparedRange | null {
  if (comparison === 'none') return null;
  const days = comparedDays(range, preset, comparison, custom);
  const whole: ComparedRange = { start: days.start, end: days.end, days };
  if (!now.time || now.date < range.start || now.date > range.end) return whole;
  const aligned =
    comparison === 'year' ? addMonths(now.date, -12) : addDays(days.start, dayOffset(range.start, now.date));
  if (aligned < days.start || aligned > days.end) return whole;
  return { start: days.start, end: `${aligned}T${now.time}`, days, until: { date: aligned, time: now.time } };
}

/**
 * Now on the zone's wall clock, the minute rounded up so a cut never falls on midnight itself (an
 * empty compared day); in the day's last minute the whole day counts.
 */
export function zonedNow(timeZone: string, instant = new Date()): ZonedNow {
  const f = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const p = Object.fromEntries(f.formatToParts(instant).map((x) => [x.type, x.value]));
  const date = `${p.year}-${p.month}-${p.day}`;
  const minutes = Number(p.hour) * 60 + Number(p.minute) + 1;
  if (minutes >= 24 * 60) return { date };
  return {
    date,
    time: `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`,
  };
}

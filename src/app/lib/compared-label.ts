import type { ComparedRange } from './comparison-range.js';

const at = (date: string) => new Date(`${date}T12:00:00Z`);
const monthDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const monthDayYear = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const dayOnly = new Intl.DateTimeFormat('en-US', { day: 'numeric', timeZone: 'UTC' });
const clock = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });

/**
 * Dates as short as they read unambiguously: "Oct 24", "Oct 1–24", "Sep 25 – Oct 24", with the year
 * when it is not `thisYear` or the span crosses one ("Nov 1–24, 2025", "Dec 29, 2025 – Jan 4, 2026").
 */
export function formatSpan(start: string, end: string, thisYear: string): string {
  const sameYear = start.slice(0, 4) === end.slice(0, 4);
  const withYear = !sameYear || start.slice(0, 4) !== thisYear;
  const year = withYear ? `, ${start.slice(0, 4)}` : '';
  if (start === end) return `${monthDay.format(at(start))}${year}`;
  if (sameYear && start.slice(0, 7) === end.slice(0, 7))
    return `${monthDay.format(at(start))}–${dayOnly.format(at(end))}${year}`;
  if (sameYear) return `${monthDay.format(at(start))} – ${monthDay.format(at(end))}${year}`;
  return `${monthDayYear.format(at(start))} – ${monthDayYear.format(at(end))}`;
}

/** "9:41 AM" for a wall-clock "09:41". */
export const formatClock = (time: string) => clock.format(new Date(`2000-01-01T${time}:00Z`));

/** What a figure is compared with, as the cards and the chart name it: "Oct 1–24", "Nov 23 until 9:41 AM". */
export function comparedLabel(compared: ComparedRange, thisYear: string): string {
  if (!compared.until) return formatSpan(compared.days.start, compared.days.end, thisYear);
  return `${formatSpan(compared.start, compared.until.date, thisYear)} until ${formatClock(compared.until.time)}`;
}

/** What a view's figures are compared with, in words; undefined when they are compared with nothing. */
export function viewComparedLabel(view: { previous: ComparedRange | null; today: string }): string | undefined {
  return view.previous ? comparedLabel(view.previous, view.today.slice(0, 4)) : undefined;
}

/** The compared period as the charts draw it: all its days ("Oct 1–31"), even where the figures stop at now. */
export function chartComparedName(view: { previous: ComparedRange | null; today: string }): string | undefined {
  return view.previous
    ? formatSpan(view.previous.days.start, view.previous.days.end, view.today.slice(0, 4))
    : undefined;
}

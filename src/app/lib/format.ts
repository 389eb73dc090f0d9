// Formatting follows the browser's locale (undefined = the user's own); the data's zone decides dates.
const integer = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });
const compact = new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 });
const percent = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 1 });
const signedPercent = new Intl.NumberFormat(undefined, {
  style: 'percent',
  maximumFractionDigits: 1,
  signDisplay: 'exceptZero',
});

/** What a rate or average without a base (null from the API: no sessions, entries, views) shows. */
export const NO_VALUE = '—';

export const formatInteger = (n: number) => integer.format(n);
export const formatCompact = (n: number) => compact.format(n);
export const formatPercent = (ratio: number | null) => (ratio === null ? NO_VALUE : percent.format(ratio));
export const formatChange = (ratio: number) => signedPercent.format(ratio);

/** Seconds as "1m 05s" / "42s": durations read better than decimal minutes. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return NO_VALUE;
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h ${String(m % 60).padStart(2, '0')}m`;
}

/** A bucket start in the data's zone, as short as the granularity allows. */
export function formatBucket(iso: string, granularity: string, timeZone: string): string {
  const options: Intl.DateTimeFormatOptions =
    granularity === 'hour'
      ? { hour: 'numeric', day: 'numeric', month: 'short' }
      : granularity === 'month'
        ? { month: 'short', year: 'numeric' }
        : { day: 'numeric', month: 'short' };
  return new Intl.DateTimeFormat(undefined, { ...options, timeZone }).format(new Date(iso));
}

export function formatTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat(undefined, { timeStyle: 'medium', timeZone }).format(new Date(iso));
}

/** A calendar date (YYYY-MM-DD) in the user's words; noon UTC keeps it on the same day everywhere. */
export function formatDate(date: string): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
}

/** "1 session" / "2 sessions": the noun follows the count (English UI). */
export const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

import { chanceShown } from '../../../../contract/chance-display.js';
import type { ExperimentDetail } from '../../../../contract/experiments.js';
import { todayIn } from '../../../lib/date-range.js';
import { formatChange, formatDate, formatPercent } from '../../../lib/format.js';
import { formatMoney } from '../../../lib/money.js';

type DetailVariant = ExperimentDetail['variants'][number];

/** One variant's raw figures, flat, so the table sorts them and the CSV gets numbers, not text. */
export interface VariantRow {
  label: string;
  is_control: boolean;
  sessions: number;
  conversions: number;
  conversion_rate: number;
  uplift: number | null;
  chance_to_beat_control: number | null;
  uplift_low: number | null;
  uplift_high: number | null;
  /** Why the comparison figures are missing (contract/experiments.ts), e.g. `no_conversions`. */
  unavailable_reason?: NonNullable<DetailVariant['stats']>['unavailable_reason'];
  /** In the test's one currency (`revenue_currency`, empty while the property has had no payment). */
  revenue: number;
  revenue_per_session: number;
  revenue_currency: string;
  /** The other currencies' totals as text ("€17.00 · £5.00"), never added to `revenue`; empty when none. */
  other_revenue: string;
}

/** Payments in currencies the test does not compare, each in its own currency, never added together. */
export const formatOtherRevenue = (others: { currency: string; amount: number }[] | undefined) =>
  (others ?? []).map((o) => formatMoney(o.amount, o.currency)).join(' · ');

export function variantRows(variants: DetailVariant[], currency: string | null = null): VariantRow[] {
  return variants.map((v) => ({
    label: v.label,
    is_control: v.is_control,
    sessions: v.sessions,
    conversions: v.conversions,
    conversion_rate: v.conversion_rate,
    uplift: v.stats?.uplift ?? null,
    chance_to_beat_control: v.stats?.chance_to_beat_control ?? null,
    uplift_low: v.stats?.uplift_interval?.[0] ?? null,
    uplift_high: v.stats?.uplift_interval?.[1] ?? null,
    ...(v.stats?.unavailable_reason ? { unavailable_reason: v.stats.unavailable_reason } : {}),
    revenue: v.revenue,
    revenue_per_session: v.revenue_per_session,
    revenue_currency: currency ?? '',
    other_revenue: formatOtherRevenue(v.other_revenue),
  }));
}

export const NOT_APPLICABLE = '—';
/** Shown instead of a chance and an interval while neither the variant nor the control has converted. */
export const NO_CONVERSIONS_YET = 'No conversions yet';

/**
 * A chance to beat as the server's verdict words it (contract/chance-display.ts), so the table and
 * the sentence above it never disagree: rounded down to 0.1%, "> 99.9%" and "< 0.1%" at the ends.
 */
export function formatChance(p: number | null): string {
  if (p === null) return NOT_APPLICABLE;
  const { bound, ratio } = chanceShown(p);
  return `${bound ? `${bound} ` : ''}${formatPercent(ratio)}`;
}

export const formatUplift = (u: number | null) => (u === null ? NOT_APPLICABLE : formatChange(u));

export function formatInterval(low: number | null, high: number | null): string {
  return low === null || high === null ? NOT_APPLICABLE : `${formatChange(low)} to ${formatChange(high)}`;
}

/** A moment as a date in the property's zone (the day a marketer would say the test started). */
export const formatDay = (iso: string, timeZone: string) => formatDate(todayIn(timeZone, new Date(iso)));

const DAY_MS = 86_400_000;

/** Whole days from `from` to `to` (or now), for "ran 12 days" and the auto-stop warning. */
export const daysBetween = (from: string, to: string | null, now = Date.now()) =>
  Math.floor(((to ? Date.parse(to) : now) - Date.parse(from)) / DAY_MS);

/** When auto-stop will end (or ended) the test: created_at + days, as the server counts it. */
export const autoStopAt = (createdAt: string, days: number) =>
  new Date(Date.parse(createdAt) + days * DAY_MS).toISOString();

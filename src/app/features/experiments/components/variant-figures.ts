import { formatP } from '../../../../contract/p-value-words.js';
import type { ExperimentDetail } from '../../../../contract/experiments.js';
import { todayIn } from '../../../lib/date-range.js';
import { formatChange, formatDate } from '../../../lib/format.js';
import { formatMoney } from '../../../lib/money.js';

type DetailVariant = ExperimentDetail['variants'][number];

/** One variant's raw figures, flat, so the table sorts them and the CSV gets numbers, not text. */
export interface VariantRow {
  label: string;
  is_control: boolean;
  sessions: number;
  conversions: number;
  conversion_rate: number;
  /** The unit the decision counts, and what it compares per visitor (rate, or the goal's value). */
  visitors: number;
  converted_visitors: number;
  visitor_conversion_rate: number;
  value_per_visitor: number | null;
  uplift: number | null;
  uplift_low: number | null;
  uplift_high: number | null;
  /** Always-valid p-value against the control, Holm-adjusted; null for the control. */
  p_value: number | null;
  significant: boolean;
  better: boolean;
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
    visitors: v.visitors,
    converted_visitors: v.converted_visitors,
    visitor_conversion_rate: v.visitor_conversion_rate,
    value_per_visitor: v.value_per_visitor,
    uplift: v.stats?.uplift ?? null,
    uplift_low: v.stats?.uplift_interval?.[0] ?? null,
    uplift_high: v.stats?.uplift_interval?.[1] ?? null,
    p_value: v.stats?.p_value ?? null,
    significant: v.stats?.significant ?? false,
    better: v.stats?.better ?? false,
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

/** Where a variant stands against the control: "Better", "Worse" or "Not yet", with the p-value behind it. */
export function formatSignificance(r: Pick<VariantRow, 'p_value' | 'significant' | 'better'>): string {
  if (r.p_value === null) return NOT_APPLICABLE;
  const p = formatP(r.p_value);
  return r.significant ? `${r.better ? 'Better' : 'Worse'} (${p})` : `Not yet (${p})`;
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

import { PRE_EXPOSURE_DAYS, type ExperimentDecision } from '../../../../contract/experiment-decision.js';
import { formatP } from '../../../../contract/p-value-words.js';
import { formatCompact, formatDuration, formatInteger, formatPercent } from '../../../lib/format.js';
import { formatMoney } from '../../../lib/money.js';

type Metric = ExperimentDecision['metrics'][number];
type MetricKind = ExperimentDecision['metric'];

/** A metric's name as a heading: the decision writes it mid-sentence ("revenue per visitor"). */
export const metricHeading = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** What a metric's mean per visitor is, as a column heading; revenue names its one currency. */
export function metricMeanLabel(kind: MetricKind, currency: string | null): string {
  if (kind === 'revenue_per_visitor') return `Revenue per visitor${currency ? ` (${currency})` : ''}`;
  if (kind === 'session_seconds_per_visitor') return 'Time per visitor';
  return 'Share of visitors';
}

/** A metric's mean per visitor as it reads: money in the test's currency, a duration, or a share of visitors. */
export function formatMetricMean(kind: MetricKind, mean: number, currency: string | null): string {
  if (kind === 'revenue_per_visitor') return currency ? formatMoney(mean, currency) : formatCompact(mean);
  if (kind === 'session_seconds_per_visitor') return formatDuration(mean);
  return formatPercent(mean);
}

/**
 * Where a variant stands against the control on a metric, with the p-value behind it. Not "Not yet"
 * as on the goal: a metric is only read, so the honest word is that no difference is clear. `hurt`:
 * a guardrail this variant is worse on with confidence, which keeps it from the call.
 */
export function metricStandingWords(
  v: Pick<Metric['variants'][number], 'p_value' | 'significant' | 'better'>,
  hurt: boolean,
  /** Why there is no p-value yet, when there is none (nothingToCompareWords). */
  why: string | null = null,
): string {
  if (v.p_value === null) return why ?? '—';
  const p = formatP(v.p_value);
  if (!v.significant) return `No clear difference (${p})`;
  if (v.better) return `Better (${p})`;
  return hurt ? `Worse: hurts this guardrail (${p})` : `Worse (${p})`;
}

/**
 * Why a variant has no comparison on a metric yet, in the words of the goal's table: nothing measured
 * in any variant, or nothing in the control to measure against. Null when there is something on both
 * sides (the comparison then waits for more visitors, and "—" says no more than that).
 */
export function nothingToCompareWords(kind: MetricKind, controlMean: number, variantMean: number): string | null {
  const none =
    kind === 'revenue_per_visitor'
      ? 'No revenue yet'
      : kind === 'session_seconds_per_visitor'
        ? 'No time measured yet'
        : 'No conversions yet';
  if (controlMean === 0 && variantMean === 0) return none;
  if (controlMean === 0) return `${none} in the control: nothing to compare against`;
  return null;
}

/**
 * What CUPED did, in a sentence a marketer can follow, or null when it cut nothing (nobody had
 * history, or the history says nothing about the metric): a smaller variance is a quicker call.
 * `visitors`: all the test's visitors, to say how many had history; null leaves that out.
 */
export function cupedWords(cuped: ExperimentDecision['cuped'], visitors: number | null): string | null {
  if (!cuped || !(cuped.variance_reduction > 0)) return null;
  const percent = Math.round(cuped.variance_reduction * 100);
  const cut = `Variance cut by ${percent < 1 ? 'less than 1%' : `${percent}%`} using visitors’ history`;
  // Null: said once already (under the verdict), where the same visitors' history was counted.
  if (visitors === null) return `${cut}.`;
  return (
    `${cut} (${formatInteger(cuped.visitors_with_history)} of ${formatInteger(visitors)} visitors had ` +
    `visited in the ${PRE_EXPOSURE_DAYS} days before they entered the test).`
  );
}

/** Above a guardrail's table: who hurts it, in words (the red in the table is only a help). */
export function hurtByWords(hurtBy: readonly string[]): string | null {
  if (hurtBy.length === 0) return null;
  const one = hurtBy.length === 1;
  return `${list(hurtBy)} ${one ? 'is' : 'are'} worse on this guardrail with confidence, so ${one ? 'it' : 'they'} cannot be called the winner.`;
}

const list = (words: readonly string[]) =>
  words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;

/**
 * The variants better on the goal that a guardrail keeps from the call, one sentence; null without
 * any. Said whatever the status: also while it is too early, or when another variant wins.
 */
export function heldBackWords(heldBack: ExperimentDecision['held_back']): string | null {
  const hurts = (h: ExperimentDecision['held_back'][number]) =>
    `${h.label} ${heldBack.length === 1 ? 'is better on the goal but ' : ''}hurts the guardrail${h.guardrails.length === 1 ? '' : 's'} ${list(h.guardrails)}`;
  if (heldBack.length === 0) return null;
  if (heldBack.length === 1) return `${hurts(heldBack[0]!)}: it cannot be shipped as it is.`;
  return `${heldBack.map(hurts).join('; ')}. They are better on the goal, but none can be shipped as it is.`;
}

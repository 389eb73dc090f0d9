import {
  changeOps,
  DEFAULT_GOAL,
  goals,
  metricRoles,
  type Change,
  type CreateExperimentBody,
} from '../../../../contract/experiments.js';
import { recommendationToChange, type Recommendation } from '../../../../contract/recommendations.js';
import { blankCssRow, cssToRows, rowsToCss, type CssRow } from './wizard-css-rows.js';

export type ChangeOp = (typeof changeOps)[number];
export type Goal = (typeof goals)[number];
export type MetricRole = (typeof metricRoles)[number];

/**
 * A change as the form edits it: the value as text, and css as rows (kept beside the text so
 * switching op back and forth loses nothing). `rec_id` names the recommendation it came from.
 */
export interface FormChange {
  rec_id: string;
  selector: string;
  op: ChangeOp;
  value: string;
  css: CssRow[];
}

/** One more metric as the form edits it: the body's own fields, the target as text (blank: none). */
export interface FormMetric {
  goal: Goal;
  goal_target: string;
  role: MetricRole;
}

export interface FormVariant {
  label: string;
  url: string;
  changes: FormChange[];
}

/** Everything the wizard edits; `toCreateBody` turns it into the contract's request body. */
export interface WizardValues {
  name: string;
  page: string;
  type: 'nocode' | 'redirect';
  variants: FormVariant[];
  goal: Goal;
  goal_target: string;
  /** The revenue goal's currency (ISO 4217); empty: the property's usual one, which the server picks. */
  currency: string;
  auto_stop: 'manual' | 'days';
  auto_stop_days: string;
  /** The plan's smallest change worth finding, in percent ("10"), and the days before any call ("7"). */
  minimum_detectable_effect: string;
  min_days: string;
  /** The more metrics the test reports beside its goal (up to MAX_METRICS). */
  metrics: FormMetric[];
}

/** The decision's defaults (docs/experiments.md, "The decision"), shown in the form so they can be changed. */
export const DEFAULT_MDE_PERCENT = 10;
export const DEFAULT_MIN_DAYS = 7;

/** Goals that count something the person names (a path, a URL or host, seconds, one of the property's goals). */
export const TARGET_GOALS: readonly Goal[] = ['destination_page', 'external_destination', 'session_time', 'goal'];
/** Ops whose value the contract requires to be an empty string. */
export const VALUELESS_OPS: readonly ChangeOp[] = ['delete', 'duplicate'];

export const blankChange = (): FormChange => ({
  rec_id: '',
  selector: '',
  op: 'text',
  value: '',
  css: [blankCssRow()],
});
/** What a new metric row offers first: revenue is most often watched beside another goal; none takes a target. */
const NEW_METRIC_GOALS: readonly Goal[] = [
  'revenue',
  'bounce_rate',
  'session_time',
  'form_submission',
  'click_through',
];

/** A new metric row, on the first of NEW_METRIC_GOALS the test does not measure yet (a repeat is refused). */
export function blankMetric(v: Pick<WizardValues, 'goal' | 'metrics'>): FormMetric {
  const taken = new Set([v.goal, ...v.metrics.map((m) => m.goal)]);
  const goal = NEW_METRIC_GOALS.find((g) => !taken.has(g)) ?? 'destination_page';
  return { goal, goal_target: '', role: 'secondary' };
}

export const blankVariant = (n: number): FormVariant => ({ label: `Variant ${n}`, url: '', changes: [blankChange()] });

export function initialValues(page: string): WizardValues {
  return {
    name: '',
    page,
    type: 'nocode',
    variants: [{ ...blankVariant(1), changes: [] }],
    goal: DEFAULT_GOAL,
    goal_target: '',
    currency: '',
    auto_stop: 'manual',
    auto_stop_days: '30',
    minimum_detectable_effect: String(DEFAULT_MDE_PERCENT),
    min_days: String(DEFAULT_MIN_DAYS),
    metrics: [],
  };
}

/** A contract change in the form's shape. */
export function changeToForm(change: Change, recId = ''): FormChange {
  if (change.op === 'css')
    return { rec_id: recId, selector: change.selector, op: 'css', value: '', css: cssToRows(change.value) };
  return { rec_id: recId, selector: change.selector, op: change.op, value: change.value, css: [blankCssRow()] };
}

/** A recommendation as an editable change, through the contract's mapping (the one the server uses). */
export const recommendationToFormChange = (r: Recommendation): FormChange =>
  changeToForm(recommendationToChange(r), r.id);

function formChangeToBody(c: FormChange): Change {
  if (c.op === 'css') return { selector: c.selector, op: 'css', value: rowsToCss(c.css) };
  // Typed as the contract's union; the schema, not this cast, decides whether the pair is valid.
  return { selector: c.selector, op: c.op, value: c.value } as Change;
}

const optionalText = (s: string) => (s.trim() === '' ? undefined : s);

/**
 * Goals whose target a metric takes. Not session_time's seconds: a metric compares the time per
 * visitor, which no threshold changes, so asking for one would only suggest it does.
 */
export const METRIC_TARGET_GOALS: readonly Goal[] = TARGET_GOALS.filter((g) => g !== 'session_time');

/** Whether the test counts revenue at all (its goal or a metric), so its currency is worth choosing. */
export const countsRevenue = (v: Pick<WizardValues, 'goal' | 'metrics'>) =>
  v.goal === 'revenue' || (v.metrics ?? []).some((m) => m.goal === 'revenue');

const metricToBody = (m: FormMetric) => ({
  goal: m.goal,
  goal_target: METRIC_TARGET_GOALS.includes(m.goal) ? optionalText(m.goal_target) : undefined,
  role: m.role,
});

/**
 * The request body the form stands for, unvalidated: the contract schema checks it (as the person
 * types, and again on the server). Blank optional fields are left out rather than sent empty.
 */
export function toCreateBody(v: WizardValues): CreateExperimentBody {
  const common = {
    name: v.name,
    page: v.page,
    goal: v.goal,
    goal_target: TARGET_GOALS.includes(v.goal) ? optionalText(v.goal_target) : undefined,
    // Offered only when the goal or a metric is revenue; any other test counts it in the property's usual currency.
    ...(countsRevenue(v) && optionalText(v.currency ?? '') ? { currency: v.currency } : {}),
    // Number('') is 0, which the schema refuses (min 1): an empty box is reported, not ignored.
    auto_stop_days: v.auto_stop === 'days' ? Number(v.auto_stop_days.trim()) : undefined,
    // Percent in the form, a fraction in the body; blank: the server's default. Number('x') is NaN, which the schema refuses.
    minimum_detectable_effect: optionalText(v.minimum_detectable_effect)
      ? Number(v.minimum_detectable_effect.trim()) / 100
      : undefined,
    min_days: optionalText(v.min_days) ? Number(v.min_days.trim()) : undefined,
    // Older drafts have no rows; a test without any sends no key at all, as before metrics existed.
    ...(v.metrics?.length ? { metrics: v.metrics.map(metricToBody) } : {}),
  };
  if (v.type === 'redirect') {
    return {
      ...common,
      type: 'redirect',
      variants: v.variants.map((x) => ({ label: optionalText(x.label), url: x.url })),
    };
  }
  return {
    ...common,
    type: 'nocode',
    variants: v.variants.map((x) => ({ label: optionalText(x.label), changes: x.changes.map(formChangeToBody) })),
  };
}

/**
 * Variant 1's changes after the person chose `chosen`: changes from recommendations no longer
 * chosen go, newly chosen ones are added, and everything else (hand edits included) stays.
 */
export function applyChosenRecommendations(
  changes: readonly FormChange[],
  chosen: readonly Recommendation[],
): FormChange[] {
  const ids = new Set(chosen.map((r) => r.id));
  const kept = changes.filter((c) => c.rec_id === '' || ids.has(c.rec_id));
  const present = new Set(kept.map((c) => c.rec_id));
  const added = chosen.filter((r) => !present.has(r.id)).map(recommendationToFormChange);
  const next = [...kept, ...added];
  return next.length > 0 ? next : [blankChange()];
}

import { formatP } from '../../../../contract/p-value-words.js';
import type { Change, ExperimentDetail, ExperimentGoalDefinition, goals } from '../../../../contract/experiments.js';
import { formatInteger } from '../../../lib/format.js';
import { GOAL_KIND_LABELS } from '../../goals/utils/goal-words.js';
import { autoStopAt, formatDay } from './variant-figures.js';

type Goal = (typeof goals)[number];

/** One of the property's goals by its name and kind: "Signup (custom event)". */
export const propertyGoalWords = (g: Pick<ExperimentGoalDefinition, 'name' | 'kind'>) =>
  `${g.name} (${GOAL_KIND_LABELS[g.kind].toLowerCase()})`;

/**
 * What counts as a conversion, in a marketer's words (docs/decisions.md, conversion rules); a goal
 * test names its goal as it was when the test began: "Signup (custom event)".
 */
export function describeGoal(
  goal: Goal,
  target: string | null,
  definition?: ExperimentGoalDefinition,
  currency?: string | null,
): string {
  switch (goal) {
    case 'click_through':
      return 'Click-through: a click on the tested page';
    case 'form_submission':
      return 'Form submission: any form sent';
    case 'bounce_rate':
      return 'Fewer bounces: the visit goes on to a second page';
    case 'session_time':
      return `Time on site: the visit lasts at least ${formatInteger(Number(target ?? 60))} seconds after seeing the variant`;
    case 'destination_page':
      return `Destination page: a view of ${target ?? 'the goal page'}`;
    case 'external_destination':
      return `External destination: a click on a link to ${target ?? 'the goal site'}`;
    case 'revenue':
      // A test compares one currency (docs/decisions.md, "Split tests: revenue in one currency").
      return currency ? `Revenue: a purchase paid in ${currency}` : 'Revenue: a purchase (revenue event)';
    case 'goal':
      return definition ? propertyGoalWords(definition) : 'One of your goals';
  }
}

export const typeLabel = (type: 'nocode' | 'redirect') => (type === 'nocode' ? 'No-code changes' : 'Redirect');

/** Why a complete test ended, in words: the API records "manual", "auto_stop" or the person's reason. */
export function describeEnd(detail: Pick<ExperimentDetail, 'reason' | 'auto_stop_days'>): string {
  if (detail.reason === 'auto_stop')
    return `Its auto-stop ended it after ${formatInteger(detail.auto_stop_days ?? 0)} days.`;
  if (detail.reason === 'manual' || !detail.reason) return 'It was stopped by hand, without a reason.';
  return `It was stopped with the reason “${detail.reason}”.`;
}

const dayWord = (n: number) => `${formatInteger(n)} ${n === 1 ? 'day' : 'days'}`;

/** A running test's coming auto-stop; an ended test's in the past tense, never a date still to come. */
export function describeAutoStop(
  detail: Pick<ExperimentDetail, 'status' | 'reason' | 'auto_stop_days' | 'created_at' | 'stopped_at'>,
  timezone: string,
): string {
  const auto = detail.auto_stop_days;
  if (detail.status === 'complete') {
    if (detail.reason === 'auto_stop' && auto !== null && detail.stopped_at)
      return `Ended the test on ${formatDay(detail.stopped_at, timezone)}, after ${dayWord(auto)}`;
    return auto === null ? 'Off' : `Not reached: stopped before day ${formatInteger(auto)}`;
  }
  return auto === null
    ? 'Off: runs until stopped'
    : `After ${dayWord(auto)} (${formatDay(autoStopAt(detail.created_at, auto), timezone)})`;
}

const LIMIT = 140;
const clip = (text: string) => (text.length > LIMIT ? `${text.slice(0, LIMIT)}…` : text);

/** One change as a marketer would say it: what happens to which element. */
export function describeChange(c: Change): string {
  switch (c.op) {
    case 'text':
      return `Text becomes “${clip(c.value)}”`;
    case 'html':
      return `Content becomes ${clip(c.value)}`;
    case 'image':
      return `Image becomes ${clip(c.value)}`;
    case 'css':
      return `Style: ${clip(
        Object.entries(c.value)
          .map(([k, v]) => `${k}: ${v}`)
          .join('; '),
      )}`;
    case 'delete':
      return 'Removed';
    case 'duplicate':
      return 'Shown twice';
  }
}

/**
 * The sample-ratio check in a sentence, whatever its outcome: p is the always-valid check's evidence
 * that visitors are not split as intended, and only below 0.001 does the API call it a mismatch
 * (docs/experiments.md, "The decision").
 */
export function sampleRatioWords(
  stats: Pick<ExperimentDetail['stats'], 'sample_ratio_p_value' | 'sample_ratio_mismatch'>,
): string {
  const p = stats.sample_ratio_p_value;
  if (p === null) return 'The split between variants is checked once visitors arrive.';
  if (stats.sample_ratio_mismatch)
    return `The split is off (${formatP(p)}): visitors are not reaching the variants as planned, so results may be biased.`;
  return `Visitors split as planned (${formatP(p)}): no sign that any variant gets a different share of visitors than intended.`;
}

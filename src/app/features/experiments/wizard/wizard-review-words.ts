import {
  DEFAULT_GOAL,
  DEFAULT_SESSION_TIME_SECONDS,
  type Change,
  type CreateExperimentBody,
} from '../../../../contract/experiments.js';
import { metricName } from '../../../../contract/experiment-goals.js';
import type { Goal } from '../../../../contract/goals.js';
import { propertyGoalWords } from '../components/experiment-detail-words.js';

/** The goals in a marketer's words (the spec's meanings). */
export const GOAL_WORDS: Record<NonNullable<CreateExperimentBody['goal']>, string> = {
  click_through: 'Click-through rate on the page',
  form_submission: 'Form submission rate',
  bounce_rate: 'Lower bounce rate',
  session_time: 'Longer sessions',
  destination_page: 'Visitors reaching a page',
  external_destination: 'Visitors reaching an external site',
  revenue: 'Revenue per visitor',
  goal: 'One of your goals',
};

/** One change as a sentence: what the visitor of that variant sees differently. */
export function changeWords(c: Change): string {
  switch (c.op) {
    case 'text':
      return `replace the text of ${c.selector} with “${c.value}”`;
    case 'css':
      return `style ${c.selector}: ${
        Object.entries(c.value)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ') || 'no properties yet'
      }`;
    case 'html':
      return `replace the HTML inside ${c.selector}`;
    case 'image':
      return `show the image ${c.value} in ${c.selector}`;
    case 'delete':
      return `remove ${c.selector}`;
    case 'duplicate':
      return `duplicate ${c.selector}`;
  }
}

/** What success means for this test, with its target; a goal test names its goal among the property's `goals`. */
export function goalWords(
  body: Pick<CreateExperimentBody, 'goal' | 'goal_target' | 'currency'>,
  goals: readonly Pick<Goal, 'id' | 'name' | 'kind'>[] = [],
): string {
  const goal = body.goal ?? DEFAULT_GOAL;
  if (goal === 'goal') {
    const picked = goals.find((g) => g.id === body.goal_target);
    return picked ? propertyGoalWords(picked) : GOAL_WORDS.goal;
  }
  if (goal === 'session_time')
    return `Sessions lasting at least ${body.goal_target ?? DEFAULT_SESSION_TIME_SECONDS} seconds`;
  if (goal === 'destination_page') return `Visitors reaching ${body.goal_target}`;
  if (goal === 'external_destination') return `Visitors leaving for ${body.goal_target}`;
  if (goal === 'revenue')
    return `${GOAL_WORDS.revenue}, in ${body.currency ?? 'the property’s usual currency (most payments in the last 30 days)'}`;
  return GOAL_WORDS[goal];
}

/**
 * The more metrics in the words the test's page will use (the decision's names), each guardrail
 * said so: "revenue per visitor (guardrail), visitors who did not bounce"; null without any.
 */
export function metricsWords(
  body: Pick<CreateExperimentBody, 'metrics' | 'currency'>,
  goals: readonly Pick<Goal, 'id' | 'name'>[] = [],
): string | null {
  if (!body.metrics?.length) return null;
  return body.metrics
    .map((m) => {
      const picked = m.goal === 'goal' ? goals.find((g) => g.id === m.goal_target) : undefined;
      // Before the goals have loaded, an id (gol_…) would mean nothing to the reader.
      const name =
        m.goal === 'goal' && !picked
          ? 'visitors who reached one of your goals'
          : metricName({ goal: m.goal, goal_target: m.goal_target, goal_definition: picked });
      const currency = m.goal === 'revenue' && body.currency ? ` in ${body.currency}` : '';
      return `${name}${currency}${m.role === 'guardrail' ? ' (guardrail)' : ''}`;
    })
    .join(', ');
}

export const autoStopWords = (days: number | undefined) =>
  days === undefined ? 'Runs until you stop it.' : `Stops by itself after ${days} day${days === 1 ? '' : 's'}.`;

/** Each version a visitor may get, control first, as label + what it does. */
export function versionLines(body: CreateExperimentBody): { label: string; words: string[] }[] {
  const control = { label: 'Control', words: ['the page as it is'] };
  if (body.type === 'redirect') {
    return [
      control,
      ...body.variants.map((v, i) => ({ label: v.label ?? `Variant ${i + 1}`, words: [`sent to ${v.url}`] })),
    ];
  }
  return [
    control,
    ...body.variants.map((v, i) => ({ label: v.label ?? `Variant ${i + 1}`, words: v.changes.map(changeWords) })),
  ];
}

/** The even split: every version, the control included, gets the same share of visitors. */
export const splitShare = (body: Pick<CreateExperimentBody, 'variants'>) => 1 / (body.variants.length + 1);

import { formatP } from '../../contract/p-value-words.js';
import type { ExperimentDecision } from '../../contract/experiment-decision.js';
import { count, signed } from './verdict-words.js';

/** What the decision compares, in a marketer's words. */
const METRIC_WORDS: Record<ExperimentDecision['metric'], string> = {
  visitor_conversion_rate: 'conversion rate per visitor',
  revenue_per_visitor: 'revenue per visitor',
  session_seconds_per_visitor: 'time on site per visitor',
};

type Decided = Omit<ExperimentDecision, 'verdict'>;
const level = (d: Decided) => `${Number((d.interval_level * 100).toFixed(1))}%`;
const interval = (i: [number, number] | null) => (i ? `${signed(i[0])} to ${signed(i[1])}` : null);

/** "+22.0%, 97.5% interval +6.0% to +41.0%": a variant's uplift and its always-valid interval. */
function upliftWords(d: Decided, v: Decided['variants'][number]): string {
  if (v.uplift === null) return 'no uplift to show: the control has none';
  const range = interval(v.uplift_interval);
  return `${signed(v.uplift)}${range ? `, ${level(d)} interval ${range}` : ''}`;
}

/** How far along the plan, and how long it still takes: "62% of the planned 14,000 visitors, about 9 more days". */
function planWords(d: Decided, complete: boolean): string {
  const p = d.plan;
  if (p.planned_visitors_per_variant === null) {
    if (p.baseline === null) return 'no plan yet: no visitors to size it from';
    return p.baseline.source === 'before_test'
      ? 'no plan: nobody reached the goal on the page in the 28 days before the test'
      : 'no plan: nobody in the control reached the goal in the first week';
  }
  const planned = count(p.planned_visitors_per_variant * d.variants.length);
  const share = `${Math.floor((p.progress ?? 0) * 100)}% of the planned ${planned} visitors`;
  return complete || p.days_left === null || p.days_left === 0
    ? share
    : `${share}, about ${count(p.days_left)} more day${p.days_left === 1 ? '' : 's'}`;
}

/**
 * On a test with guardrails: that the winner hurts none, and which other better variants were held
 * back by one (they are not the call, but the marketer should not wonder where they went).
 */
const guardrailWords = (d: Decided) => {
  if (!d.metrics.some((m) => m.role === 'guardrail')) return { inline: '', after: '' };
  const held = d.held_back.map((h) => `${h.label} is also better but hurts ${h.guardrails.join(' and ')}.`);
  return { inline: '; it hurts no guardrail', after: held.length ? ` ${held.join(' ')}` : '' };
};

/** "Variant B is better … but hurts revenue per visitor (-8.0%, …)": why a better variant is held back. */
function heldBackWords(d: Decided, metric: string, control: string, complete: boolean): string {
  const [first] = d.held_back;
  const v = d.variants.find((x) => x.label === first.label)!;
  const hurt = first.guardrails
    .map((name) => {
      const m = d.metrics.find((x) => x.name === name)!;
      const line = m.variants.find((x) => x.label === first.label)!;
      return `${name} (${upliftWords(d, line)})`;
    })
    .join(' and ');
  const others =
    d.held_back.length > 1
      ? ` ${d.held_back
          .slice(1)
          .map((h) => h.label)
          .join(' and ')} likewise.`
      : '';
  return `${v.label} ${complete ? 'was' : 'is'} better than ${control} on ${metric} (${upliftWords(d, v)}), but it ${complete ? 'hurt' : 'hurts'} the guardrail ${hurt}: do not ship it as it is.${others}`;
}

/** The variant closest to a call (lowest p-value), for "no call yet" sentences. */
const leading = (d: Decided) =>
  d.variants
    .slice(1)
    .reduce<Decided['variants'][number] | null>(
      (best, v) => (best === null || (v.p_value ?? 1) < (best.p_value ?? 1) ? v : best),
      null,
    );

/**
 * One sentence a marketer can act on, naming the rule behind it (docs/experiments.md, "The
 * decision"); `complete`: the test has stopped, so it speaks of what was found, never of days to go.
 */
export function decisionVerdict(d: Decided, complete: boolean): string {
  const metric = METRIC_WORDS[d.metric];
  const control = d.variants[0]?.label ?? 'Control';
  if (d.variants.length < 2) return 'Only the control runs, so there is nothing to compare.';
  if (d.variants.every((v) => v.mean === 0) && d.plan.visitors === 0) return 'No visitors yet.';
  if (d.status === 'looks_forged')
    return 'No call while the traffic looks forged (see the traffic check): its figures may not be real visitors.';
  if (d.status === 'sample_ratio_mismatch') {
    const p = d.sample_ratio.p_value === null ? '' : ` (${formatP(d.sample_ratio.p_value)})`;
    return `Visitors are not split between the variants as the test intends${p}, so no call can be trusted: check the redirect, the targeting or a cache.`;
  }
  if (d.status === 'winner') {
    const w = d.variants.find((v) => v.label === d.winner)!;
    const tied = d.tied_with_winner.length
      ? ` ${d.tied_with_winner.join(' and ')} ${d.tied_with_winner.length === 1 ? 'is' : 'are'} also better than ${control}, and the data cannot tell ${d.tied_with_winner.length === 1 ? 'it' : 'them'} apart from ${w.label}.`
      : '';
    const guard = guardrailWords(d);
    return `${w.label} ${complete ? 'was' : 'is'} better than ${control} on ${metric} (${upliftWords(d, w)})${guard.inline}.${tied}${guard.after}${complete ? '' : ' Safe to ship.'}`;
  }
  if (d.status === 'guardrail_hurt') return heldBackWords(d, metric, control, complete);
  if (d.status === 'control_wins')
    return `${control} ${complete ? 'was' : 'is'} better than every variant on ${metric}: keep the page as it is.`;
  if (d.status === 'no_difference') {
    const mde = `${Math.round(d.plan.minimum_detectable_effect * 100)}%`;
    return `No difference large enough to matter: with the planned visitors, no variant moved ${metric} by the ${mde} the plan looks for.`;
  }
  const lead = leading(d);
  const leadText = !lead
    ? ''
    : lead.uplift === null
      ? `${control} ${complete ? 'had nothing' : 'has nothing yet'} to measure ${lead.label}’s uplift against`
      : `${lead.label} ${upliftWords(d, lead)} on ${metric}`;
  if (complete) return `No call when it stopped: ${leadText}; ${planWords(d, true)}.`;
  if (d.status === 'too_early') {
    const day = Math.floor(d.days_running) + 1;
    return `Too early to call: a call needs ${d.min_days} whole days so every weekday is in the sample (this is day ${day}). So far ${leadText}; ${planWords(d, false)}.`;
  }
  return `No call yet: ${leadText}; ${planWords(d, false)}.`;
}

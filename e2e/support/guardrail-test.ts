import { eventSchema, type EventInput } from '../../src/contract/events.js';
import { createExperimentBody } from '../../src/contract/experiments.js';
import { newExperiment } from '../../src/server/experiments/experiment-records.js';
import { normalizeEvent } from '../../src/server/ingest/normalize-event.js';
import type { Dashboard } from './dashboard-harness.js';

// A click test whose better variant hurts its revenue guardrail, with CUPED's history, as the API
// test of more metrics builds it (src/server/experiments/experiment-metrics.test.ts, where every
// figure is worked by hand). Created 10 days ago so the 7-day rule has passed; 2,000 visitors an arm
// over 9 days, on a page of its own:
//
// - clicks: control i % 10 = 0 (10%), Variant B i % 10 < 3 (30%): B is better on the goal;
// - payments of $10: control i % 2 = 0 ($5.00 a visitor), B i % 4 = 0 or i % 5 = 0 ($4.00): −20%,
//   worse on the revenue guardrail with confidence;
// - a second page (no bounce): i % 2 = 1 in both arms, no difference;
// - history: i % 4 = 0 in both arms had a session 3 days before their exposure (with a payment if
//   they pay): 1,000 of the 4,000 visitors, and revenue's variance cut by 41.2%.

export const GUARDRAIL_PAGE = '/demo/guardrail-test';
const DAY = 86_400_000;
const N = 2_000;

function visitor(property: string, testId: string, created: number, arm: 0 | 1, i: number): EventInput[] {
  const id = `guard-${arm}-${i}`;
  const at = created + 60_000 + Math.floor((i * 9 * DAY) / N);
  const pays = arm === 0 ? i % 2 === 0 : i % 5 === 0 || i % 4 === 0;
  const clicks = arm === 0 ? i % 10 === 0 : i % 10 < 3;
  const ev = (session: string, t: number, e: Partial<EventInput> & Pick<EventInput, 'type'>): EventInput => ({
    property_id: property,
    visitor_id: id,
    session_id: `${id}-${session}`,
    path: GUARDRAIL_PAGE,
    ts: new Date(t).toISOString(),
    ...e,
  });
  const payment = { amount: 10, currency: 'USD' };
  return [
    ev('s', at, { type: 'pageview' }),
    ev('s', at + 100, { type: 'exposure', experiment_id: testId, variant: arm }),
    ...(clicks ? [ev('s', at + 5_000, { type: 'click', target: '#cta' })] : []),
    ...(pays ? [ev('s', at + 6_000, { type: 'revenue', ...payment })] : []),
    ...(i % 2 === 1 ? [ev('s', at + 7_000, { type: 'pageview', path: '/demo/thanks' })] : []),
    ...(i % 4 === 0
      ? [
          ev('h', at - 3 * DAY, { type: 'pageview', path: '/demo' }),
          ...(pays ? [ev('h', at - 3 * DAY + 2_000, { type: 'revenue', ...payment, path: '/demo' })] : []),
        ]
      : []),
  ];
}

/** Stores the test (as if created 10 days ago) and its visitors; returns its id. */
export async function seedGuardrailTest(dash: Dashboard, property: string): Promise<string> {
  const now = new Date();
  const created = new Date(now.getTime() - 10 * DAY);
  const e = newExperiment(
    property,
    createExperimentBody.parse({
      name: 'Pricing: louder button, guarded revenue',
      page: GUARDRAIL_PAGE,
      type: 'nocode',
      variants: [{ changes: [{ selector: 'h1', op: 'text', value: 'B' }] }],
      currency: 'USD',
      metrics: [{ goal: 'revenue', role: 'guardrail' }, { goal: 'bounce_rate' }],
    }),
    created,
  );
  await dash.store.createExperiment(e);
  const events: EventInput[] = [];
  for (let i = 0; i < N; i++)
    events.push(
      ...visitor(property, e.id, created.getTime(), 0, i),
      ...visitor(property, e.id, created.getTime(), 1, i),
    );
  await dash.store.insertEvents(events.map((x) => normalizeEvent(eventSchema.parse(x), now)));
  return e.id;
}

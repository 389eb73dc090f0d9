import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../contract/events.js';
import { aroundToday, collect, pageview } from '../test-support/collect-requests.js';
import { createTestEnv, endpointPath, post, report, type TestEnv } from '../test-support/fixtures.js';

// Custom events and revenue as the page script sends them (docs/tracking.md "Custom events and
// revenue"), through POST /api/collect, then read by the Goals report and by export.
let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

async function exported(): Promise<StoredEvent[]> {
  const all: StoredEvent[] = [];
  for await (const batch of env.store.exportEvents()) all.push(...batch);
  return all;
}

describe('custom events and revenue through collect', () => {
  it('stores a custom event and a payment with their names and props (numbers and booleans as text), and the report counts them', async () => {
    // One visitor: a page view, sightline.track('Signup', {...}) and sightline.revenue(29, 'USD', {...}).
    const r = await collect(env.app, {
      events: [
        pageview({ path: '/pricing' }),
        pageview({ type: 'custom', path: '/pricing', name: 'Signup', props: { plan: 'pro', seats: 3, annual: true } }),
        pageview({
          type: 'revenue',
          path: '/pricing',
          amount: 29,
          currency: 'USD',
          props: { plan: 'pro', coupon: 'SPRING' },
        }),
      ],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    expect(r.body).toEqual({ accepted: 3 });

    const stored = await exported();
    expect(stored.find((e) => e.type === 'custom')).toMatchObject({
      path: '/pricing',
      name: 'Signup',
      props: { plan: 'pro', seats: '3', annual: 'true' },
      is_bot: false,
    });
    expect(stored.find((e) => e.type === 'revenue')).toMatchObject({
      path: '/pricing',
      amount: 29,
      currency: 'USD',
      props: { plan: 'pro', coupon: 'SPRING' },
      is_bot: false,
    });

    for (const goal of [
      { name: 'Signed up', kind: 'event', event: 'Signup' },
      { name: 'Other event', kind: 'event', event: 'signup' },
    ])
      expect((await post(env, env.keys.a, endpointPath('createGoal'), goal)).status).toBe(201);
    const goals = await report(env, 'goalsReport', aroundToday());
    expect(goals.meta.totals).toEqual({ unique_visitors: 1 });
    expect(
      goals.data.map(({ name, visitors, conversions, conversion_rate, revenue }) => ({
        name,
        visitors,
        conversions,
        conversion_rate,
        revenue,
      })),
    ).toEqual([
      {
        name: 'Signed up',
        visitors: 1,
        conversions: 1,
        conversion_rate: 1,
        revenue: [{ currency: 'USD', amount: 29 }],
      },
      // names are exact: "signup" is another event
      { name: 'Other event', visitors: 0, conversions: 0, conversion_rate: 0, revenue: [] },
    ]);
  });
});

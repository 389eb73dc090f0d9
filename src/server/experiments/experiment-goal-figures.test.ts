import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventInput } from '../../contract/events.js';
import { experimentDetailResponse } from '../../contract/experiments.js';
import {
  BOT_UA,
  createTestEnv,
  del,
  endpointPath,
  get,
  insert,
  post,
  PROP_A,
  type TestEnv,
} from '../test-support/fixtures.js';
import { newExperiment } from './experiment-records.js';

/**
 * Split tests whose goal is one of the property's goals (docs/decisions.md "Split tests", `goal`),
 * each goal matched as the Goals report matches it. Times are minutes after T0; every test was
 * created an hour before T0, on /pricing. Variant 0 is the control.
 *
 *   a1 (v0)  view /pricing 0 · exposure 0.1 · click #cta on /pricing 1 · signup 2 · view /docs/intro 3
 *            · revenue 40 at 4
 *   a2 (v0)  view /pricing 0 · signup 0.05 (BEFORE its exposure) · exposure 0.1 · click #other on /pricing 1
 *            · view /docs 1.5 · view /docs/guide 2
 *   a3 (v0)  view /pricing 0 · exposure 0.1 · click #cta on /about 1 · view /docs/a/b 2 · "Signup" 3 (another name)
 *   b1 (v1)  view /pricing 0 · exposure 0.1 · click #cta on /pricing 0.5 · signup 1 · view /docs/setup 1.5
 *            · revenue 10 at 2 and 5 at 3
 *   b2 (v1)  view /pricing 0 · exposure 0.1 · signup 1 · view /docs 2
 *   b3 (v1)  a bot doing all of a1's conversions                         → never counted
 *   a4       a1's visitor, a later session without exposure: click #cta on /pricing, signup → not a1's
 *
 * The goals: Signup (event `signup`), CTA on pricing (click `#cta` on `/pricing`), CTA anywhere
 * (click `#cta`), Docs page (page `/docs/*`: one segment under /docs, so not /docs nor /docs/a/b).
 * So every test has 3 control sessions (a1, a2, a3) and 2 variant sessions (b1, b2).
 */
const T0 = Date.parse('2026-03-02T10:00:00Z');
const CREATED = new Date(T0 - 3_600_000);
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

const goalBodies = {
  signup: { name: 'Signup', kind: 'event', event: 'signup' },
  ctaOnPricing: { name: 'CTA on pricing', kind: 'click', target: '#cta', page: '/pricing' },
  ctaAnywhere: { name: 'CTA anywhere', kind: 'click', target: '#cta' },
  docs: { name: 'Docs page', kind: 'page', page: '/docs/*' },
} as const;
type GoalKey = keyof typeof goalBodies;

let env: TestEnv;
const goalIds = {} as Record<GoalKey, string>;
const testIds: Record<string, string> = {};

function events(testIdsToExpose: string[]): EventInput[] {
  const ev = (
    session: string,
    type: EventInput['type'],
    minutes: number,
    path: string,
    extra: Partial<EventInput> = {},
  ): EventInput => ({
    type,
    property_id: PROP_A,
    visitor_id: `v-${session}`,
    session_id: session,
    ts: at(minutes),
    path,
    ...extra,
  });
  const enter = (session: string, variant: number, extra: Partial<EventInput> = {}) => [
    ev(session, 'pageview', 0, '/pricing', extra),
    ...testIdsToExpose.map((id) => ev(session, 'exposure', 0.1, '/pricing', { experiment_id: id, variant, ...extra })),
  ];
  const signup = (session: string, minutes: number, extra: Partial<EventInput> = {}) =>
    ev(session, 'custom', minutes, '/pricing', { name: 'signup', ...extra });
  const bot = { user_agent: BOT_UA };
  return [
    ...enter('a1', 0),
    ev('a1', 'click', 1, '/pricing', { target: '#cta' }),
    signup('a1', 2),
    ev('a1', 'pageview', 3, '/docs/intro'),
    ev('a1', 'revenue', 4, '/pricing', { amount: 40, currency: 'EUR' }),
    ...enter('a2', 0),
    signup('a2', 0.05),
    ev('a2', 'click', 1, '/pricing', { target: '#other' }),
    ev('a2', 'pageview', 1.5, '/docs'),
    ev('a2', 'pageview', 2, '/docs/guide'),
    ...enter('a3', 0),
    ev('a3', 'click', 1, '/about', { target: '#cta' }),
    ev('a3', 'pageview', 2, '/docs/a/b'),
    ev('a3', 'custom', 3, '/pricing', { name: 'Signup' }),
    ...enter('b1', 1),
    ev('b1', 'click', 0.5, '/pricing', { target: '#cta' }),
    signup('b1', 1),
    ev('b1', 'pageview', 1.5, '/docs/setup'),
    ev('b1', 'revenue', 2, '/pricing', { amount: 10, currency: 'USD' }),
    ev('b1', 'revenue', 3, '/pricing', { amount: 5, currency: 'USD' }),
    ...enter('b2', 1),
    signup('b2', 1),
    ev('b2', 'pageview', 2, '/docs'),
    ...enter('b3', 1, bot),
    ev('b3', 'click', 1, '/pricing', { target: '#cta', ...bot }),
    signup('b3', 2, bot),
    ev('b3', 'pageview', 3, '/docs/intro', bot),
    ev('b3', 'revenue', 4, '/pricing', { amount: 1000, currency: 'EUR', ...bot }),
    { ...ev('a4', 'click', 30, '/pricing', { target: '#cta' }), visitor_id: 'v-a1' },
    { ...signup('a4', 31), visitor_id: 'v-a1' },
  ];
}

beforeAll(async () => {
  env = await createTestEnv();
  for (const [key, body] of Object.entries(goalBodies) as [GoalKey, (typeof goalBodies)[GoalKey]][]) {
    const r = await post(env, env.keys.a, endpointPath('createGoal'), body);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    goalIds[key] = r.body.id;
  }
  const goals = await env.store.listGoals(PROP_A);
  const variants = [{ changes: [{ selector: 'h1', op: 'text' as const, value: 'New' }] }];
  // Written through the store so each test can begin before T0, as if created an hour earlier; the
  // create route makes the same record (split-test-goals.test.ts).
  const create = async (key: string, goal: GoalKey) => {
    const e = newExperiment(
      PROP_A,
      { name: key, page: '/pricing', type: 'nocode', variants, goal: 'goal', goal_target: goalIds[goal] },
      CREATED,
      goals,
    );
    await env.store.createExperiment(e);
    testIds[key] = e.id;
  };
  for (const key of Object.keys(goalBodies) as GoalKey[]) await create(key, key);
  await create('stopped', 'ctaAnywhere'); // stopped at 0.75 below
  await insert(env.store, events(Object.values(testIds)));
  await env.store.stopExperiment(PROP_A, testIds.stopped, 'manual', new Date(at(0.75)));
});
afterAll(() => env.close());

async function detail(key: string) {
  const r = await get(env, env.keys.a, endpointPath('splitTest', { experimentId: testIds[key] }));
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return experimentDetailResponse.parse(r.body);
}
const figures = async (key: string) =>
  (await detail(key)).variants.map((v) => [v.sessions, v.conversions, v.conversion_rate]);

describe("split tests counting one of the property's goals", () => {
  // [sessions, conversions, conversion_rate] for the control, then the variant
  it('an event goal: the custom event by its exact name after the exposure — v0: a1 (a2 signed up before, a3 sent "Signup"); v1: b1, b2', async () => {
    expect(await figures('signup')).toEqual([
      [3, 1, 1 / 3],
      [2, 2, 1],
    ]);
  });

  it('a click goal on one element of one page: v0: a1 (a2 clicked #other on /pricing, a3 #cta on /about); v1: b1', async () => {
    expect(await figures('ctaOnPricing')).toEqual([
      [3, 1, 1 / 3],
      [2, 1, 0.5],
    ]);
  });

  it('a click goal on one element anywhere: v0: a1 and a3 (#cta on /about), not a2 (#other); v1: b1', async () => {
    expect(await figures('ctaAnywhere')).toEqual([
      [3, 2, 2 / 3],
      [2, 1, 0.5],
    ]);
  });

  it('a page goal with a wildcard, /docs/*: v0: a1 (/docs/intro), a2 (/docs/guide), not a3 (/docs/a/b); v1: b1 (/docs/setup), not b2 (/docs)', async () => {
    expect(await figures('docs')).toEqual([
      [3, 2, 2 / 3],
      [2, 1, 0.5],
    ]);
  });

  // One currency, never added to another (experiment-revenue-currency.test.ts): the test stores none and
  // the property's first payment since its creation is b1's USD, so a1's 40 EUR is listed apart.
  it("reports revenue after the exposure as every goal does, in one currency (USD): v0 a1 40 EUR apart; v1 b1 10 + 5 (the bot's 1,000 never)", async () => {
    const d = await detail('signup');
    expect(d.currency).toBe('USD');
    expect(d.variants.map((v) => [v.revenue, v.revenue_per_session, v.other_revenue])).toEqual([
      [0, 0, [{ currency: 'EUR', amount: 40 }]],
      [15, 7.5, []],
    ]);
  });

  it('a complete test is read up to stopped_at (0.75): v0: a1 and a3 clicked #cta at 1, too late; v1: b1 at 0.5', async () => {
    expect(await figures('stopped')).toEqual([
      [3, 0, 0],
      [2, 1, 0.5],
    ]);
  });

  it('says which goal it counts, as the goals list shows it', async () => {
    const d = await detail('ctaOnPricing');
    expect(d).toMatchObject({
      goal: 'goal',
      goal_target: goalIds.ctaOnPricing,
      goal_definition: { name: 'CTA on pricing', kind: 'click', target: '#cta', page: '/pricing' },
    });
    expect((await detail('signup')).goal_definition).toEqual({ name: 'Signup', kind: 'event', event: 'signup' });
  });

  it("keeps counting the goal as it was once the goal is deleted: a complete test keeps its figures and its goal's words", async () => {
    const before = await detail('stopped');
    // ctaAnywhere is the goal of a running test too: that test is stopped first.
    expect(
      (await post(env, env.keys.a, endpointPath('stopSplitTest', { experimentId: testIds.ctaAnywhere }), {})).status,
    ).toBe(200);
    const r = await del(env, env.keys.a, endpointPath('deleteGoal', { goalId: goalIds.ctaAnywhere }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const after = await detail('stopped');
    expect(after.variants).toEqual(before.variants);
    expect(after.goal_definition).toEqual({ name: 'CTA anywhere', kind: 'click', target: '#cta' });
  });
});

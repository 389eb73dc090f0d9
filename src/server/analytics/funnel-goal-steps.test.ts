import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../contract/endpoints.js';
import {
  createTestEnv,
  del,
  endpointPath,
  get,
  post,
  PROP_B,
  report,
  type ResponseOf,
  type TestEnv,
} from '../test-support/fixtures.js';
import { createGoals, GOAL_RANGE, loadGoalDataset, type GoalName } from '../test-support/goal-dataset.js';

// Goals as funnel steps (docs/decisions.md "Funnels") on goal-dataset.ts, every figure counted from its
// table. In the UTC range, the events that matter here (site-a, non-bot):
//   s1 US   10:00 / · 10:01 /pricing · 10:02 click a.buy on /pricing · 10:03 Signup · 10:04 /signup · 10:05 form#signup (hero)
//   s2 DE   12:00 /blog/a · /blog/a/b · /Pricing (another page) · 12:02 /docs/intro · 12:03 Signup
//   s3 US   09:00 /pricing · 09:01 /pricing · 09:02 /features · 09:03 and 09:03:10 click a.buy on /features · a.buy.secondary
//   s4 GB   14:00 /docs · 14:01 /docs/api/v2 · 14:02 /contact · 14:03 form#contact (footer)
//   s5 FR   / · /about · a payment named Signup (no custom event)
//   s6 US   16:00 /blog · 16:01 signup (lower case) · 16:02 Signup · 16:03 Signup · 16:04 form#newsletter
// s7 (05-31), s8 (06-04) and the bot also view /pricing and send Signup, outside the range or as a bot.
let env: TestEnv;
let ids: Record<GoalName, string>;
beforeAll(async () => {
  env = await createTestEnv();
  await loadGoalDataset(env.store);
  ids = await createGoals(env);
});
afterAll(() => env.close());

type Step = { page: string } | { goal: GoalName };
const stepsParam = (steps: Step[]) => JSON.stringify(steps.map((s) => ('goal' in s ? { goal: ids[s.goal] } : s)));
const funnel = (steps: Step[], extra: Record<string, string> = {}) =>
  report(env, 'funnel', { ...GOAL_RANGE, steps: stepsParam(steps), ...extra });
const sessions = (r: ResponseOf<'funnel'>) => r.data.steps.map((s) => s.sessions);
const both = async (steps: Step[], extra: Record<string, string> = {}) => ({
  unbounded: sessions(await funnel(steps, { ...extra, mode: 'unbounded' })),
  sequential: sessions(await funnel(steps, { ...extra, mode: 'sequential' })),
});
const page = (path: string): Step => ({ page: path });
const goal = (name: GoalName): Step => ({ goal: name });

describe('a goal as a funnel step', () => {
  it('answers a page then an event goal, the goal step named by id and name beside the page step', async () => {
    const r = await funnel([page('/pricing'), goal('Signup')]);
    // /pricing: s1 and s3 (not s2's /Pricing); then Signup: s1 only (s2 and s6 never viewed /pricing)
    expect(r.data).toEqual({
      steps: [
        { step: 1, page: '/pricing', sessions: 2, conversion_rate: 1 },
        { step: 2, goal: ids.Signup, name: 'Signup', sessions: 1, conversion_rate: 0.5 },
      ],
      overall_conversion_rate: 0.5,
    });
    expect(r.meta.mode).toBe('unbounded');
  });

  it('counts the goal step in order in sequential mode, in any order otherwise', async () => {
    // Signup then /pricing: Signup s1 s2 s6 = 3; s1 viewed /pricing (10:01) before its Signup (10:03), so in order nobody.
    expect(await both([goal('Signup'), page('/pricing')])).toEqual({ unbounded: [3, 1], sequential: [3, 0] });
    // The other way round s1 is in order: /pricing 10:01, Signup 10:03.
    expect(await both([page('/pricing'), goal('Signup')])).toEqual({ unbounded: [2, 1], sequential: [2, 1] });
  });

  it('reaches a click goal with a click on its element, only on its page when it names one', async () => {
    // a.buy anywhere: s1 (on /pricing) and s3 (on /features); on /pricing only: s1. s3's a.buy.secondary is another element.
    expect(await both([page('/pricing'), goal('Buy anywhere')])).toEqual({ unbounded: [2, 2], sequential: [2, 2] });
    expect(await both([page('/pricing'), goal('Buy on pricing')])).toEqual({ unbounded: [2, 1], sequential: [2, 1] });
    // Then /features: s3 viewed it at 09:02, before its clicks (09:03), so in order it stops at step 2.
    expect(await both([page('/pricing'), goal('Buy anywhere'), page('/features')])).toEqual({
      unbounded: [2, 2, 1],
      sequential: [2, 2, 0],
    });
  });

  it('takes one event for one step: a click converting two goals, a view that is a page step and a page goal', async () => {
    // s1's one click on /pricing converts both click goals: in order it reaches step 1 only; s3's clicks are on /features.
    expect(await both([goal('Buy anywhere'), goal('Buy on pricing')])).toEqual({
      unbounded: [2, 1],
      sequential: [2, 0],
    });
    // Twice the same goal: s3 clicked a.buy twice, s1 once.
    expect(await both([goal('Buy anywhere'), goal('Buy anywhere')])).toEqual({ unbounded: [2, 2], sequential: [2, 1] });
    // Signup twice: s6 sent it twice (its "signup" is another name), s1 and s2 once.
    expect(await both([goal('Signup'), goal('Signup')])).toEqual({ unbounded: [3, 3], sequential: [3, 1] });
    // The page goal Pricing is /pricing: s1's one view is both steps, s3 viewed it twice.
    expect(await both([page('/pricing'), goal('Pricing')])).toEqual({ unbounded: [2, 2], sequential: [2, 1] });
  });

  it('reaches page and form goals by their patterns and forms', async () => {
    // /docs/**: s2's /docs/intro and s4's /docs/api/v2 (not s4's /docs); then /contact: s4, after it.
    expect(await both([goal('Docs tree'), page('/contact')])).toEqual({ unbounded: [2, 1], sequential: [2, 1] });
    // / : s1 and s5; any form: s1's form#signup.
    expect(await both([page('/'), goal('Any form')])).toEqual({ unbounded: [2, 1], sequential: [2, 1] });
    // The hero form on /signup (s1), then the footer form (s4's, another session).
    expect(await both([goal('Hero signup form'), goal('Footer forms')])).toEqual({
      unbounded: [1, 0],
      sequential: [1, 0],
    });
    // A goal nothing converts on reaches nobody.
    expect(await both([page('/pricing'), goal('Checkout')])).toEqual({ unbounded: [2, 0], sequential: [2, 0] });
  });

  it('breaks a goal funnel down by the sessions first touch', async () => {
    // Signup: s1 (US), s2 (DE), s6 (US); then any form: s1 (10:05) and s6 (16:04), both after their Signup.
    const r = await funnel([goal('Signup'), goal('Any form')], { mode: 'sequential', breakdownBy: 'country' });
    expect(sessions(r)).toEqual([3, 2]);
    expect(r.data.overall_conversion_rate).toBeCloseTo(2 / 3, 12);
    expect(r.meta.breakdownBy).toBe('country');
    expect(r.data.breakdown?.map((b) => [b.value, b.steps.map((s) => s.sessions), b.overall_conversion_rate])).toEqual([
      ['US', [2, 2], 1],
      ['DE', [1, 0], 0],
    ]);
    expect(r.data.breakdown?.[0].steps[1]).toEqual({
      step: 2,
      goal: ids['Any form'],
      name: 'Any form',
      sessions: 2,
      conversion_rate: 1,
    });
  });

  it('keeps the sessions the filters keep, then reads all their events', async () => {
    const filters = (...f: [string, string, string[]][]) => ({ filters: JSON.stringify(f) });
    // Firefox: s3 only, which never sent Signup.
    expect(await both([page('/pricing'), goal('Signup')], filters(['is', 'browser', ['Firefox']]))).toEqual({
      unbounded: [1, 0],
      sequential: [1, 0],
    });
    // Sessions that viewed a page containing /blog: s2 and s6; their Signup and forms count, wherever they happened.
    expect(await both([goal('Signup'), goal('Any form')], filters(['contains', 'page', ['/blog']]))).toEqual({
      unbounded: [2, 1],
      sequential: [2, 1],
    });
    // Not US: s2 (DE) and s4 (GB), s5 (FR).
    expect(await both([goal('Docs tree'), goal('Footer forms')], filters(['is_not', 'country', ['US']]))).toEqual({
      unbounded: [2, 1],
      sequential: [2, 1],
    });
    // A goal filter: sessions with no conversion on Docs tree (not s2, s4): Signup s1 s6, then a form s1 s6.
    expect(await both([goal('Signup'), goal('Any form')], filters(['is_not', 'goal', ['Docs tree']]))).toEqual({
      unbounded: [2, 2],
      sequential: [2, 2],
    });
  });
});

describe('goal steps are checked', () => {
  const funnelPath = endpointPath('funnel');
  const expect400 = (
    r: { status: number; body: { error: { code: string; details: { field?: string }; message: string } } },
    field: string,
  ) => {
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.error.code).toBe('invalid_request');
    expect(r.body.error.details.field).toBe(field);
  };

  it('refuses an id that is no goal of the property, and a step with both or neither of page and goal', async () => {
    const unknown = await get(env, env.keys.a, funnelPath, {
      ...GOAL_RANGE,
      steps: JSON.stringify([{ page: '/' }, { goal: 'gol_nope' }]),
    });
    expect400(unknown, 'steps.1.goal');
    expect(unknown.body.error.message).toBe('steps.1.goal: no goal "gol_nope" in this property');
    // site-b's goal is not site-a's
    const other = await post(env, env.keys.b, endpointPath('createGoal', { propertyId: PROP_B }), {
      name: 'B signup',
      kind: 'event',
      event: 'Signup',
    });
    expect(other.status).toBe(201);
    expect400(
      await get(env, env.keys.a, funnelPath, { ...GOAL_RANGE, steps: JSON.stringify([{ goal: other.body.id }]) }),
      'steps.0.goal',
    );
    expect400(
      await get(env, env.keys.a, funnelPath, {
        ...GOAL_RANGE,
        steps: JSON.stringify([{ page: '/', goal: ids.Signup }]),
      }),
      'steps.0',
    );
    expect400(
      await get(env, env.keys.a, funnelPath, { ...GOAL_RANGE, steps: JSON.stringify([{ page: '/' }, {}]) }),
      'steps.1',
    );
    expect400(
      await get(env, env.keys.a, funnelPath, { ...GOAL_RANGE, steps: JSON.stringify([{ goal: '' }]) }),
      'steps.0.goal',
    );
  });

  it("refuses an unknown goal in the sankey's steps too", async () => {
    expect400(
      await get(env, env.keys.a, endpointPath('funnelSankey'), {
        ...GOAL_RANGE,
        steps: JSON.stringify([{ goal: 'gol_nope' }]),
      }),
      'steps.0.goal',
    );
  });
});

describe('the sankey of a funnel with goal steps', () => {
  /** The paths in one order (the API orders equal counts by their nodes' text in the server's locale). */
  const sankey = async (steps: Step[], mode: 'unbounded' | 'sequential') => {
    const r = await report(env, 'funnelSankey', { ...GOAL_RANGE, steps: stepsParam(steps), mode });
    return r.data.paths.map((p) => [p.nodes.join(' → '), p.sessions]).sort(([a], [b]) => (a < b ? -1 : 1));
  };

  it("shows a goal step's events as nodes among the pages, up to the event that completes the funnel", async () => {
    // s1: /pricing 10:01, Signup 10:03 (complete; its click is no step). s3: /pricing twice, /features, nothing after.
    expect(await sankey([page('/pricing'), goal('Signup')], 'sequential')).toEqual([
      ['/pricing → /features → (drop-off)', 1],
      ['/pricing → Goal: Signup', 1],
    ]);
  });

  it('starts at the first event of a goal step 1, and collapses repeats as it does pages', async () => {
    // From each session's first Signup: s1 then viewed /signup (complete); s2 nothing more; s6 Signup again (one node).
    expect(await sankey([goal('Signup'), page('/signup')], 'unbounded')).toEqual([
      ['Goal: Signup → (drop-off)', 2],
      ['Goal: Signup → /signup', 1],
    ]);
    // Filters keep sessions as for the figures: US leaves s1 and s6.
    const us = await report(env, 'funnelSankey', {
      ...GOAL_RANGE,
      steps: stepsParam([goal('Signup'), page('/signup')]),
      filters: JSON.stringify([['is', 'country', ['US']]]),
    });
    expect(us.data.paths.map((p) => [p.nodes.join(' → '), p.sessions]).sort(([a], [b]) => (a < b ? -1 : 1))).toEqual([
      ['Goal: Signup → (drop-off)', 1],
      ['Goal: Signup → /signup', 1],
    ]);
  });

  it('takes one event for one step, as the figures do', async () => {
    // The page goal Pricing is /pricing: s3's second view completes it in order, s1's one view does not.
    expect(await sankey([page('/pricing'), goal('Pricing')], 'sequential')).toEqual([
      ['/pricing', 1],
      ['/pricing → /signup → (drop-off)', 1],
    ]);
    expect(await sankey([page('/pricing'), goal('Pricing')], 'unbounded')).toEqual([['/pricing', 2]]);
    // s1's one click converts both click goals: one node naming both, which is one step in order.
    expect(await sankey([goal('Buy on pricing'), goal('Buy anywhere')], 'sequential')).toEqual([
      ['Goal: Buy on pricing + Buy anywhere → /signup → (drop-off)', 1],
    ]);
    expect(await sankey([goal('Buy on pricing'), goal('Buy anywhere')], 'unbounded')).toEqual([
      ['Goal: Buy on pricing + Buy anywhere', 1],
    ]);
  });
});

describe('a saved funnel with a goal step', () => {
  const saved = endpointPath('saveFunnel');

  it('keeps the goal by id, reads back as saved, and its steps give the funnel', async () => {
    const steps = [{ page: '/pricing' }, { goal: ids.Signup }];
    const created = await post(env, env.keys.a, saved, {
      name: 'Pricing to signup',
      steps,
      mode: 'sequential',
      breakdownBy: null,
      filters: [],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(endpoints.saveFunnel.response.parse(created.body)).toMatchObject({
      name: 'Pricing to signup',
      steps,
      mode: 'sequential',
      filters: [],
    });
    const listed = endpoints.savedFunnels.response.parse(
      (await get(env, env.keys.a, endpointPath('savedFunnels'))).body,
    ).data;
    const back = listed.find((f) => f.id === created.body.id)!;
    expect(back.steps).toEqual(steps);
    const r = await report(env, 'funnel', { ...GOAL_RANGE, steps: JSON.stringify(back.steps), mode: back.mode! });
    expect(sessions(r)).toEqual([2, 1]);
  });

  it('refuses to save an id that is no goal of the property (400 on steps.N.goal, before an unknown funnel id)', async () => {
    const bad = await post(env, env.keys.a, saved, {
      name: 'x',
      steps: [{ page: '/' }, { page: '/pricing' }, { goal: 'gol_nope' }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toMatchObject({ field: 'steps.2.goal', in: 'body' });
    const unknownId = await post(env, env.keys.a, saved, { id: 'fnl_nope', name: 'x', steps: [{ goal: 'gol_nope' }] });
    expect(unknownId.body.error.details.field).toBe('steps.0.goal');
  });

  it("keeps a deleted goal's step as saved; its figures are then a 400 naming that step", async () => {
    const made = await post(env, env.keys.a, endpointPath('createGoal'), {
      name: 'Short-lived',
      kind: 'event',
      event: 'Signup',
    });
    const steps = [{ page: '/' }, { goal: made.body.id as string }];
    const created = await post(env, env.keys.a, saved, { name: 'With a goal to delete', steps });
    expect(created.status).toBe(201);
    expect((await del(env, env.keys.a, endpointPath('deleteGoal', { goalId: made.body.id }))).status).toBe(200);
    const listed = endpoints.savedFunnels.response.parse(
      (await get(env, env.keys.a, endpointPath('savedFunnels'))).body,
    ).data;
    expect(listed.find((f) => f.id === created.body.id)?.steps).toEqual(steps);
    const r = await get(env, env.keys.a, endpointPath('funnel'), { ...GOAL_RANGE, steps: JSON.stringify(steps) });
    expect(r.status).toBe(400);
    expect(r.body.error.details.field).toBe('steps.1.goal');
  });
});

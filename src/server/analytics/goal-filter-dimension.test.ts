import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope } from '../../contract/common.js';
import {
  aggregate,
  createTestEnv,
  endpointPath,
  get,
  insert,
  minutesAgo,
  post,
  PROP_A,
  PROP_B,
  report,
  session,
  type TestEnv,
} from '../test-support/fixtures.js';
import { filtersQuery } from '../test-support/filter-dataset.js';
import { settleBackground } from '../test-support/test-store.js';
import {
  byCurrency,
  createGoals,
  GOAL_RANGE,
  GOALS,
  loadGoalDataset,
  type GoalName,
} from '../test-support/goal-dataset.js';

// The `goal` filter (docs/decisions.md "Filters"): a session dimension keeping the sessions with at
// least one conversion on a goal it names in the range (is_not / not_contains: with none), on every
// report. goal-dataset.ts in the UTC range, the sessions each goal's conversions come from:
//   Pricing s1 s3 · Docs pages s2 · Docs tree s2 s4 · Signup s1 s2 s6 · Buy anywhere s1 s3 ·
//   Buy on pricing s1 · Hero signup form s1 · Footer forms s4 · Any form s1 s4 s6 · Checkout none.
// Sessions: s1 v1 US Chrome (/ /pricing /signup; 10:00–10:06), s2 v2 DE Safari (/blog/a /blog/a/b
// /Pricing /docs/intro; 12:00–12:04), s3 v3 US Firefox (/pricing ×2 /features; 09:00–09:05), s4 v1 GB
// Chrome (/docs /docs/api/v2 /contact; 14:00–14:03), s5 v5 FR Safari (/ /about; 08:00–08:02), s6 v6 US
// Chrome (/blog; 16:00–16:06). site-b: m1 v1 (/pricing, tracks Signup); its goals are made below.
let env: TestEnv;
let ids: Record<GoalName, string>;
beforeAll(async () => {
  env = await createTestEnv();
  await loadGoalDataset(env.store);
  ids = await createGoals(env);
  // site-b's own goals: a "Signup" that m1 does not reach (its Signup event is not Checkout), and one it does.
  for (const g of [
    { name: 'Signup', kind: 'event', event: 'Checkout' },
    { name: 'B pricing', kind: 'page', page: '/pricing' },
  ]) {
    const r = await post(env, env.keys.b, endpointPath('createGoal', { propertyId: PROP_B }), g);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
  }
  // Live traffic for realtime and suggestions: live1 converts on Signup (/ then /pricing), live2 does not (/ then /about).
  const now = new Date();
  await insert(env.store, [
    session('live1', 'lv1').pv(minutesAgo(now, 3), '/'),
    session('live1', 'lv1').pv(minutesAgo(now, 2), '/', { type: 'custom', name: 'Signup' }),
    session('live1', 'lv1').pv(minutesAgo(now, 1.5), '/pricing'),
    session('live2', 'lv2').pv(minutesAgo(now, 4), '/'),
    session('live2', 'lv2').pv(minutesAgo(now, 1), '/about'),
  ]);
});
afterAll(() => env.close());

type Tuple = [string, string, (string | null)[]];
const under = (...filters: Tuple[]) => ({ ...GOAL_RANGE, ...filtersQuery(...filters) });
const summaryUnder = async (...filters: Tuple[]) => (await report(env, 'trafficSummary', under(...filters))).data;
const usd = (amount: number) => ({ currency: 'USD', amount });
const eur = (amount: number) => ({ currency: 'EUR', amount });

describe('is: the sessions that converted on the goal in the range', () => {
  it('summary under Signup: s1 s2 s6', async () => {
    // 3 + 4 + 1 views by v1 v2 v6; s6 bounced; (360 + 240 + 360) s / 3
    expect(await summaryUnder(['is', 'goal', ['Signup']])).toEqual({
      page_views: 8,
      sessions: 3,
      unique_visitors: 3,
      bounce_rate: 1 / 3,
      avg_session_duration: 320,
    });
  });

  it('breakdown under Signup: their first touch', async () => {
    const r = await report(env, 'trafficBreakdown', under(['is', 'goal', ['Signup']]));
    expect(r.meta.totals).toEqual({ sessions: 3, page_views: 8 });
    expect(r.data.countries.map((c) => [c.country, c.sessions, c.page_views])).toEqual([
      ['US', 2, 4],
      ['DE', 1, 4],
    ]);
    expect(r.data.browsers.map((b) => [b.browser, b.sessions, b.page_views])).toEqual([
      ['Chrome', 2, 4],
      ['Safari', 1, 4],
    ]);
  });

  it('entry and exit pages under Docs tree: s2 s4', async () => {
    const r = await report(env, 'entryExitPages', under(['is', 'goal', ['Docs tree']]));
    expect(r.data.entry_pages.map((p) => [p.path, p.sessions])).toEqual([
      ['/blog/a', 1],
      ['/docs', 1],
    ]);
    expect(r.data.exit_pages.map((p) => [p.path, p.sessions])).toEqual([
      ['/contact', 1],
      ['/docs/intro', 1],
    ]);
  });

  it('trends under Signup: every page view of s1 s2 (06-01) and s6 (06-03)', async () => {
    const r = await report(env, 'trafficTrends', { ...under(['is', 'goal', ['Signup']]), granularity: 'day' });
    expect(r.data.map((b) => [b.bucket_start.slice(0, 10), b.page_views, b.unique_visitors])).toEqual([
      ['2026-06-01', 7, 2],
      ['2026-06-02', 0, 0],
      ['2026-06-03', 1, 1],
    ]);
    expect(r.summary).toEqual({ page_views: 8, unique_visitors: 3 });
  });

  it('pages under Pricing: s1 and s3, all their pages', async () => {
    const r = await report(env, 'pagesBreakdown', under(['is', 'goal', ['Pricing']]));
    expect(r.data.map((p) => [p.path, p.page_views, p.unique_visitors, p.bounce_rate])).toEqual([
      // nobody entered on /features or /signup: no bounce rate
      ['/pricing', 3, 2, 0],
      ['/', 1, 1, 0],
      ['/features', 1, 1, null],
      ['/signup', 1, 1, null],
    ]);
  });

  it("page details of / under Signup: s1's view, not s5's", async () => {
    const r = await report(env, 'pageDetails', { ...under(['is', 'goal', ['Signup']]), page: '/' });
    expect([r.data.page_views, r.data.unique_visitors, r.data.bounce_rate]).toEqual([1, 1, 0]);
    expect(r.data.countries.map((c) => [c.country, c.page_views])).toEqual([['US', 1]]);
    expect((await report(env, 'pageDetails', { ...GOAL_RANGE, page: '/' })).data.page_views).toBe(2);
  });

  it("clicks under Pricing: s1's and s3's; under Signup: s1's alone", async () => {
    const pricing = await report(env, 'clicksBreakdown', under(['is', 'goal', ['Pricing']]));
    expect(pricing.data.map((c) => [c.page, c.target, c.clicks, c.unique_clicks])).toEqual([
      ['/features', 'a.buy', 2, 1],
      ['/features', 'a.buy.secondary', 1, 1],
      ['/pricing', 'a.buy', 1, 1],
    ]);
    expect(pricing.summary).toEqual({ total_clicks: 4, total_unique_clicks: 2 });
    const signup = await report(env, 'clicksBreakdown', under(['is', 'goal', ['Signup']]));
    expect(signup.summary).toEqual({ total_clicks: 1, total_unique_clicks: 1 });
  });

  it("forms under Signup: s1's and s6's submissions", async () => {
    const r = await report(env, 'formsBreakdown', under(['is', 'goal', ['Signup']]));
    expect(r.data.map((f) => [f.page, f.target, f.submissions]).sort()).toEqual([
      ['/blog', 'form#newsletter', 1],
      ['/signup', 'form#signup', 1],
    ]);
  });

  it('a funnel / → /pricing: s1 and s5 start it unfiltered; under Signup only s1, who finishes', async () => {
    const steps = JSON.stringify([{ page: '/' }, { page: '/pricing' }]);
    const reached = async (filters: Tuple[]) =>
      (
        await report(env, 'funnel', { ...GOAL_RANGE, steps, ...(filters.length ? filtersQuery(...filters) : {}) })
      ).data.steps.map((s) => s.sessions);
    expect(await reached([])).toEqual([2, 1]);
    expect(await reached([['is', 'goal', ['Signup']]])).toEqual([1, 1]);
    expect(await reached([['is_not', 'goal', ['Signup']]])).toEqual([1, 0]); // s5
    const paths = async (filters: Tuple[]) =>
      (await report(env, 'funnelSankey', { ...under(...filters), steps })).data.paths.map((p) => [p.nodes, p.sessions]);
    expect(await paths([['is', 'goal', ['Signup']]])).toEqual([[['/', '/pricing'], 1]]);
    expect(await paths([['is_not', 'goal', ['Signup']]])).toEqual([[['/', '/about', '(drop-off)'], 1]]);
    // the same once the sessions' paths are numbered (store/duckdb/session-paths.ts): goals filter their rows
    await settleBackground(env.store);
    expect(await reached([['is', 'goal', ['Signup']]])).toEqual([1, 1]);
    expect(await reached([['is_not', 'goal', ['Signup']]])).toEqual([1, 0]);
    expect(await paths([['is_not', 'goal', ['Signup']]])).toEqual([[['/', '/about', '(drop-off)'], 1]]);
  });

  it('the Goals report under Signup: how s1 s2 s6 did on the other goals', async () => {
    const r = await report(env, 'goalsReport', under(['is', 'goal', ['Signup']]));
    expect(r.meta.totals.unique_visitors).toBe(3);
    expect(r.data.map((g) => g.goal_id)).toEqual(GOALS.map((g) => ids[g.name]));
    const figures = Object.fromEntries(
      r.data.map((g) => [g.name, [g.visitors, g.conversions, g.conversion_rate, byCurrency(g.revenue)]]),
    );
    const none = [0, 0, 0, []];
    expect(figures).toEqual({
      Pricing: [1, 1, 1 / 3, [usd(29)]], // s1; s3 never signed up
      'Docs pages': [1, 1, 1 / 3, [eur(10.5)]], // s2
      'Docs tree': [1, 1, 1 / 3, [eur(10.5)]], // s2; s4 is out
      Signup: [3, 4, 1, [eur(25.5), usd(29)]], // s6 twice; its payment without a currency left out
      'Buy anywhere': [1, 1, 1 / 3, [usd(29)]],
      'Buy on pricing': [1, 1, 1 / 3, [usd(29)]],
      'Hero signup form': [1, 1, 1 / 3, [usd(29)]],
      'Footer forms': none,
      'Any form': [2, 2, 2 / 3, [eur(15), usd(29)]], // s1, s6
      Checkout: none,
    });
  });
});

describe('the other operators and combinations', () => {
  it('is_not Signup: s3 s4 s5', async () => {
    // 3 + 3 + 2 views by v3 v1 v5; none bounced; (300 + 180 + 120) s / 3
    expect(await summaryUnder(['is_not', 'goal', ['Signup']])).toEqual({
      page_views: 8,
      sessions: 3,
      unique_visitors: 3,
      bounce_rate: 0,
      avg_session_duration: 200,
    });
    const clicks = await report(env, 'clicksBreakdown', under(['is_not', 'goal', ['Signup']]));
    expect(clicks.summary).toEqual({ total_clicks: 3, total_unique_clicks: 1 }); // s3's
  });

  it('contains over goal names, ignoring case: "DOCS" is Docs pages and Docs tree, s2 s4', async () => {
    expect(await summaryUnder(['contains', 'goal', ['DOCS']])).toMatchObject({
      page_views: 7,
      sessions: 2,
      unique_visitors: 2,
    });
    // not_contains: the sessions that reached neither, s1 s3 s5 s6
    expect(await summaryUnder(['not_contains', 'goal', ['docs']])).toMatchObject({
      page_views: 9,
      sessions: 4,
      unique_visitors: 4,
    });
  });

  it('matches over goal names: "Buy *" is Buy anywhere and Buy on pricing, s1 s3', async () => {
    expect(await summaryUnder(['matches', 'goal', ['Buy *']])).toMatchObject({
      page_views: 6,
      sessions: 2,
      unique_visitors: 2,
    });
  });

  it('two goals in one filter are ORed: Footer forms or Docs pages is s4 and s2', async () => {
    expect(await summaryUnder(['is', 'goal', ['Footer forms', 'Docs pages']])).toMatchObject({
      page_views: 7,
      sessions: 2,
      unique_visitors: 2,
    });
    const r = await report(env, 'trafficBreakdown', under(['is', 'goal', ['Footer forms', 'Docs pages']]));
    expect(r.data.countries.map((c) => [c.country, c.sessions])).toEqual([
      ['DE', 1],
      ['GB', 1],
    ]);
  });

  it('two goal filters are ANDed: Signup and Any form is s1 s6; Signup and not Any form is s2', async () => {
    expect(await summaryUnder(['is', 'goal', ['Signup']], ['is', 'goal', ['Any form']])).toMatchObject({
      page_views: 4,
      sessions: 2,
    });
    expect(await summaryUnder(['is', 'goal', ['Signup']], ['is_not', 'goal', ['Any form']])).toMatchObject({
      page_views: 4,
      sessions: 1,
      unique_visitors: 1,
    });
  });

  it('ANDed with a country filter: Signup in the US is s1 s6', async () => {
    expect(await summaryUnder(['is', 'goal', ['Signup']], ['is', 'country', ['US']])).toEqual({
      page_views: 4,
      sessions: 2,
      unique_visitors: 2,
      bounce_rate: 1 / 2,
      avg_session_duration: 360,
    });
    const funnel = await report(env, 'funnel', {
      ...under(['is', 'goal', ['Pricing']], ['is', 'country', ['US']]),
      steps: JSON.stringify([{ page: '/pricing' }, { page: '/features' }]),
    });
    expect(funnel.data.steps.map((s) => s.sessions)).toEqual([2, 1]); // s1, s3; s3 went on to /features
  });

  it("with a page filter: Signup sessions' views of /blog/** are s2's two", async () => {
    expect(await summaryUnder(['is', 'goal', ['Signup']], ['matches', 'page', ['/blog/**']])).toMatchObject({
      page_views: 2,
      sessions: 1,
    });
  });

  it('a goal is judged in the range: s8 signed up after it, s7 before; the range that holds s7 keeps it', async () => {
    expect(await summaryUnder(['is', 'goal', ['Signup']])).toMatchObject({ sessions: 3 });
    const may31 = await report(env, 'trafficSummary', {
      start: '2026-05-31',
      end: '2026-05-31',
      ...filtersQuery(['is', 'goal', ['Signup']]),
    });
    expect(may31.data).toMatchObject({ sessions: 1, page_views: 1 }); // s7
  });
});

describe('a name that is no goal matches nothing', () => {
  it('is: zeros everywhere; is_not: everything', async () => {
    expect(await summaryUnder(['is', 'goal', ['Nope']])).toEqual({
      page_views: 0,
      sessions: 0,
      unique_visitors: 0,
      bounce_rate: null,
      avg_session_duration: null,
    });
    expect((await report(env, 'pagesBreakdown', under(['is', 'goal', ['Nope']]))).data).toEqual([]);
    expect((await report(env, 'clicksBreakdown', under(['is', 'goal', ['signup']]))).summary).toEqual({
      total_clicks: 0,
      total_unique_clicks: 0,
    }); // case-sensitive
    const all = await summaryUnder();
    expect(all).toMatchObject({ page_views: 16, sessions: 6, unique_visitors: 5 });
    expect(await summaryUnder(['is_not', 'goal', ['Nope']])).toEqual(all);
    for (const name of ['trafficBreakdown', 'pagesBreakdown', 'clicksBreakdown', 'goalsReport'] as const)
      expect(await report(env, name, under(['is_not', 'goal', ['Nope']])), name).toEqual(
        await report(env, name, GOAL_RANGE),
      );
  });
});

describe('realtime and suggestions: the sessions that converted in their window', () => {
  it('realtime under Signup: live1; not Signup: live2', async () => {
    const live = async (filters: Tuple[]) => (await report(env, 'trafficRealtime', filtersQuery(...filters))).data;
    const signup = await live([['is', 'goal', ['Signup']]]);
    expect([signup.active_visitors, signup.feed.map((f) => f.page)]).toEqual([1, ['/pricing', '/']]);
    const others = await live([['is_not', 'goal', ['Signup']]]);
    expect([others.active_visitors, others.feed.map((f) => f.page)]).toEqual([1, ['/about', '/']]);
    // with a session value filter too (a country no live session has: unknown is "not ZZ")
    const both = await live([
      ['is', 'goal', ['Signup']],
      ['is_not', 'country', ['ZZ']],
    ]);
    expect([both.active_visitors, both.feed.map((f) => f.page)]).toEqual([1, ['/pricing', '/']]);
  });

  it('suggestions after /: live1 went on to /pricing, live2 to /about', async () => {
    const names = async (filters: Tuple[]) =>
      (
        await report(env, 'funnelSuggestions', { page: '/', ...(filters.length ? filtersQuery(...filters) : {}) })
      ).data.map((s) => s.name);
    expect((await names([])).sort()).toEqual(['/ → /about', '/ → /pricing']);
    expect(await names([['is', 'goal', ['Signup']]])).toEqual(['/ → /pricing']);
    expect(await names([['is_not', 'goal', ['Signup']]])).toEqual(['/ → /about']);
  });
});

describe('aggregates: each property by its own goals', () => {
  it("Signup: site-a's s1 s2 s6; site-b's Signup is another goal, which m1 did not reach", async () => {
    const r = await aggregate(env, 'trafficSummary', [PROP_A, PROP_B], under(['is', 'goal', ['Signup']]));
    expect(r.data).toMatchObject({ page_views: 8, sessions: 3, unique_visitors: 3 });
  });

  it("Pricing is site-a's only: m1 viewed /pricing but stays out; B pricing is m1 alone", async () => {
    expect(
      (await aggregate(env, 'trafficSummary', [PROP_A, PROP_B], under(['is', 'goal', ['Pricing']]))).data,
    ).toMatchObject({ sessions: 2, page_views: 6 });
    expect(
      (await aggregate(env, 'trafficSummary', [PROP_A, PROP_B], under(['is', 'goal', ['B pricing']]))).data,
    ).toMatchObject({ sessions: 1, page_views: 1 });
    // contains "pricing": site-a's Pricing and Buy on pricing (s1 s3), site-b's B pricing (m1)
    const both = await aggregate(env, 'trafficBreakdown', [PROP_A, PROP_B], under(['contains', 'goal', ['pricing']]));
    expect(both.meta.totals).toEqual({ sessions: 3, page_views: 7 });
    const clicks = await aggregate(env, 'clicksBreakdown', [PROP_A, PROP_B], under(['contains', 'goal', ['pricing']]));
    expect(clicks.summary).toEqual({ total_clicks: 4, total_unique_clicks: 2 });
  });

  it('not Signup over both: s3 s4 s5 and m1', async () => {
    expect(
      (await aggregate(env, 'trafficSummary', [PROP_A, PROP_B], under(['is_not', 'goal', ['Signup']]))).data,
    ).toMatchObject({ sessions: 4, page_views: 9 });
  });
});

describe('validation', () => {
  it('null is refused for goal, naming its place', async () => {
    for (const op of ['is', 'is_not']) {
      const r = await get(env, env.keys.a, endpointPath('trafficSummary'), under([op, 'goal', [null]]));
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      const { error } = errorEnvelope.parse(r.body);
      expect([error.code, error.details.field]).toEqual(['invalid_request', 'filters.0.2.0']);
      expect(error.message).toMatch(/goal/);
    }
    const second = await get(
      env,
      env.keys.a,
      endpointPath('trafficSummary'),
      under(['is', 'country', ['US']], ['is_not', 'goal', ['Signup', null]]),
    );
    expect(errorEnvelope.parse(second.body).error.details.field).toBe('filters.1.2.1');
  });
});

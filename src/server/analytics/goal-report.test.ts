import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestEnv,
  del,
  endpointPath,
  post,
  PROP_B,
  report,
  type ResponseOf,
  type TestEnv,
} from '../test-support/fixtures.js';
import {
  byCurrency,
  createGoals,
  GOAL_RANGE,
  GOALS,
  loadGoalDataset,
  type GoalName,
} from '../test-support/goal-dataset.js';

// The Goals report (docs/decisions.md "Goals") on goal-dataset.ts, every figure counted from its table.
// In the UTC range: unique visitors v1 v2 v3 v5 v6 = 5; s7 (05-31), s8 (06-04) and the bot never count.
let env: TestEnv;
let ids: Record<GoalName, string>;
beforeAll(async () => {
  env = await createTestEnv();
  await loadGoalDataset(env.store);
  ids = await createGoals(env);
});
afterAll(() => env.close());

type Row = ResponseOf<'goalsReport'>['data'][number];
type Revenue = Row['revenue'];

/** The row a goal of GOALS should have: its id and definition as created, and these figures. */
function expected(
  name: GoalName,
  visitors: number,
  conversions: number,
  conversion_rate: number,
  revenue: Revenue = [],
) {
  const definition = GOALS.find((g) => g.name === name)!;
  return { goal_id: ids[name], ...definition, visitors, conversions, conversion_rate, revenue };
}
const usd = (amount: number) => ({ currency: 'USD', amount });
const eur = (amount: number) => ({ currency: 'EUR', amount });
/** Rows with their currencies in one order. */
const rows = (r: ResponseOf<'goalsReport'>) => r.data.map((row) => ({ ...row, revenue: byCurrency(row.revenue) }));

describe('the goals report', () => {
  it('gives each goal its visitors, conversions, rate over the 5 unique visitors and revenue per currency, in the goals order', async () => {
    const r = await report(env, 'goalsReport', GOAL_RANGE);
    expect(r.meta.totals).toEqual({ unique_visitors: 5 });
    expect(rows(r)).toEqual([
      // /pricing views: s1 once, s3 twice (v1, v3), not s2's /Pricing; s1 paid 29 USD, s3 49 USD and 20 EUR
      expected('Pricing', 2, 3, 2 / 5, [eur(20), usd(78)]),
      // /docs/* is one segment: /docs/intro (s2) only, not /docs nor /docs/api/v2
      expected('Docs pages', 1, 1, 1 / 5, [eur(10.5)]),
      // /docs/** adds s4's /docs/api/v2 (v1), which paid nothing
      expected('Docs tree', 2, 2, 2 / 5, [eur(10.5)]),
      // Signup exactly: s1, s2, s6 twice (s6's "signup" is another name, s5's payment named Signup no custom
      // event); s6's 7 without currency left out
      expected('Signup', 3, 4, 3 / 5, [eur(10.5 + 15), usd(29)]),
      // a.buy on any page: s1 on /pricing, s3 twice on /features (its a.buy.secondary is another element)
      expected('Buy anywhere', 2, 3, 2 / 5, [eur(20), usd(78)]),
      expected('Buy on pricing', 1, 1, 1 / 5, [usd(29)]),
      // form#signup, source hero, on /signup: s1
      expected('Hero signup form', 1, 1, 1 / 5, [usd(29)]),
      // s4's form#contact; s4 paid nothing
      expected('Footer forms', 1, 1, 1 / 5),
      // every submission: s1 and s4 (both v1), s6 (v6)
      expected('Any form', 2, 3, 2 / 5, [eur(15), usd(29)]),
      expected('Checkout', 0, 0, 0),
    ]);
  });

  it('leaves out a payment of a session that converted nothing: s5 paid 100 USD', async () => {
    const r = await report(env, 'goalsReport', GOAL_RANGE);
    for (const row of r.data)
      expect(
        row.revenue.some((x) => x.amount >= 100),
        row.name,
      ).toBe(false);
  });

  it('counts only the days of the range: 06-02 holds s3 (v3) and s4 (v1)', async () => {
    const r = await report(env, 'goalsReport', { start: '2026-06-02', end: '2026-06-02' });
    expect(r.meta.totals).toEqual({ unique_visitors: 2 });
    const byName = Object.fromEntries(rows(r).map((row) => [row.name, row]));
    // v1's /pricing view was on 06-01: only s3's two views
    expect(byName.Pricing).toEqual(expected('Pricing', 1, 2, 1 / 2, [eur(20), usd(49)]));
    expect(byName['Docs tree']).toEqual(expected('Docs tree', 1, 1, 1 / 2));
    expect(byName.Signup).toEqual(expected('Signup', 0, 0, 0));
    expect(byName['Any form']).toEqual(expected('Any form', 1, 1, 1 / 2));
    expect(byName['Buy anywhere']).toEqual(expected('Buy anywhere', 1, 2, 1 / 2, [eur(20), usd(49)]));
  });

  it('reads the range in the timezone: in New York it ends 06-04 04:00Z, so s8 (v8) counts and s7 still does not', async () => {
    const r = await report(env, 'goalsReport', { ...GOAL_RANGE, timezone: 'America/New_York' });
    expect(r.meta.totals).toEqual({ unique_visitors: 6 });
    const byName = Object.fromEntries(rows(r).map((row) => [row.name, row]));
    // s8: a /pricing view, a Signup and 99 USD
    expect(byName.Pricing).toEqual(expected('Pricing', 3, 4, 3 / 6, [eur(20), usd(78 + 99)]));
    expect(byName.Signup).toEqual(expected('Signup', 4, 5, 4 / 6, [eur(25.5), usd(29 + 99)]));
    expect(byName['Buy anywhere']).toEqual(expected('Buy anywhere', 2, 3, 2 / 6, [eur(20), usd(78)]));
  });

  it('answers data: [] for a property without goals, with its own unique visitors (site-b: v1)', async () => {
    const r = await report(env, 'goalsReport', GOAL_RANGE, { key: env.keys.b, propertyId: PROP_B });
    expect(r.data).toEqual([]);
    expect(r.meta.totals).toEqual({ unique_visitors: 1 });
  });

  it('follows the list: a new goal comes last, a deleted one is gone', async () => {
    const added = await post(env, env.keys.a, endpointPath('createGoal'), {
      name: 'Signup again',
      kind: 'event',
      event: 'Signup',
    });
    expect(added.status).toBe(201);
    const withIt = await report(env, 'goalsReport', GOAL_RANGE);
    expect(withIt.data.map((row) => row.name)).toEqual([...GOALS.map((g) => g.name), 'Signup again']);
    expect(withIt.data.at(-1)).toMatchObject({ goal_id: added.body.id, visitors: 3, conversions: 4 });

    expect((await del(env, env.keys.a, endpointPath('deleteGoal', { goalId: added.body.id }))).status).toBe(200);
    expect((await report(env, 'goalsReport', GOAL_RANGE)).data.map((row) => row.goal_id)).toEqual(
      GOALS.map((g) => ids[g.name]),
    );
  });
});

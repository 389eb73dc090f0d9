import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, report, type ResponseOf, type TestEnv } from '../test-support/fixtures.js';
import { filtersQuery } from '../test-support/filter-dataset.js';
import {
  byCurrency,
  createGoals,
  GOAL_RANGE,
  GOALS,
  loadGoalDataset,
  type GoalName,
} from '../test-support/goal-dataset.js';

// The Goals report under filters (docs/decisions.md "Goals": filters pick sessions as for funnels;
// session dimensions by their value, a `page` filter the sessions that viewed a matching page in the
// range, whole). goal-dataset.ts in the UTC range: s1 v1 US Chrome, s2 v2 DE Safari, s3 v3 US Firefox,
// s4 v1 GB Chrome (its /contact view and submission say US and Firefox: first touch wins), s5 v5 FR Safari,
// s6 v6 US Chrome.
let env: TestEnv;
let ids: Record<GoalName, string>;
beforeAll(async () => {
  env = await createTestEnv();
  await loadGoalDataset(env.store);
  ids = await createGoals(env);
});
afterAll(() => env.close());

type Tuple = [string, string, (string | null)[]];
type Revenue = ResponseOf<'goalsReport'>['data'][number]['revenue'];
const usd = (amount: number) => ({ currency: 'USD', amount });
const eur = (amount: number) => ({ currency: 'EUR', amount });

/** Figures by goal name, [visitors, conversions, conversion_rate, revenue by currency]; checks the row's id and order too. */
async function goalsUnder(...filters: Tuple[]) {
  const query = { ...GOAL_RANGE, ...filtersQuery(...filters) };
  const r = await report(env, 'goalsReport', query);
  expect(r.data.map((row) => row.goal_id)).toEqual(GOALS.map((g) => ids[g.name]));
  // the denominator is traffic/summary's unique visitors under the same filters
  const summary = await report(env, 'trafficSummary', query);
  expect(r.meta.totals.unique_visitors).toBe(summary.data.unique_visitors);
  const figures = Object.fromEntries(
    r.data.map((row) => [row.name, [row.visitors, row.conversions, row.conversion_rate, byCurrency(row.revenue)]]),
  ) as Record<GoalName, [number, number, number | null, Revenue]>;
  return { uniqueVisitors: r.meta.totals.unique_visitors, figures };
}
const none: [number, number, number | null, Revenue] = [0, 0, 0, []];
/** A goal's figures when the range has no visitors at all: its rate has no base. */
const noBase: [number, number, number | null, Revenue] = [0, 0, null, []];

describe('session filters keep whole sessions by their value', () => {
  it("country US: s1 s3 s6 (v1 v3 v6); v1's GB session s4 is out", async () => {
    const { uniqueVisitors, figures } = await goalsUnder(['is', 'country', ['US']]);
    expect(uniqueVisitors).toBe(3);
    expect(figures).toEqual({
      Pricing: [2, 3, 2 / 3, [eur(20), usd(78)]], // s1 once, s3 twice
      'Docs pages': none, // s2 is DE
      'Docs tree': none, // s2 DE, s4 GB
      Signup: [2, 3, 2 / 3, [eur(15), usd(29)]], // s1, s6 twice
      'Buy anywhere': [2, 3, 2 / 3, [eur(20), usd(78)]],
      'Buy on pricing': [1, 1, 1 / 3, [usd(29)]],
      'Hero signup form': [1, 1, 1 / 3, [usd(29)]],
      'Footer forms': none, // s4 is GB, though its submission says US
      'Any form': [2, 2, 2 / 3, [eur(15), usd(29)]], // s1, s6
      Checkout: none,
    });
  });

  it('browser Chrome: s1 s4 s6 (v1 twice, v6)', async () => {
    const { uniqueVisitors, figures } = await goalsUnder(['is', 'browser', ['Chrome']]);
    expect(uniqueVisitors).toBe(2);
    expect(figures['Any form']).toEqual([2, 3, 1, [eur(15), usd(29)]]); // s1 and s4 (v1), s6 (v6)
    expect(figures['Footer forms']).toEqual([1, 1, 1 / 2, []]); // s4 is Chrome, though its submission says Firefox
    expect(figures.Pricing).toEqual([1, 1, 1 / 2, [usd(29)]]); // s3 was Firefox
    expect(figures['Docs tree']).toEqual([1, 1, 1 / 2, []]); // s4's /docs/api/v2
    expect(figures.Signup).toEqual([2, 3, 1, [eur(15), usd(29)]]);
  });

  it("browser Safari: s2 s5; s5's payment stays out, it converted nothing", async () => {
    const { uniqueVisitors, figures } = await goalsUnder(['is', 'browser', ['Safari']]);
    expect(uniqueVisitors).toBe(2);
    expect(figures.Signup).toEqual([1, 1, 1 / 2, [eur(10.5)]]);
    expect(figures['Docs pages']).toEqual([1, 1, 1 / 2, [eur(10.5)]]);
    expect(figures.Pricing).toEqual(none);
    expect(figures['Any form']).toEqual(none);
  });

  it('filters AND: country US and browser Chrome is s1 and s6', async () => {
    const { uniqueVisitors, figures } = await goalsUnder(['is', 'country', ['US']], ['is', 'browser', ['Chrome']]);
    expect(uniqueVisitors).toBe(2);
    expect(figures['Any form']).toEqual([2, 2, 1, [eur(15), usd(29)]]);
    expect(figures.Pricing).toEqual([1, 1, 1 / 2, [usd(29)]]);
    expect(figures['Footer forms']).toEqual(none);
  });

  it('is_not country US: s2 s4 s5 (v2 v1 v5)', async () => {
    const { uniqueVisitors, figures } = await goalsUnder(['is_not', 'country', ['US']]);
    expect(uniqueVisitors).toBe(3);
    expect(figures['Docs tree']).toEqual([2, 2, 2 / 3, [eur(10.5)]]);
    expect(figures.Signup).toEqual([1, 1, 1 / 3, [eur(10.5)]]);
    expect(figures.Pricing).toEqual(none);
  });

  it('a filter that keeps nobody: every goal listed at zero, no rate', async () => {
    const { uniqueVisitors, figures } = await goalsUnder(['is', 'country', ['JP']]);
    expect(uniqueVisitors).toBe(0);
    for (const g of GOALS) expect(figures[g.name], g.name).toEqual(noBase);
  });
});

describe('a page filter keeps the sessions that viewed a matching page, whole', () => {
  it('page /pricing: s1 and s3 (v1 v3), with their conversions on other pages', async () => {
    const { uniqueVisitors, figures } = await goalsUnder(['is', 'page', ['/pricing']]);
    expect(uniqueVisitors).toBe(2);
    expect(figures.Pricing).toEqual([2, 3, 1, [eur(20), usd(78)]]);
    expect(figures.Signup).toEqual([1, 1, 1 / 2, [usd(29)]]);
    // s3 clicked on /features: the session is kept whole, not only its events on /pricing
    expect(figures['Buy anywhere']).toEqual([2, 3, 1, [eur(20), usd(78)]]);
    // s1 submitted on /signup
    expect(figures['Any form']).toEqual([1, 1, 1 / 2, [usd(29)]]);
    expect(figures['Docs tree']).toEqual(none);
    expect(figures['Footer forms']).toEqual(none); // s4 is v1's, but never viewed /pricing
  });

  it("page matches /docs/**: s2 and s4 (v2 v1); v1's other session s1 stays out", async () => {
    const { uniqueVisitors, figures } = await goalsUnder(['matches', 'page', ['/docs/**']]);
    expect(uniqueVisitors).toBe(2);
    expect(figures['Docs pages']).toEqual([1, 1, 1 / 2, [eur(10.5)]]);
    expect(figures['Docs tree']).toEqual([2, 2, 1, [eur(10.5)]]);
    expect(figures.Signup).toEqual([1, 1, 1 / 2, [eur(10.5)]]);
    expect(figures['Footer forms']).toEqual([1, 1, 1 / 2, []]);
    expect(figures['Any form']).toEqual([1, 1, 1 / 2, []]);
    expect(figures.Pricing).toEqual(none);
  });

  it('page /pricing and browser Firefox: s3 alone', async () => {
    const { uniqueVisitors, figures } = await goalsUnder(['is', 'page', ['/pricing']], ['is', 'browser', ['Firefox']]);
    expect(uniqueVisitors).toBe(1);
    expect(figures.Pricing).toEqual([1, 2, 1, [eur(20), usd(49)]]);
    expect(figures['Buy anywhere']).toEqual([1, 2, 1, [eur(20), usd(49)]]);
    expect(figures['Buy on pricing']).toEqual(none);
    expect(figures.Signup).toEqual(none);
  });
});

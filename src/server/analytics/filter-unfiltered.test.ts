import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type Endpoint, type EndpointName } from '../../contract/endpoints.js';
import {
  aggregate,
  createTestEnv,
  insert,
  minutesAgo,
  PROP_A,
  PROP_B,
  report,
  session,
  type TestEnv,
} from '../test-support/fixtures.js';
import { CHROME_WINDOWS, loadFilterDataset, RANGE } from '../test-support/filter-dataset.js';

// A request without `filters` means what it meant before (decisions.md "Filters"): `filters=[]` and filters
// that keep everything give the very same answer, on every analytics endpoint and aggregate.
let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
  await loadFilterDataset(env.store);
  const now = new Date();
  await insert(env.store, [
    session('la', 'lva', { user_agent: CHROME_WINDOWS }).pv(minutesAgo(now, 2), '/'),
    session('la', 'lva', { user_agent: CHROME_WINDOWS }).pv(minutesAgo(now, 1), '/pricing'),
    session('lb', 'lvb', { property_id: PROP_B }).pv(minutesAgo(now, 0.5), '/b', { country: 'FR' }),
  ]);
});
afterAll(() => env.close());

const twoSteps = JSON.stringify([{ page: '/' }, { page: '/pricing' }]);
const queries: Record<string, Record<string, string>> = {
  trafficTrends: RANGE,
  trafficSummary: RANGE,
  trafficRealtime: {},
  trafficBreakdown: RANGE,
  entryExitPages: RANGE,
  pagesBreakdown: RANGE,
  pageDetails: { ...RANGE, page: '/pricing' },
  clicksBreakdown: RANGE,
  clickDetails: { ...RANGE, page: '/pricing' },
  formsBreakdown: RANGE,
  formDetails: { ...RANGE, page: '/signup' },
  funnel: { ...RANGE, steps: twoSteps, breakdownBy: 'browser' },
  funnelSankey: { ...RANGE, steps: twoSteps },
  funnelSuggestions: { page: '/' },
};
const names = Object.keys(queries) as EndpointName[];
const everything = [
  '[]',
  '[["is_not","country",["ZZ"]]]', // no session is from ZZ; unknowns are "not ZZ"
  '[["matches","page",["**"]]]', // every page view
  '[["is_not","browser",["Netscape"]]]',
];

describe('no filters, filters=[] and filters that keep everything answer alike', () => {
  it.each(names)('%s', async (name) => {
    const plain = await report(env, name, queries[name]);
    for (const filters of everything)
      expect(await report(env, name, { ...queries[name], filters }), filters).toEqual(plain);
  });

  it.each(names.filter((n) => (endpoints[n] as Endpoint).aggregatePath))('%s aggregate', async (name) => {
    const plain = await aggregate(env, name, [PROP_A, PROP_B], queries[name]);
    for (const filters of everything)
      expect(await aggregate(env, name, [PROP_A, PROP_B], { ...queries[name], filters }), filters).toEqual(plain);
  });

  it("and the unfiltered figures are the dataset's", async () => {
    // 9 sessions, 20 views by 8 visitors; k3 k8 bounced; 1410 s / 9 = 156.67
    expect((await report(env, 'trafficSummary', RANGE)).data).toEqual({
      page_views: 20,
      sessions: 9,
      unique_visitors: 8,
      bounce_rate: 2 / 9,
      avg_session_duration: 156.7,
    });
    // + m1 (v1 again) and m2 (v20): 3 bounces of 11; 1650 s / 11
    expect((await aggregate(env, 'trafficSummary', [PROP_A, PROP_B], RANGE)).data).toEqual({
      page_views: 23,
      sessions: 11,
      unique_visitors: 9,
      bounce_rate: 3 / 11,
      avg_session_duration: 150,
    });
    const live = await report(env, 'trafficRealtime');
    expect([live.data.active_visitors, live.data.feed.map((f) => f.page)]).toEqual([1, ['/pricing', '/']]);
  });
});

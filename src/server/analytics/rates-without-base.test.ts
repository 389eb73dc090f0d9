import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aggregate,
  createTestEnv,
  insert,
  PROP_A,
  PROP_B,
  report,
  session,
  type TestEnv,
} from '../test-support/fixtures.js';

// Rates without a base are null, not 0 (issue 13 §3; docs/decisions.md "Rates without a base"): a page
// nobody entered on has no bounce rate, a range without sessions none either. One day of site-a:
//   a1 (va) / (scrolled half) → /features: entered on /, went on
//   a2 (vb) /: entered on /, bounced
//   a3 (vc) /pricing → /features → /contact, submits form#contact there, then a click on /app and a
//           survey submitted on /thanks, two pages it never viewed
// So / was entered twice (one bounce), /pricing once (none), /features and /contact never; only /
// reported a scroll.
const DAY = { start: '2026-04-01', end: '2026-04-01' };
const EMPTY = { start: '2026-03-01', end: '2026-03-07' };
const at = (hhmm: string) => `2026-04-01T${hhmm}:00Z`;
const a1 = session('a1', 'va');
const a2 = session('a2', 'vb');
const a3 = session('a3', 'vc');

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
  await insert(env.store, [
    a1.pv(at('09:00'), '/'),
    a1.engage(at('09:01'), '/', 0.5),
    a1.pv(at('09:02'), '/features'),
    a2.pv(at('10:00'), '/'),
    a3.pv(at('11:00'), '/pricing'),
    a3.pv(at('11:01'), '/features'),
    a3.pv(at('11:02'), '/contact'),
    a3.submit(at('11:03'), '/contact', 'form#contact'),
    a3.click(at('11:04'), '/app', 'button.save'),
    a3.submit(at('11:05'), '/thanks', 'form#survey'),
  ]);
});
afterAll(() => env.close());

describe('pages', () => {
  it('a page nobody entered on has no bounce rate, one nobody scrolled no scroll depth', async () => {
    const r = await report(env, 'pagesBreakdown', DAY);
    expect(r.data).toEqual([
      { path: '/', page_views: 2, unique_visitors: 2, avg_scroll_depth: 0.5, bounce_rate: 0.5 }, // a2 bounced of a1 a2
      { path: '/features', page_views: 2, unique_visitors: 2, avg_scroll_depth: null, bounce_rate: null },
      { path: '/contact', page_views: 1, unique_visitors: 1, avg_scroll_depth: null, bounce_rate: null },
      { path: '/pricing', page_views: 1, unique_visitors: 1, avg_scroll_depth: null, bounce_rate: 0 }, // a3 entered, went on
    ]);
  });

  it('page details say the same, and a page without views in the range has neither rate', async () => {
    const features = await report(env, 'pageDetails', { ...DAY, page: '/features' });
    expect(features.data).toMatchObject({ page_views: 2, avg_scroll_depth: null, bounce_rate: null });
    const empty = await report(env, 'pageDetails', { ...EMPTY, page: '/' });
    expect(empty.data).toMatchObject({ page_views: 0, avg_scroll_depth: null, bounce_rate: null });
  });
});

describe('traffic summary', () => {
  it("has a bounce rate and an average over the range's sessions, and none for a range without sessions", async () => {
    const r = await report(env, 'trafficSummary', DAY);
    expect(r.data).toMatchObject({ sessions: 3, bounce_rate: 1 / 3 });
    expect(r.data.avg_session_duration).not.toBeNull();
    const empty = await report(env, 'trafficSummary', EMPTY);
    expect(empty.data).toEqual({
      page_views: 0,
      sessions: 0,
      unique_visitors: 0,
      bounce_rate: null,
      avg_session_duration: null,
    });
  });

  it('the aggregate over both properties too', async () => {
    const empty = await aggregate(env, 'trafficSummary', [PROP_A, PROP_B], EMPTY);
    expect(empty.data).toEqual({
      page_views: 0,
      sessions: 0,
      unique_visitors: 0,
      bounce_rate: null,
      avg_session_duration: null,
    });
    // site-b has nothing: the rate is site-a's
    const day = await aggregate(env, 'trafficSummary', [PROP_A, PROP_B], DAY);
    expect(day.data).toMatchObject({ sessions: 3, bounce_rate: 1 / 3 });
  });
});

describe('funnels', () => {
  const steps = JSON.stringify([{ page: '/' }, { page: '/contact' }, { page: '/features' }]);
  const rates = (d: {
    steps: { sessions: number; conversion_rate: number | null }[];
    overall_conversion_rate: number | null;
  }) => [d.steps.map((s) => s.sessions), d.steps.map((s) => s.conversion_rate), d.overall_conversion_rate];

  it('a step after one nobody reached has no rate; the overall rate over step 1 stays', async () => {
    // / by a1 a2; neither viewed /contact (a3 did, but never /)
    for (const mode of ['unbounded', 'sequential']) {
      expect(rates((await report(env, 'funnel', { ...DAY, steps, mode })).data), mode).toEqual([
        [2, 0, 0],
        [1, 0, null],
        0,
      ]);
    }
  });

  it('a range without sessions has no rate at all, step 1 included', async () => {
    expect(rates((await report(env, 'funnel', { ...EMPTY, steps })).data)).toEqual([
      [0, 0, 0],
      [null, null, null],
      null,
    ]);
  });
});

describe('clicks and forms', () => {
  it('a row on a page without views in the range has no rate; its share of the page stays', async () => {
    const clicks = await report(env, 'clicksBreakdown', DAY);
    expect(clicks.data).toEqual([
      { page: '/app', target: 'button.save', label: null, clicks: 1, unique_clicks: 1, click_through_rate: null },
    ]);
    const details = await report(env, 'clickDetails', { ...DAY, page: '/app' });
    expect(details.data.clicks).toEqual([
      { target: 'button.save', label: null, clicks: 1, unique_clicks: 1, share: 1, click_through_rate: null },
    ]);
    const forms = await report(env, 'formsBreakdown', DAY);
    expect(forms.data.map((f) => [f.page, f.target, f.submission_rate]).sort()).toEqual([
      ['/contact', 'form#contact', 1], // 1 over /contact's 1 view
      ['/thanks', 'form#survey', null],
    ]);
  });

  it('the aggregate clicks report too', async () => {
    const r = await aggregate(env, 'clicksBreakdown', [PROP_A, PROP_B], DAY);
    expect(r.data.map((c) => [c.page, c.click_through_rate])).toEqual([['/app', null]]);
  });
});

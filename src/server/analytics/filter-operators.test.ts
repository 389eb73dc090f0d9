import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, report, type TestEnv } from '../test-support/fixtures.js';
import { filtersQuery, loadFilterDataset, RANGE } from '../test-support/filter-dataset.js';

// Every operator on every dimension, read through traffic/summary (decisions.md "Filters").
// Sessions, their page views and visitors are in filter-dataset.ts:
// k1 3 pv v1 | k2 2 v2 | k3 1 v3 | k4 3 v1 | k5 2 v5 | k6 2 v6 | k7 3 v7 | k8 1 v8 | k9 3 v9.
let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
  await loadFilterDataset(env.store);
});
afterAll(() => env.close());

type Tuple = [string, string, (string | null)[]];
const summary = async (...filters: Tuple[]) =>
  (await report(env, 'trafficSummary', { ...RANGE, ...filtersQuery(...filters) })).data;
/** [sessions, page_views, unique_visitors] */
const counts = (d: { sessions: number; page_views: number; unique_visitors: number }) => [
  d.sessions,
  d.page_views,
  d.unique_visitors,
];

describe('session dimensions keep whole sessions by their first-touch value', () => {
  // [filter, expected [sessions, page_views, unique_visitors], how it was counted]
  const cases: [Tuple, number[], string][] = [
    [['is', 'country', ['US']], [4, 12, 3], 'k1 k4 k7 k9; v1 twice'],
    [['is', 'country', ['US', null]], [5, 14, 4], 'k1 k4 k7 k9 + unknown k5'],
    [['is', 'country', [null]], [1, 2, 1], 'k5 alone has no country'],
    [['is_not', 'country', ['US']], [5, 8, 5], 'k2 k3 k5 k6 k8: the unknown k5 is "not US"'],
    [['is_not', 'country', ['US', null]], [4, 6, 4], 'k2 k3 k6 k8: null in is_not drops the unknown'],
    [['is_not', 'country', [null]], [8, 18, 7], 'all but k5'],
    [['contains', 'country', ['u']], [4, 12, 3], 'US, ignoring case'],
    [['not_contains', 'country', ['u']], [5, 8, 5], 'k2 k3 k5 k6 k8, the unknown kept'],
    [['matches', 'country', ['G*']], [1, 1, 1], 'GB: k3'],
    [['is', 'device', ['desktop']], [5, 12, 4], 'k1 k3 k4 k6 k9 (UA desktop)'],
    [['is', 'device', ['mobile']], [3, 7, 3], 'k2 k7 (iPhone) and k5 (tablet → mobile)'],
    [['is', 'device', [null]], [1, 1, 1], 'k8: no agent, no device'],
    [['is_not', 'device', ['mobile']], [6, 13, 5], 'desktop five + unknown k8'],
    [['is_not', 'device', ['mobile', null]], [5, 12, 4], 'desktop five'],
    [['contains', 'device', ['MOB']], [3, 7, 3], 'mobile, ignoring case'],
    [['is', 'browser', ['Chrome']], [3, 8, 3], 'k1 k6 k9: k6 stays Chrome though its second view came from Firefox'],
    [['is', 'browser', ['Firefox']], [1, 3, 1], 'k4 only, not k6'],
    [['is', 'browser', ['Firefox', 'Safari']], [4, 9, 4], 'k4 + k2 k3 k7: values ORed'],
    [['is', 'browser', [null]], [2, 3, 2], 'k5 k8 sent no agent'],
    [['is', 'browser', ['chrome']], [0, 0, 0], '"is" is case-sensitive'],
    [['is_not', 'browser', ['Safari']], [6, 14, 5], 'k1 k4 k5 k6 k8 k9 (unknowns kept; the bot never counts)'],
    [['is_not', 'browser', ['Safari', null]], [4, 11, 3], 'k1 k4 k6 k9'],
    [['contains', 'browser', ['fire']], [1, 3, 1], 'Firefox: k4'],
    [['not_contains', 'browser', ['chrome']], [6, 12, 6], 'k2 k3 k4 k5 k7 k8'],
    [['matches', 'browser', ['Saf*']], [3, 6, 3], 'Safari: k2 k3 k7'],
    [['is', 'os', ['iOS']], [2, 5, 2], 'k2 k7'],
    [['is', 'os', ['Linux']], [1, 3, 1], 'k4, not k6'],
    [['is_not', 'os', ['Windows']], [6, 12, 6], 'k2 k3 k4 k5 k7 k8'],
    [['contains', 'os', ['os']], [3, 6, 3], 'macOS and iOS: k2 k3 k7'],
    [['not_contains', 'os', ['os']], [6, 14, 5], 'Windows k1 k6 k9, Linux k4, unknown k5 k8'],
    [['matches', 'os', ['mac*']], [1, 1, 1], 'macOS: k3'],
    [['is', 'referrer', ['google.com']], [3, 9, 2], 'k1 (www.google.com), k4 (google.com), k7 (www.google.com)'],
    [['is', 'referrer', ['www.google.com']], [0, 0, 0], 'the host as shown has no www.'],
    [['is', 'referrer', [null]], [3, 4, 3], 'direct: k3 k6 k8'],
    [['is_not', 'referrer', ['google.com']], [6, 11, 6], 'k2 k3 k5 k6 k8 k9, directs kept'],
    [['is_not', 'referrer', ['google.com', null]], [3, 7, 3], 'k2 k5 k9'],
    [['contains', 'referrer', ['GOOGLE']], [3, 9, 2], 'ignoring case'],
    [['not_contains', 'referrer', ['google']], [6, 11, 6], 'as is_not google.com'],
    [['matches', 'referrer', ['*.com']], [5, 14, 4], 'google.com ×3, news.ycombinator.com, bing.com; not t.co'],
    [['matches', 'referrer', ['news.*']], [1, 2, 1], 'news.ycombinator.com: k2'],
    [['is', 'utm_source', ['google']], [3, 9, 2], 'k1 k4 k7; k6 (google on its second view) is newsletter'],
    [['is', 'utm_source', [null]], [4, 8, 4], 'k2 k5 k8 k9'],
    [['is_not', 'utm_source', ['newsletter']], [7, 17, 6], 'all but k3 k6'],
    [['contains', 'utm_source', ['LETTER']], [2, 3, 2], 'k3 k6'],
    [['is', 'utm_medium', ['cpc']], [2, 6, 2], 'k1 k7'],
    [['is_not', 'utm_medium', ['cpc']], [7, 14, 7], 'k2 k3 k4 k5 k6 k8 k9'],
    [['is', 'utm_medium', ['email', null]], [6, 11, 6], 'k3 k6 + k2 k5 k8 k9'],
    [['matches', 'utm_medium', ['org*']], [1, 3, 1], 'organic: k4'],
    [['is', 'utm_campaign', ['spring']], [1, 3, 1], 'k1; k3 is Spring-Sale'],
    [['contains', 'utm_campaign', ['spring']], [2, 4, 2], 'spring (k1), Spring-Sale (k3)'],
    [['matches', 'utm_campaign', ['Spring-*']], [1, 1, 1], 'k3; matches is case-sensitive'],
    [['not_contains', 'utm_campaign', ['spring']], [7, 16, 7], 'all but k1 k3, unknowns kept'],
    [['is', 'utm_campaign', [null]], [5, 11, 5], 'k2 k4 k5 k8 k9'],
    [['is_not', 'utm_campaign', [null]], [4, 9, 4], 'k1 k3 k6 k7'],
    [['is', 'entry_page', ['/']], [3, 8, 3], 'k1 k5 k9'],
    [['is_not', 'entry_page', ['/']], [6, 12, 6], 'k2 k3 k4 k6 k7 k8'],
    [['is', 'entry_page', ['/blog/launch']], [0, 0, 0], 'k4 entered on /Blog/Launch'],
    [['contains', 'entry_page', ['/blog']], [3, 6, 3], 'k2 /blog/a, k4 /Blog/Launch, k8 /blog'],
    [['matches', 'entry_page', ['/blog/*']], [1, 2, 1], 'k2'],
    [['is', 'exit_page', ['/pricing']], [3, 6, 3], 'k3 k4 k6'],
    [['is_not', 'exit_page', ['/pricing', '/']], [5, 11, 5], 'k1 /signup, k2 k5 k8 k9 on blog pages'],
    [['not_contains', 'exit_page', ['blog']], [5, 12, 4], 'k1 k3 k4 k6 k7'],
    [['matches', 'exit_page', ['/blog/*']], [2, 5, 2], 'k5 /blog/a, k9 /blog/b; not k2 /blog/a/b'],
    [['matches', 'exit_page', ['/blog/**']], [3, 7, 3], '** crosses /: + k2'],
  ];

  it.each(cases)('%j keeps %j (%s)', async (filter, expected) => {
    expect(counts(await summary(filter))).toEqual(expected);
  });

  it("gives the kept sessions' own bounce rate and duration", async () => {
    // k1 k4 k7 k9: no bounce; 300 + 300 + 180 + 180 = 960 s / 4
    expect(await summary(['is', 'country', ['US']])).toEqual({
      page_views: 12,
      sessions: 4,
      unique_visitors: 3,
      bounce_rate: 0,
      avg_session_duration: 240,
    });
    // k5 k8: k8 bounced; 60 + 0 = 60 s / 2
    expect(await summary(['is', 'browser', [null]])).toEqual({
      page_views: 3,
      sessions: 2,
      unique_visitors: 2,
      bounce_rate: 0.5,
      avg_session_duration: 30,
    });
  });
});

describe('page is event-level', () => {
  // Page views per page: / 4 (k1 k5 k7 k9), /pricing 6 (k1 k3 k4 k6 k7 k9), /signup 2 (k1 k7), /blog/a 2 (k2 k5),
  // /blog/a/b 1 (k2), /Blog/Launch 1 (k4), /blog 2 (k4 k8), /docs 1 (k6), /blog/b 1 (k9).
  it('counts only matching page views, and the sessions with one, whole', async () => {
    // 6 views by v1 v3 v6 v7 v9; sessions k1 k3 k4 k6 k7 k9 with k3 bounced; (300+30+300+240+180+180)/6 = 205
    expect(await summary(['is', 'page', ['/pricing']])).toEqual({
      page_views: 6,
      sessions: 6,
      unique_visitors: 5,
      bounce_rate: 1 / 6,
      avg_session_duration: 205,
    });
    // /blog/a ×2, /blog/a/b, /Blog/Launch, /blog ×2, /blog/b = 7 by v2 v1 v5 v8 v9; k2 k4 k5 k8 k9, k8 bounced; 660 s / 5
    expect(await summary(['contains', 'page', ['/BLOG']])).toEqual({
      page_views: 7,
      sessions: 5,
      unique_visitors: 5,
      bounce_rate: 0.2,
      avg_session_duration: 132,
    });
  });

  it('matches: * stays within a path segment, ** does not', async () => {
    // /blog/a ×2 (k2 k5) + /blog/b (k9); k2 k5 k9: (120 + 60 + 180) / 3
    expect(await summary(['matches', 'page', ['/blog/*']])).toEqual({
      page_views: 3,
      sessions: 3,
      unique_visitors: 3,
      bounce_rate: 0,
      avg_session_duration: 120,
    });
    // + /blog/a/b (k2 again)
    expect(await summary(['matches', 'page', ['/blog/**']])).toEqual({
      page_views: 4,
      sessions: 3,
      unique_visitors: 3,
      bounce_rate: 0,
      avg_session_duration: 120,
    });
    // case-sensitive and whole-value: /Blog/Launch only
    expect(counts(await summary(['matches', 'page', ['/Blog/*']]))).toEqual([1, 1, 1]);
    expect(counts(await summary(['matches', 'page', ['/blog']]))).toEqual([2, 2, 2]); // k4 k8's /blog, not /blog/a
  });

  it('negative operators on page', async () => {
    // /, /pricing, /signup, /docs = 4 + 6 + 2 + 1 = 13 views by v1 v3 v5 v6 v7 v9; all but k2 k8; k3 bounced;
    // (300 + 30 + 300 + 60 + 240 + 180 + 180) / 7 = 184.29
    expect(await summary(['not_contains', 'page', ['blog']])).toEqual({
      page_views: 13,
      sessions: 7,
      unique_visitors: 6,
      bounce_rate: 1 / 7,
      avg_session_duration: 184.3,
    });
    // 20 - 6 views; v3 saw only /pricing; every session but k3, k8 bounced; (1410 - 30) / 8
    expect(await summary(['is_not', 'page', ['/pricing']])).toEqual({
      page_views: 14,
      sessions: 8,
      unique_visitors: 7,
      bounce_rate: 0.125,
      avg_session_duration: 172.5,
    });
    // a page is never unknown: is_not null keeps everything, is null nothing
    expect(counts(await summary(['is_not', 'page', [null]]))).toEqual([9, 20, 8]);
    expect(await summary(['is', 'page', [null]])).toEqual({
      page_views: 0,
      sessions: 0,
      unique_visitors: 0,
      bounce_rate: null,
      avg_session_duration: null,
    });
  });

  it('ORs the values of contains, not_contains and matches too', async () => {
    expect(counts(await summary(['contains', 'referrer', ['ycombinator', 'T.CO']]))).toEqual([2, 4, 2]); // k2, k5
    // neither spring nor may: k2 k4 k5 k7 k8 k9
    expect(counts(await summary(['not_contains', 'utm_campaign', ['spring', 'may']]))).toEqual([6, 14, 6]);
    expect(counts(await summary(['matches', 'country', ['U*', 'D*']]))).toEqual([5, 14, 4]); // US k1 k4 k7 k9, DE k2
    // /blog/a ×2 (k2 k5), /blog/b (k9), /docs (k6)
    expect(counts(await summary(['matches', 'page', ['/blog/*', '/docs']]))).toEqual([4, 4, 4]);
  });

  it('ORs the values: /signup or /docs', async () => {
    // /signup 2 (k1 k7) + /docs 1 (k6); (300 + 180 + 240) / 3
    expect(await summary(['is', 'page', ['/signup', '/docs']])).toEqual({
      page_views: 3,
      sessions: 3,
      unique_visitors: 3,
      bounce_rate: 0,
      avg_session_duration: 240,
    });
  });
});

describe('several filters are ANDed', () => {
  it('two session filters', async () => {
    expect(counts(await summary(['is', 'country', ['US']], ['is', 'device', ['mobile']]))).toEqual([1, 3, 1]); // k7
    // Chrome or Firefox: k1 k4 k6 k9; not Windows: k4
    expect(counts(await summary(['is', 'browser', ['Chrome', 'Firefox']], ['is_not', 'os', ['Windows']]))).toEqual([
      1, 3, 1,
    ]);
  });

  it('one dimension twice', async () => {
    // neither US nor DE: k3 k5 (unknown) k6 k8
    expect(counts(await summary(['is_not', 'country', ['US']], ['is_not', 'country', ['DE']]))).toEqual([4, 6, 4]);
  });

  it('a session filter and a page filter', async () => {
    // US sessions with a blog view: k4 (/Blog/Launch, /blog), k9 (/blog/b) → 3 matching views; (300 + 180) / 2
    expect(await summary(['is', 'country', ['US']], ['contains', 'page', ['/blog']])).toEqual({
      page_views: 3,
      sessions: 2,
      unique_visitors: 2,
      bounce_rate: 0,
      avg_session_duration: 240,
    });
  });

  it('two page filters must hold for the same page view', async () => {
    // views containing blog but not /a: /Blog/Launch, /blog ×2, /blog/b → k4 k8 k9; k8 bounced; (300 + 0 + 180) / 3.
    // (k5 has /blog/a and /, neither of which passes both.)
    expect(await summary(['contains', 'page', ['blog']], ['not_contains', 'page', ['/a']])).toEqual({
      page_views: 4,
      sessions: 3,
      unique_visitors: 3,
      bounce_rate: 1 / 3,
      avg_session_duration: 160,
    });
  });
});

import { expect } from 'vitest';
import type { CreateGoalBody } from '../../contract/goals.js';
import type { Store } from '../store/store.js';
import { CHROME_WINDOWS, FIREFOX_LINUX, SAFARI_IPHONE } from './filter-dataset.js';
import { BOT_UA, endpointPath, insert, post, PROP_B, session, type TestEnv } from './fixtures.js';

/** The UTC range of the goal dataset, Monday 2026-06-01 to Wednesday 2026-06-03 (date-only end: included). */
export const GOAL_RANGE = { start: '2026-06-01', end: '2026-06-03' } as const;

/** A session's events, with custom events (`track`) and payments (`pay`) beside fixtures.ts's kinds. */
function goalSession(sessionId: string, visitorId: string, base: Parameters<typeof session>[2] = {}) {
  const s = session(sessionId, visitorId, base);
  return {
    ...s,
    track: (ts: string, path: string, name: string, props?: Record<string, string>) =>
      s.pv(ts, path, { type: 'custom', name, ...(props ? { props } : {}) }),
    pay: (
      ts: string,
      path: string,
      amount: number,
      currency?: string,
      extra: { props?: Record<string, string>; name?: string } = {},
    ) => s.pv(ts, path, { type: 'revenue', amount, ...(currency ? { currency } : {}), ...extra }),
  };
}

/**
 * The events the goal suites work out by hand (site-a unless said). Browsers: Chrome/Windows,
 * Safari/iOS, Firefox/Linux (filter-dataset.ts's agents).
 *
 * | s  | vis | day   | country | browser | events in order (path)                                                                  |
 * | s1 | v1  | 06-01 | US | Chrome  | pv / · pv /pricing · click a.buy (/pricing) · track Signup (/pricing) · pv /signup ·           |
 * |    |     |       |    |         | submit form#signup source hero (/signup) · pay 29 USD                                          |
 * | s2 | v2  | 06-01 | DE | Safari  | pv /blog/a · pv /blog/a/b · pv /Pricing (another page) · pv /docs/intro · track Signup ·       |
 * |    |     |       |    |         | pay 10.5 EUR                                                                                   |
 * | s3 | v3  | 06-02 | US | Firefox | pv /pricing · pv /pricing · pv /features · click a.buy ×2 (/features) ·                        |
 * |    |     |       |    |         | click a.buy.secondary (another element) · pay 49 USD · pay 20 EUR                              |
 * | s4 | v1  | 06-02 | GB | Chrome  | pv /docs · pv /docs/api/v2 · pv /contact · submit form#contact source footer (/contact);       |
 * |    |     |       |    |         | the last two say US and Firefox, which the session's first touch outweighs                     |
 * | s5 | v5  | 06-03 | FR | Safari  | pv / · pv /about · pay 100 USD named "Signup" (a payment, not a custom event: converts nothing) |
 * | s6 | v6  | 06-03 | US | Chrome  | pv /blog · track signup (lower case) · track Signup ×2 · submit form#newsletter, no source ·  |
 * |    |     |       |    |         | pay 15 EUR · pay 7 without currency                                                            |
 * Outside the UTC range, each with pv /pricing · track Signup · pay 99 USD (US, Chrome):
 *   s7 v7 2026-05-31 23:30Z (also click a.buy on /pricing and submit form#signup hero on /signup);
 *   s8 v8 2026-06-04 00:10Z, which is 06-03 20:10 in New York (UTC-4 in June).
 * sbot (Googlebot) 06-02 does all of s7's and pays 500 USD: never counted.
 * site-b: m1 v1 06-01 pv /pricing · track Signup · pay 1 USD (site-b has no goals).
 *
 * In range: unique visitors v1 v2 v3 v5 v6 = 5, sessions s1–s6.
 */
export async function loadGoalDataset(store: Store): Promise<void> {
  const s1 = goalSession('s1', 'v1', { user_agent: CHROME_WINDOWS, country: 'US' });
  const s2 = goalSession('s2', 'v2', { user_agent: SAFARI_IPHONE, country: 'DE' });
  const s3 = goalSession('s3', 'v3', { user_agent: FIREFOX_LINUX, country: 'US' });
  const s4 = goalSession('s4', 'v1', { user_agent: CHROME_WINDOWS, country: 'GB' });
  const s5 = goalSession('s5', 'v5', { user_agent: SAFARI_IPHONE, country: 'FR' });
  const s6 = goalSession('s6', 'v6', { user_agent: CHROME_WINDOWS, country: 'US' });
  const s7 = goalSession('s7', 'v7', { user_agent: CHROME_WINDOWS, country: 'US' });
  const s8 = goalSession('s8', 'v8', { user_agent: CHROME_WINDOWS, country: 'US' });
  const bot = goalSession('sbot', 'vbot', { user_agent: BOT_UA, country: 'US' });
  const m1 = goalSession('m1', 'v1', { property_id: PROP_B, user_agent: CHROME_WINDOWS, country: 'US' });

  await insert(store, [
    s1.pv('2026-06-01T10:00:00Z', '/'),
    s1.pv('2026-06-01T10:01:00Z', '/pricing'),
    s1.click('2026-06-01T10:02:00Z', '/pricing', 'a.buy'),
    s1.track('2026-06-01T10:03:00Z', '/pricing', 'Signup', { plan: 'pro' }),
    s1.pv('2026-06-01T10:04:00Z', '/signup'),
    s1.submit('2026-06-01T10:05:00Z', '/signup', 'form#signup', 'hero'),
    s1.pay('2026-06-01T10:06:00Z', '/signup', 29, 'USD', { props: { plan: 'pro' } }),

    s2.pv('2026-06-01T12:00:00Z', '/blog/a'),
    s2.pv('2026-06-01T12:01:00Z', '/blog/a/b'),
    s2.pv('2026-06-01T12:01:30Z', '/Pricing'),
    s2.pv('2026-06-01T12:02:00Z', '/docs/intro'),
    s2.track('2026-06-01T12:03:00Z', '/docs/intro', 'Signup'),
    s2.pay('2026-06-01T12:04:00Z', '/docs/intro', 10.5, 'EUR'),

    s3.pv('2026-06-02T09:00:00Z', '/pricing'),
    s3.pv('2026-06-02T09:01:00Z', '/pricing'),
    s3.pv('2026-06-02T09:02:00Z', '/features'),
    s3.click('2026-06-02T09:03:00Z', '/features', 'a.buy'),
    s3.click('2026-06-02T09:03:10Z', '/features', 'a.buy'),
    s3.click('2026-06-02T09:03:20Z', '/features', 'a.buy.secondary'),
    s3.pay('2026-06-02T09:04:00Z', '/features', 49, 'USD'),
    s3.pay('2026-06-02T09:05:00Z', '/features', 20, 'EUR'),

    s4.pv('2026-06-02T14:00:00Z', '/docs'),
    s4.pv('2026-06-02T14:01:00Z', '/docs/api/v2'),
    // later events of a session carrying other values: the session keeps its first touch (GB, Chrome)
    s4.pv('2026-06-02T14:02:00Z', '/contact', { country: 'US', user_agent: FIREFOX_LINUX }),
    {
      ...s4.submit('2026-06-02T14:03:00Z', '/contact', 'form#contact', 'footer'),
      country: 'US',
      user_agent: FIREFOX_LINUX,
    },

    s5.pv('2026-06-03T08:00:00Z', '/'),
    s5.pv('2026-06-03T08:01:00Z', '/about'),
    s5.pay('2026-06-03T08:02:00Z', '/about', 100, 'USD', { name: 'Signup' }),

    s6.pv('2026-06-03T16:00:00Z', '/blog'),
    s6.track('2026-06-03T16:01:00Z', '/blog', 'signup'),
    s6.track('2026-06-03T16:02:00Z', '/blog', 'Signup'),
    s6.track('2026-06-03T16:03:00Z', '/blog', 'Signup'),
    s6.submit('2026-06-03T16:04:00Z', '/blog', 'form#newsletter'),
    s6.pay('2026-06-03T16:05:00Z', '/blog', 15, 'EUR'),
    s6.pay('2026-06-03T16:06:00Z', '/blog', 7),

    s7.pv('2026-05-31T23:30:00Z', '/pricing'),
    s7.click('2026-05-31T23:31:00Z', '/pricing', 'a.buy'),
    s7.track('2026-05-31T23:32:00Z', '/pricing', 'Signup'),
    s7.submit('2026-05-31T23:33:00Z', '/signup', 'form#signup', 'hero'),
    s7.pay('2026-05-31T23:34:00Z', '/signup', 99, 'USD'),

    s8.pv('2026-06-04T00:10:00Z', '/pricing'),
    s8.track('2026-06-04T00:11:00Z', '/pricing', 'Signup'),
    s8.pay('2026-06-04T00:12:00Z', '/pricing', 99, 'USD'),

    bot.pv('2026-06-02T03:00:00Z', '/pricing'),
    bot.click('2026-06-02T03:01:00Z', '/pricing', 'a.buy'),
    bot.track('2026-06-02T03:02:00Z', '/pricing', 'Signup'),
    bot.submit('2026-06-02T03:03:00Z', '/signup', 'form#signup', 'hero'),
    bot.pay('2026-06-02T03:04:00Z', '/signup', 500, 'USD'),

    m1.pv('2026-06-01T11:00:00Z', '/pricing'),
    m1.track('2026-06-01T11:01:00Z', '/pricing', 'Signup'),
    m1.pay('2026-06-01T11:02:00Z', '/pricing', 1, 'USD'),
  ]);
}

/** site-a's goals, created in this order (so the list and the report come in it). */
export const GOALS = [
  { name: 'Pricing', kind: 'page', page: '/pricing' },
  { name: 'Docs pages', kind: 'page', page: '/docs/*' },
  { name: 'Docs tree', kind: 'page', page: '/docs/**' },
  { name: 'Signup', kind: 'event', event: 'Signup' },
  { name: 'Buy anywhere', kind: 'click', target: 'a.buy' },
  { name: 'Buy on pricing', kind: 'click', target: 'a.buy', page: '/pricing' },
  { name: 'Hero signup form', kind: 'form', target: 'form#signup', source: 'hero', page: '/signup' },
  { name: 'Footer forms', kind: 'form', source: 'footer' },
  { name: 'Any form', kind: 'form' },
  { name: 'Checkout', kind: 'event', event: 'Checkout' },
] as const satisfies readonly CreateGoalBody[];
export type GoalName = (typeof GOALS)[number]['name'];

/** Creates GOALS on site-a through the API, one after the other; returns their ids by name. */
export async function createGoals(env: TestEnv): Promise<Record<GoalName, string>> {
  const ids = {} as Record<GoalName, string>;
  for (const g of GOALS) {
    const r = await post(env, env.keys.a, endpointPath('createGoal'), g);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    ids[g.name] = r.body.id;
    // distinct created_at, so "oldest first" has one answer on either store
    await new Promise((done) => setTimeout(done, 3));
  }
  return ids;
}

/** A report row's revenue in one order (the contract does not order currencies). */
export const byCurrency = (revenue: { currency: string; amount: number }[]) =>
  [...revenue].sort((a, b) => a.currency.localeCompare(b.currency));

import type { Store } from '../store/store.js';
import { BOT_UA, insert, PROP_B, session } from './fixtures.js';

/**
 * Real user agents, and what bowser (normalize-event.ts) reads from each: browser | os | device.
 */
/** Chrome | Windows | desktop */
export const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
/** Safari | macOS | desktop */
export const SAFARI_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
/** Safari | iOS | mobile */
export const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
/** Firefox | Linux | desktop */
export const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0';

/** The UTC range holding the whole dataset, Monday 2026-05-04 to Friday 2026-05-08 (date-only end: included). */
export const RANGE = { start: '2026-05-04', end: '2026-05-08' } as const;

/**
 * The dataset the filter suites work out by hand. First-touch values (the session's first page view);
 * "-" is unknown. Duration runs from the first to the last event of any kind.
 *
 * site-a (9 sessions, 8 visitors: v1 has k1 and k4; 20 page views; bounces k3 k8; 1410 s in all)
 * | s  | vis | day   | pages (in order)                 | country | device  | browser | os      | referrer (host)      | utm source/medium/campaign     | pv | s   |
 * | k1 | v1  | 05-04 | / → /pricing → /signup           | US      | desktop | Chrome  | Windows | google.com (www.)    | google / cpc / spring          | 3  | 300 |
 * | k2 | v2  | 05-04 | /blog/a → /blog/a/b              | DE      | mobile  | Safari  | iOS     | news.ycombinator.com | - / - / -                      | 2  | 120 |
 * | k3 | v3  | 05-05 | /pricing                         | GB      | desktop | Safari  | macOS   | -                    | newsletter / email / Spring-Sale | 1 | 30 |
 * | k4 | v1  | 05-05 | /Blog/Launch → /blog → /pricing  | US      | desktop | Firefox | Linux   | google.com (no www.) | google / organic / -           | 3  | 300 |
 * | k5 | v5  | 05-06 | / → /blog/a                      | -       | mobile (tablet sent, no UA) | - | - | t.co           | - / - / -                      | 2  | 60  |
 * | k6 | v6  | 05-06 | /docs → /pricing                 | CA      | desktop | Chrome  | Windows | -                    | newsletter / email / may       | 2  | 240 |
 * | k7 | v7  | 05-07 | /pricing → /signup → /           | US      | mobile  | Safari  | iOS     | google.com (www.)    | google / cpc / summer          | 3  | 180 |
 * | k8 | v8  | 05-07 | /blog                            | FR      | -       | -       | -       | -                    | - / - / -                      | 1  | 0   |
 * | k9 | v9  | 05-08 | / → /pricing → /blog/b           | US      | desktop | Chrome  | Windows | bing.com             | - / - / -                      | 3  | 180 |
 * k6's second view (/pricing) says US, utm_source google and a Firefox/Linux agent, and arrives in an
 * earlier batch than its first: only first touch counts, so k6 stays CA, newsletter, Chrome, Windows.
 * Scroll (deepest per session and page): k1 / 0.5; k2 /blog/a/b 0.9; k4 /pricing 0.6; k7 /pricing 0.4.
 * Clicks: k1 /pricing a.buy; k2 /blog/a/b a.more; k3 /pricing a.buy; k4 /pricing a.buy; k9 /blog/b a.more.
 * Forms: k1 /signup form#signup (hero); k6 /pricing form#trial; k7 /signup form#signup (footer).
 * kbot (Googlebot) views / and /pricing, clicks and submits on 05-05: never counted.
 *
 * site-b (for aggregates):
 * | m1 | v1  | 05-04 | / → /docs  | US | desktop | Chrome | Windows | google.com | google / cpc / spring | 2 | 180 | click /docs a.buy
 * | m2 | v20 | 05-06 | /blog/x    | FR | mobile  | Safari | iOS     | -          | - / - / -             | 1 | 60  | submit /blog/x form#sub
 */
export async function loadFilterDataset(store: Store): Promise<void> {
  const k1 = session('k1', 'v1', { user_agent: CHROME_WINDOWS });
  const k2 = session('k2', 'v2', { user_agent: SAFARI_IPHONE });
  const k3 = session('k3', 'v3', { user_agent: SAFARI_MAC });
  const k4 = session('k4', 'v1', { user_agent: FIREFOX_LINUX });
  const k5 = session('k5', 'v5');
  const k6 = session('k6', 'v6', { user_agent: CHROME_WINDOWS });
  const k7 = session('k7', 'v7', { user_agent: SAFARI_IPHONE });
  const k8 = session('k8', 'v8');
  const k9 = session('k9', 'v9', { user_agent: CHROME_WINDOWS });
  const bot = session('kbot', 'v-bot', { user_agent: BOT_UA });
  const us = { country: 'US' } as const;

  // k6's later view first, in a batch of its own.
  await insert(store, [
    k6.pv('2026-05-06T14:03:00Z', '/pricing', { country: 'US', utm_source: 'google', user_agent: FIREFOX_LINUX }),
    k6.submit('2026-05-06T14:04:00Z', '/pricing', 'form#trial'),
  ]);
  await insert(store, [
    k1.pv('2026-05-04T09:00:00Z', '/', {
      ...us,
      referrer: 'https://www.google.com/search?q=sightline',
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'spring',
    }),
    k1.engage('2026-05-04T09:01:00Z', '/', 0.5),
    k1.pv('2026-05-04T09:02:00Z', '/pricing', us),
    k1.click('2026-05-04T09:03:00Z', '/pricing', 'a.buy'),
    k1.pv('2026-05-04T09:04:00Z', '/signup', us),
    k1.submit('2026-05-04T09:05:00Z', '/signup', 'form#signup', 'hero'),

    k2.pv('2026-05-04T12:00:00Z', '/blog/a', { country: 'DE', referrer: 'https://news.ycombinator.com/item?id=1' }),
    k2.pv('2026-05-04T12:01:00Z', '/blog/a/b', { country: 'DE' }),
    k2.click('2026-05-04T12:01:30Z', '/blog/a/b', 'a.more'),
    k2.engage('2026-05-04T12:02:00Z', '/blog/a/b', 0.9),

    k3.pv('2026-05-05T08:00:00Z', '/pricing', {
      country: 'GB',
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'Spring-Sale',
    }),
    k3.click('2026-05-05T08:00:30Z', '/pricing', 'a.buy'),

    k4.pv('2026-05-05T15:00:00Z', '/Blog/Launch', {
      ...us,
      referrer: 'https://google.com/',
      utm_source: 'google',
      utm_medium: 'organic',
    }),
    k4.pv('2026-05-05T15:02:00Z', '/blog', us),
    k4.pv('2026-05-05T15:04:00Z', '/pricing', us),
    k4.engage('2026-05-05T15:04:30Z', '/pricing', 0.6),
    k4.click('2026-05-05T15:05:00Z', '/pricing', 'a.buy'),

    k5.pv('2026-05-06T10:00:00Z', '/', { device: 'tablet', referrer: 'https://t.co/x' }),
    k5.pv('2026-05-06T10:01:00Z', '/blog/a', { device: 'tablet' }),

    k6.pv('2026-05-06T14:00:00Z', '/docs', {
      country: 'CA',
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'may',
    }),

    k7.pv('2026-05-07T09:00:00Z', '/pricing', {
      ...us,
      referrer: 'https://www.google.com/',
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'summer',
    }),
    k7.engage('2026-05-07T09:00:30Z', '/pricing', 0.4),
    k7.pv('2026-05-07T09:01:00Z', '/signup', us),
    k7.submit('2026-05-07T09:02:00Z', '/signup', 'form#signup', 'footer'),
    k7.pv('2026-05-07T09:03:00Z', '/', us),

    k8.pv('2026-05-07T18:00:00Z', '/blog', { country: 'FR' }),

    k9.pv('2026-05-08T11:00:00Z', '/', { ...us, referrer: 'https://www.bing.com/' }),
    k9.pv('2026-05-08T11:01:00Z', '/pricing', us),
    k9.pv('2026-05-08T11:02:00Z', '/blog/b', us),
    k9.click('2026-05-08T11:03:00Z', '/blog/b', 'a.more'),

    bot.pv('2026-05-05T03:00:00Z', '/', us),
    bot.pv('2026-05-05T03:01:00Z', '/pricing', us),
    bot.click('2026-05-05T03:02:00Z', '/pricing', 'a.buy'),
    bot.submit('2026-05-05T03:03:00Z', '/signup', 'form#signup', 'hero'),
  ]);

  const m1 = session('m1', 'v1', { property_id: PROP_B, user_agent: CHROME_WINDOWS });
  const m2 = session('m2', 'v20', { property_id: PROP_B, user_agent: SAFARI_IPHONE });
  await insert(store, [
    m1.pv('2026-05-04T10:00:00Z', '/', {
      ...us,
      referrer: 'https://www.google.com/',
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'spring',
    }),
    m1.pv('2026-05-04T10:02:00Z', '/docs', us),
    m1.click('2026-05-04T10:03:00Z', '/docs', 'a.buy'),
    m2.pv('2026-05-06T09:00:00Z', '/blog/x', { country: 'FR' }),
    m2.submit('2026-05-06T09:01:00Z', '/blog/x', 'form#sub'),
  ]);
}

/** The wire form of a filter list for a query string (`report` URL-encodes it). */
export const filtersQuery = (...filters: [string, string, (string | null)[]][]) => ({
  filters: JSON.stringify(filters),
});

/** Rows with equal counts may come in any order between stores: compare them sorted by their text. */
export function sortedTies<T extends Record<string, unknown>>(
  rows: T[],
  count: keyof T,
  label: (r: T) => string | null,
): T[] {
  return [...rows].sort(
    (a, b) => Number(b[count]) - Number(a[count]) || String(label(a)).localeCompare(String(label(b))),
  );
}

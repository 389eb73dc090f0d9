import type { Store } from '../store/store.js';
import { BOT_UA, insert, PROP_B, session } from './fixtures.js';

/**
 * The hand-made dataset the report tests work out by hand. All of it lies in 2026-03-06..2026-03-10
 * (UTC), across the America/New_York spring-forward (2026-03-08 07:00Z: 02:00 EST → 03:00 EDT).
 *
 * site-a (bots excluded, 6 sessions, 14 page views, visitors v1 v2 v3 v5 v6):
 *  s1 v1  03-06 14:00Z desktop US google/cpc/spring ref www.google.com
 *         / → /pricing → /signup; scroll / 0.5, /pricing 0.8 & 0.6; click a.signup; 2× submit form#signup (hero)
 *         3 pv, 14:00:00 → 14:06:10 = 370 s
 *  s2 v2  03-07 16:00Z tablet (→ mobile), no country/utm/referrer
 *         /pricing only (bounce); 2× click a.signup; scroll 0.4; 16:00:00 → 16:01:00 = 60 s
 *  s5     03-07 03:00Z Googlebot: / → /pricing, click, submit (never counted)
 *  s3 v3  03-08 06:30Z (01:30 EST) desktop CA newsletter/email/- ref news.example.com
 *         / → /signup (01:50 EST) → /pricing (07:10Z = 03:10 EDT); submit form#signup (no source)
 *         3 pv, 2400 s
 *  s4 v1  03-09 two batches: first /pricing 10:05Z (mobile, DE, bing), scroll 0.9, click button.buy 10:06:30;
 *         then the earlier page view / 10:00Z (desktop, US, google/organic, ref www.google.com/).
 *         First touch: / desktop US google/organic; exit /pricing; 2 pv, 390 s
 *  s6 v5  03-09 20:00Z no device, US, ref t.co: /blog/post-1 (scroll 0.3) → / → /pricing; click a.signup
 *         3 pv, 270 s
 *  s7 v6  03-10 12:00Z mobile GB newsletter/email/march: /pricing → /; scroll / 1.0; submit form#newsletter (footer)
 *         2 pv, 180 s
 *
 * site-b:
 *  b1 v1 (same visitor string as site-a) 03-06 15:00Z desktop US google/cpc/spring: / → /docs; click a.signup; 2 pv, 120 s
 *  b2 v9 03-09 09:00Z mobile FR: /docs (bounce); submit form#contact (hero); 60 s
 */
export async function loadMarchDataset(store: Store): Promise<void> {
  const s1 = session('s1', 'v1');
  const a1 = { device: 'desktop', country: 'US' } as const;
  const s2 = session('s2', 'v2');
  const s5 = session('s5', 'v-bot', { user_agent: BOT_UA });
  const s3 = session('s3', 'v3');
  const a3 = { device: 'desktop', country: 'CA' } as const;
  const s4 = session('s4', 'v1');
  const s6 = session('s6', 'v5');
  const s7 = session('s7', 'v6');
  const a7 = { device: 'mobile', country: 'GB' } as const;

  await insert(store, [
    s1.pv('2026-03-06T14:00:00Z', '/', {
      ...a1,
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'spring',
      referrer: 'https://www.google.com/search?q=sightline',
    }),
    s1.engage('2026-03-06T14:01:00Z', '/', 0.5),
    s1.pv('2026-03-06T14:02:00Z', '/pricing', a1),
    s1.engage('2026-03-06T14:03:00Z', '/pricing', 0.8),
    s1.engage('2026-03-06T14:04:00Z', '/pricing', 0.6),
    s1.click('2026-03-06T14:04:30Z', '/pricing', 'a.signup'),
    s1.pv('2026-03-06T14:05:00Z', '/signup', a1),
    s1.submit('2026-03-06T14:06:00Z', '/signup', 'form#signup', 'hero'),
    s1.submit('2026-03-06T14:06:10Z', '/signup', 'form#signup', 'hero'),

    s2.pv('2026-03-07T16:00:00Z', '/pricing', { device: 'tablet' }),
    s2.click('2026-03-07T16:00:30Z', '/pricing', 'a.signup'),
    s2.click('2026-03-07T16:00:40Z', '/pricing', 'a.signup'),
    s2.engage('2026-03-07T16:01:00Z', '/pricing', 0.4),

    s5.pv('2026-03-07T03:00:00Z', '/', { device: 'desktop', country: 'US', utm_source: 'google' }),
    s5.pv('2026-03-07T03:01:00Z', '/pricing', { device: 'desktop', country: 'US' }),
    s5.click('2026-03-07T03:02:00Z', '/pricing', 'a.signup'),
    s5.submit('2026-03-07T03:03:00Z', '/signup', 'form#signup', 'hero'),

    s3.pv('2026-03-08T06:30:00Z', '/', {
      ...a3,
      utm_source: 'newsletter',
      utm_medium: 'email',
      referrer: 'https://news.example.com/article',
    }),
    s3.pv('2026-03-08T06:50:00Z', '/signup', a3),
    s3.submit('2026-03-08T06:55:00Z', '/signup', 'form#signup'),
    s3.pv('2026-03-08T07:10:00Z', '/pricing', a3),
  ]);

  // s4 arrives in two batches, the earlier page view last.
  await insert(store, [
    s4.pv('2026-03-09T10:05:00Z', '/pricing', { device: 'mobile', country: 'DE', utm_source: 'bing' }),
    s4.engage('2026-03-09T10:06:00Z', '/pricing', 0.9),
    s4.click('2026-03-09T10:06:30Z', '/pricing', 'button.buy'),
  ]);
  await insert(store, [
    s4.pv('2026-03-09T10:00:00Z', '/', {
      device: 'desktop',
      country: 'US',
      utm_source: 'google',
      utm_medium: 'organic',
      referrer: 'https://www.google.com/',
    }),

    s6.pv('2026-03-09T20:00:00Z', '/blog/post-1', { country: 'US', referrer: 'https://t.co/abc' }),
    s6.engage('2026-03-09T20:02:00Z', '/blog/post-1', 0.3),
    s6.pv('2026-03-09T20:03:00Z', '/', { country: 'US' }),
    s6.pv('2026-03-09T20:04:00Z', '/pricing', { country: 'US' }),
    s6.click('2026-03-09T20:04:30Z', '/pricing', 'a.signup'),

    s7.pv('2026-03-10T12:00:00Z', '/pricing', {
      ...a7,
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'march',
    }),
    s7.pv('2026-03-10T12:01:00Z', '/', a7),
    s7.engage('2026-03-10T12:02:00Z', '/', 1.0),
    s7.submit('2026-03-10T12:03:00Z', '/', 'form#newsletter', 'footer'),
  ]);

  const b1 = session('b1', 'v1', { property_id: PROP_B });
  const b2 = session('b2', 'v9', { property_id: PROP_B });
  await insert(store, [
    b1.pv('2026-03-06T15:00:00Z', '/', {
      device: 'desktop',
      country: 'US',
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'spring',
      referrer: 'https://www.google.com/',
    }),
    b1.pv('2026-03-06T15:01:00Z', '/docs', { device: 'desktop', country: 'US' }),
    b1.click('2026-03-06T15:02:00Z', '/docs', 'a.signup'),
    b2.pv('2026-03-09T09:00:00Z', '/docs', { device: 'mobile', country: 'FR' }),
    b2.submit('2026-03-09T09:01:00Z', '/docs', 'form#contact', 'hero'),
  ]);
}

/** The UTC range that holds the whole dataset (date-only end: 03-10 included). */
export const MARCH = { start: '2026-03-06', end: '2026-03-10' } as const;

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../src/server/store/store.js';
import { startRealServer, type RealServer } from './support/real-server.js';
import { CHROME_UA } from './support/tracker-harness.js';
import { seedFields } from '../src/server/test-support/seed-fields.js';

/** Polls an async check until it returns something truthy (events arrive by beacon, a moment later). */
async function until<T>(what: string, check: () => Promise<T | false | undefined>, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const found = await check();
    if (found) return found;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

// A person's visit to the demo site through the real server, collect and store; then the API must
// report exactly what they did, no more.
describe('a visit to the demo site shows up in the API', () => {
  let server: RealServer;
  let store: Store;
  let origin: string;
  let demoOrigin: string;
  let key: string;
  let browser: Browser;

  const api = async (path: string) => {
    const res = await fetch(`${origin}/api/external/v1/properties/acme-shop/${path}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(res.status, path).toBe(200);
    return res.json();
  };
  const today = () => new Date().toISOString().slice(0, 10);

  beforeAll(async () => {
    server = await startRealServer({ country: 'NL' });
    ({ store, origin, demoOrigin, key, browser } = server);
  });
  afterAll(() => server?.close());

  it('records page views, engagement, the click, the form and an SPA view, and reports them', async () => {
    const context = await browser.newContext({ userAgent: CHROME_UA });
    const page = await context.newPage();
    await page.goto(`${demoOrigin}/demo/?utm_source=newsletter&utm_medium=email&utm_campaign=spring`);
    await page.click('#cta-start-trial'); // → /demo/signup?plan=pro
    await page.waitForURL(/\/demo\/signup/);
    await page.fill('#signup-form input[type=email]', 'ada@example.com');
    await page.fill('#signup-form input:not([type=email])', 'Ada');
    await page.click('#signup-form button[type=submit]');
    await page.goto(`${demoOrigin}/demo/blog/first-post`);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForTimeout(300);
    await page.goto(`${demoOrigin}/demo/app/`);
    await page.click('[data-route="orders"]');
    await page.waitForURL(/\/demo\/app\/orders/);
    // The SPA view waits in the tracker's batch: closing the context at once could tear the browser's
    // side down before its request leaves (seen once on a loaded machine), so the page stays open
    // until every view is stored. Closing it still hides the page, which sends its engagement.
    const pages = await until('all five page views stored', async () => {
      const r = await api(`pages/breakdown?start=${today()}&end=${today()}&limit=50`);
      return r.data.length >= 5 && r.data;
    });
    await context.close();
    const views = Object.fromEntries(pages.map((p: { path: string; page_views: number }) => [p.path, p.page_views]));
    expect(views).toEqual({
      '/demo/': 1,
      '/demo/signup': 1,
      '/demo/blog/first-post': 1,
      '/demo/app/': 1,
      '/demo/app/orders': 1,
    });

    const blog = pages.find((p: { path: string }) => p.path === '/demo/blog/first-post');
    await until('engagement with a deep scroll on the post', async () => {
      const d = await api(`pages/details?start=${today()}&end=${today()}&page=/demo/blog/first-post`);
      return d.data.avg_scroll_depth > 0.9;
    });
    expect(blog.unique_visitors).toBe(1);

    const clicks = await api(`clicks/breakdown?start=${today()}&end=${today()}`);
    expect(seedFields(clicks.data)).toContainEqual({
      page: '/demo/',
      target: '#cta-start-trial',
      clicks: 1,
      unique_clicks: 1,
    });
    const forms = await api(`forms/breakdown?start=${today()}&end=${today()}`);
    expect(seedFields(forms.data)).toEqual([
      { page: '/demo/signup', target: '#signup-form', submissions: 1, unique_submissions: 1, unique_sessions: 1 },
    ]);
    // Named as the visitor saw them: the link's text, and the form by its submit button (it has no
    // label or heading of its own); one view of each page, so each rate is 1. Nothing typed is sent.
    expect(clicks.data.find((c: { target: string }) => c.target === '#cta-start-trial')).toMatchObject({
      label: 'Start your free trial',
      click_through_rate: 1,
    });
    expect(forms.data[0]).toMatchObject({ label: 'Create my shop', submission_rate: 1 });
    expect(JSON.stringify([clicks, forms])).not.toMatch(/ada@example\.com|"Ada"/);

    const summary = await api(`traffic/summary?start=${today()}&end=${today()}`);
    expect(summary.data).toMatchObject({ page_views: 5, sessions: 1, unique_visitors: 1, bounce_rate: 0 });
    const breakdown = await api(`traffic/breakdown?start=${today()}&end=${today()}`);
    expect(breakdown.data.utm).toEqual([
      { source: 'newsletter', medium: 'email', campaign: 'spring', sessions: 1, page_views: 5, share: 1 },
    ]);
    expect(breakdown.data.countries).toEqual([{ country: 'NL', sessions: 1, page_views: 5, share: 1 }]);
    expect(breakdown.data.devices).toEqual([{ device: 'desktop', sessions: 1, page_views: 5, share: 1 }]);

    const realtime = await api('traffic/realtime');
    expect(realtime.data.active_visitors).toBe(1);
    expect(realtime.data.feed.map((e: { page: string }) => e.page)).toEqual([
      '/demo/app/orders',
      '/demo/app/',
      '/demo/blog/first-post',
      '/demo/signup',
      '/demo/',
    ]);
  });

  it('sends nothing when the browser asks not to be tracked', async () => {
    const before = await store.countEvents();
    const context = await browser.newContext({ userAgent: CHROME_UA });
    await context.addInitScript(() => Object.defineProperty(navigator, 'doNotTrack', { get: () => '1' }));
    const page = await context.newPage();
    await page.goto(`${demoOrigin}/demo/pricing`);
    await page.click('a[href="/demo/signup"], #cta-start-trial').catch(() => undefined);
    await page.waitForTimeout(1500);
    await context.close();
    await new Promise((r) => setTimeout(r, 300));
    expect(await store.countEvents()).toBe(before);
  });
});

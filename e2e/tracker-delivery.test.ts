import { chromium } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventOf, pause, startHarness, until, type Harness } from './support/tracker-harness.js';

// Who is not tracked, and what happens when the collector does not take the events.
describe('the tracker’s delivery', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterEach(() => h.reset());
  afterAll(() => h.close());

  /** Clicks through a few pages as a visitor would, then gives any beacon time to land. */
  async function browse(page: import('playwright-core').Page) {
    await page.goto(`${h.origin}/demo/pricing`);
    await page.click('#cta-start-trial');
    await page.waitForURL('**/demo/signup**');
    await page.goto(`${h.origin}/demo/app/`);
    await page.click('.app-side a[data-route="orders"]');
    await pause(2_500);
  }

  for (const [signal, init] of [
    ['Do Not Track', () => Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' })],
    [
      'Global Privacy Control',
      () => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }),
    ],
  ] as const) {
    it(`does nothing at all when the browser sends ${signal}`, async () => {
      const context = await h.person();
      await context.addInitScript(init);
      const page = await context.newPage();
      await browse(page);
      expect(h.attempts).toEqual([]);
      expect(await page.evaluate(() => [localStorage.length, typeof window.sightline])).toEqual([0, 'undefined']);
    });
  }

  it('does nothing in a browser that shows it is automated', async () => {
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu'],
    });
    try {
      const page = await (await browser.newContext()).newPage();
      await browse(page);
      expect(await page.evaluate(() => [navigator.webdriver, /HeadlessChrome/.test(navigator.userAgent)])).toEqual([
        true,
        true,
      ]);
      expect(h.attempts).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it('resends events after the collector fails, once it answers again', async () => {
    h.fail(503);
    const page = await (await h.person()).newPage();
    await page.goto(`${h.origin}/demo/`);
    await eventOf(h, 'pageview', '/demo/');
    expect(h.attempts.slice(0, 2)).toEqual([503, 202]);
    await pause(500);
    expect(h.events.filter((e) => e.type === 'pageview')).toHaveLength(1);
  });

  it('keeps unsent events for the next page when the visitor moves on before a retry', async () => {
    h.fail(503);
    const page = await (await h.person()).newPage();
    await page.goto(`${h.origin}/demo/`);
    await until('the failed request', () => h.attempts.length === 1);
    await page.goto(`${h.origin}/demo/pricing`);
    await eventOf(h, 'pageview', '/demo/pricing');
    await eventOf(h, 'pageview', '/demo/');
    await pause(3_000);
    expect(
      h.events
        .filter((e) => e.type === 'pageview')
        .map((e) => e.path)
        .sort(),
    ).toEqual(['/demo/', '/demo/pricing']);
  });

  it('holds every event back for as long as a 429’s Retry-After says, on the next page too, then sends them all', async () => {
    h.fail(429);
    h.retryAfter('6');
    const page = await (await h.person()).newPage();
    await page.goto(`${h.origin}/demo/`);
    await until('the refused request', () => h.attempts.length === 1);
    const refusedAt = Date.now();
    // the page has read the answer: the refused events are in its outbox
    await expect.poll(() => page.evaluate(() => localStorage.getItem('sl_out'))).not.toBeNull();
    // A new page: before, it sent the outbox and its own view at once, and the backoff retried after 2 s.
    await page.goto(`${h.origin}/demo/pricing`);
    await pause(3_500);
    expect(h.attempts).toEqual([429]);
    await eventOf(h, 'pageview', '/demo/pricing');
    expect(Date.now() - refusedAt).toBeGreaterThanOrEqual(5_500);
    await eventOf(h, 'pageview', '/demo/');
    await pause(500);
    expect(
      h.events
        .filter((e) => e.type === 'pageview')
        .map((e) => e.path)
        .sort(),
    ).toEqual(['/demo/', '/demo/pricing']);
    expect(h.attempts[0]).toBe(429);
    expect(h.attempts.slice(1).every((s) => s === 202)).toBe(true);
  });

  it('drops events the collector rejects as invalid instead of retrying them forever', async () => {
    h.fail(400);
    const page = await (await h.person()).newPage();
    await page.goto(`${h.origin}/demo/`);
    await until('the rejected request', () => h.attempts.length === 1);
    await pause(3_000);
    expect(h.events.filter((e) => e.type === 'pageview')).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('sl_out'))).toBeNull();
  });
});

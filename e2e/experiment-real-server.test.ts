import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recommendationToChange, type Recommendation } from '../src/contract/recommendations.js';
import { normalizeEvent } from '../src/server/ingest/normalize-event.js';
import type { Store } from '../src/server/store/store.js';
import { visitorIn } from './support/experiment-harness.js';
import { startRealServer, type RealServer } from './support/real-server.js';
import { CHROME_UA } from './support/tracker-harness.js';

// The split-testing loop as a person runs it: recommendations for a real page → a test created from
// one through the API → a visitor gets the variant before the first paint → their exposure and click
// are counted in the test's figures.
describe('a split test created from a recommendation, run on the demo site', () => {
  let server: RealServer;
  let store: Store;
  let origin: string;
  let demoOrigin: string;
  let key: string;
  let browser: Browser;
  const base = '/api/external/v1/properties/acme-shop';
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${origin}${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: await res.json() };
  };
  const person = async (visitor: string) => {
    const context = await browser.newContext({ userAgent: CHROME_UA });
    await context.addInitScript((id) => localStorage.setItem('sl_vid', JSON.stringify(id)), visitor);
    return context;
  };

  beforeAll(async () => {
    // Some history for the pricing page: 300 views, 12 clicks on the trial button (a weak 4%).
    const now = Date.now();
    const at = (i: number, offset = 0) => new Date(now - 86_400_000 - i * 60_000 + offset).toISOString();
    const base = (i: number) => ({
      property_id: 'acme-shop',
      visitor_id: `h${i}`,
      session_id: `hs${i}`,
      path: '/demo/pricing',
    });
    const history = [
      ...Array.from({ length: 300 }, (_, i) => normalizeEvent({ ...base(i), type: 'pageview', ts: at(i) }, new Date())),
      ...Array.from({ length: 12 }, (_, i) =>
        normalizeEvent({ ...base(i), type: 'click', target: '#cta-start-trial', ts: at(i, 20_000) }, new Date()),
      ),
    ].sort((a, b) => a.ts.getTime() - b.ts.getTime());
    server = await startRealServer({ country: 'US', history });
    ({ store, origin, demoOrigin, key, browser } = server);
  });
  afterAll(() => server?.close());

  it('goes from recommendation to a counted, flicker-free variant', async () => {
    // A first visit lets the tracker send the page's snapshot, which recommendations rest on.
    const scout = await person('scout-visitor');
    await (await scout.newPage()).goto(`${demoOrigin}/demo/pricing`);
    await expect
      .poll(async () => (await store.pageSnapshot('acme-shop', '/demo/pricing'))?.elements.length ?? 0, {
        timeout: 10_000,
      })
      .toBeGreaterThan(3);
    await scout.close();

    const recs = await api('GET', '/split-test-recommendations?page=/demo/pricing');
    expect(recs.status).toBe(200);
    const rec = recs.body.recommendations.find((r: Recommendation) => r.element_selector === '#cta-start-trial');
    expect(rec, JSON.stringify(recs.body.recommendations.map((r: Recommendation) => r.element_selector))).toBeDefined();

    const created = await api('POST', '/split-tests', {
      name: rec.title,
      page: '/demo/pricing',
      type: 'nocode',
      goal: 'click_through',
      variants: [{ label: 'Recommended', changes: [recommendationToChange(rec)] }],
    });
    expect(created.status).toBe(201);
    const id: string = created.body.experiment_id;

    // A visitor whose id the tracker assigns to the variant; the first frame the button paints in
    // must already carry the change.
    const context = await person(visitorIn([id, 2, 1]));
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      const watch = () => {
        const el = document.querySelector('#cta-start-trial');
        if (el && el.getBoundingClientRect().height > 0 && getComputedStyle(el).opacity !== '0')
          seen.push(el.getAttribute('style') ?? '');
        if (seen.length < 3) requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    });
    const page = await context.newPage();
    await page.goto(`${demoOrigin}/demo/pricing`);
    const change = recommendationToChange(rec);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { seen: string[] }).seen.length))
      .toBeGreaterThan(0);
    const firstPainted = await page.evaluate(() => (window as unknown as { seen: string[] }).seen[0]);
    if (change.op === 'css')
      expect(firstPainted).not.toBe(''); // styled from the first visible frame
    else expect(await page.textContent('#cta-start-trial')).toBe(change.value);
    await page.click('#cta-start-trial');
    await page.waitForURL(/\/demo\/signup/);
    await context.close();

    await expect
      .poll(
        async () =>
          (await api('GET', `/split-tests/${id}`)).body.variants.map((v: { sessions: number; conversions: number }) => [
            v.sessions,
            v.conversions,
          ]),
        { timeout: 10_000 },
      )
      .toEqual([
        [0, 0],
        [1, 1],
      ]);
  });
});

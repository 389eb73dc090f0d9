import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventOf, pause, startHarness, until, type Harness } from './support/tracker-harness.js';

// The tracker in a real Chromium, against a stand-in collector (support/tracker-harness.ts).
describe('the tracker in a browser', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterEach(() => h.reset());
  afterAll(() => h.close());

  it('sends a page view with the landing URL’s UTM values and the referrer, and no server-stamped fields', async () => {
    const page = await (await h.person()).newPage();
    await page.goto(`${h.origin}/demo/?utm_source=newsletter&utm_medium=email&utm_campaign=spring-sale#top`, {
      referer: 'http://news.example.com/story/42',
    });
    const view = await eventOf(h, 'pageview', '/demo/');
    expect(view).toMatchObject({
      property_id: 'acme-shop',
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'spring-sale',
    });
    // Chrome's default referrer policy trims a cross-site referrer to its origin.
    expect(view.referrer).toMatch(/^http:\/\/news\.example\.com\//);
    expect(view.visitor_id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(view.session_id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    for (const field of ['ts', 'user_agent', 'country', 'device']) expect(view).not.toHaveProperty(field);

    // A later page of the same visit came from this site: that is not a traffic source.
    await page.click('a.pricing-link');
    const next = await eventOf(h, 'pageview', '/demo/pricing');
    expect(next.referrer ?? null).toBeNull();
    expect(next.utm_source).toBeUndefined();
  });

  it('reports the deepest scroll and engaged time when the page is hidden', async () => {
    const page = await (await h.person()).newPage();
    const opened = Date.now();
    await page.goto(`${h.origin}/demo/blog/first-post`);
    await eventOf(h, 'pageview', '/demo/blog/first-post');
    await page.evaluate(() => window.scrollTo(0, (document.documentElement.scrollHeight - innerHeight) / 2));
    await pause(300);
    const seen = await page.evaluate(() => (scrollY + innerHeight) / document.documentElement.scrollHeight);
    await page.evaluate(() => window.scrollTo(0, 0)); // deepest counts, not last
    await pause(200);
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    const engagement = await eventOf(h, 'engagement', '/demo/blog/first-post');
    expect(seen).toBeGreaterThan(0.3);
    expect(seen).toBeLessThan(0.9);
    expect(engagement.scroll_depth).toBeCloseTo(seen, 1);
    expect(engagement.engaged_ms).toBeGreaterThanOrEqual(400);
    expect(engagement.engaged_ms).toBeLessThanOrEqual(Date.now() - opened);
  });

  it('records clicks on the call to action, plan buttons and other buttons with readable selectors', async () => {
    const page = await (await h.person()).newPage();
    await page.goto(`${h.origin}/demo/pricing`);
    await page.click('button.billing-toggle');
    await page.click('[data-track="pricing-starter"]');
    await eventOf(h, 'pageview', '/demo/signup');
    await page.goto(`${h.origin}/demo/pricing`);
    await page.click('#cta-start-trial');
    const cta = await eventOf(h, 'click', '/demo/pricing', (e) => e.target === '#cta-start-trial');
    expect(cta.href).toBe(`${h.origin}/demo/signup?plan=pro`);
    const targets = h.events.filter((e) => e.type === 'click').map((e) => e.target);
    expect(targets).toEqual(['button.billing-toggle', '[data-track="pricing-starter"]', '#cta-start-trial']);
  });

  it('records a link’s destination, outbound links included, and the page left behind', async () => {
    const context = await h.person();
    await context.route('https://baymard.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>elsewhere</title>' }),
    );
    const page = await context.newPage();
    await page.goto(`${h.origin}/demo/`);
    await page.click('a.pricing-link');
    expect(await eventOf(h, 'click', '/demo/', (e) => e.target === 'a.pricing-link')).toMatchObject({
      href: `${h.origin}/demo/pricing`,
    });
    // Leaving a page hides it: its engagement goes out by beacon.
    await eventOf(h, 'engagement', '/demo/');

    await page.goto(`${h.origin}/demo/blog/first-post`);
    await page.click('a.source-link');
    await page.waitForURL('https://baymard.com/**');
    const out = await eventOf(h, 'click', '/demo/blog/first-post');
    expect(out).toMatchObject({ target: 'a.source-link', href: 'https://baymard.com/lists/cart-abandonment-rate' });
  });

  it('records a form submission that the page answers in place', async () => {
    const page = await (await h.person()).newPage();
    await page.goto(`${h.origin}/demo/signup`);
    await page.fill('#signup-name', 'Ada Lovelace');
    await page.fill('#signup-email', 'ada@example.com');
    await page.click('#signup-form button[type=submit]');
    await page.getByRole('status').getByText('Thanks, your shop is on its way').waitFor();
    const submit = await eventOf(h, 'form_submit', '/demo/signup');
    expect(submit).toMatchObject({ target: '#signup-form', source: 'signup' });
    expect(h.events.find((e) => e.type === 'click' && e.path === '/demo/signup')?.target).toBe(
      '#signup-form button.btn-large',
    );
    expect(page.url()).toBe(`${h.origin}/demo/signup`);
  });

  it('counts client-side navigation as page views, but not a query change on the same path', async () => {
    const page = await (await h.person()).newPage();
    await page.goto(`${h.origin}/demo/app/`);
    const first = await eventOf(h, 'pageview', '/demo/app/');
    await page.click('.app-side a[data-route="orders"]');
    await page.getByRole('heading', { name: 'Orders' }).waitFor();
    const second = await eventOf(h, 'pageview', '/demo/app/orders');
    expect(second.session_id).toBe(first.session_id);
    const order = h.events.map((e) => `${e.type} ${e.path}`);
    expect(order.indexOf('engagement /demo/app/')).toBeLessThan(order.indexOf('pageview /demo/app/orders'));
    expect(order.indexOf('engagement /demo/app/')).toBeGreaterThan(-1);
    expect(h.events.find((e) => e.type === 'click')?.target).toBe('[data-route="orders"]');

    await page.goBack();
    await until(
      'a second page view of /demo/app/',
      () => h.events.filter((e) => e.type === 'pageview' && e.path === '/demo/app/').length === 2,
    );
    await page.evaluate(() => history.replaceState(null, '', '/demo/app/?tab=week'));
    await pause(1_000);
    expect(h.events.filter((e) => e.type === 'pageview')).toHaveLength(3);
  });

  it('sends a non-English path as people read it, not percent-encoded, keeping ASCII escapes', async () => {
    const context = await h.person();
    const html = '<!doctype html><title>menu</title><script src="/sightline.js?p=acme-shop"></script><p>menu</p>';
    await context.route(`${h.origin}/demo/caf%C3%A9/men%C3%BC%20du%20jour`, (route) =>
      route.fulfill({ contentType: 'text/html', body: html }),
    );
    const page = await context.newPage();
    await page.goto(`${h.origin}/demo/café/menü%20du%20jour`);
    expect(await page.evaluate(() => location.pathname)).toBe('/demo/caf%C3%A9/men%C3%BC%20du%20jour');
    await eventOf(h, 'pageview', '/demo/café/menü%20du%20jour');
  });
});

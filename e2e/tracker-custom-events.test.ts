import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventOf, pause, startHarness, type Harness } from './support/tracker-harness.js';

// sightline.track and sightline.revenue in a real Chromium, against the stand-in collector, which
// refuses (400) any event the real collector's schema refuses.
describe('custom events and revenue from the page', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterEach(() => h.reset());
  afterAll(() => h.close());

  it('keeps calls made before the script loaded, in the same session as the page view', async () => {
    const context = await h.person();
    // The stub snippet of docs/tracking.md, two calls, then the script, as a site might order them.
    await context.route(`${h.origin}/demo/early`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>early</title>
<script>window.sightline=window.sightline||{q:[],track:function(){sightline.q.push(['track',arguments])},revenue:function(){sightline.q.push(['revenue',arguments])}}</script>
<script>sightline.track('Video played', { seconds: 30, autoplay: false }); sightline.revenue(12.5, 'eur');</script>
<script src="/sightline.js?p=acme-shop"></script><p>hello</p>`,
      }),
    );
    const page = await context.newPage();
    await page.goto(`${h.origin}/demo/early`);
    const custom = await eventOf(h, 'custom', '/demo/early');
    expect(custom).toMatchObject({
      name: 'Video played',
      props: { seconds: '30', autoplay: 'false' },
      property_id: 'acme-shop',
    });
    const revenue = await eventOf(h, 'revenue', '/demo/early');
    expect(revenue).toMatchObject({ amount: 12.5, currency: 'EUR' });
    const view = await eventOf(h, 'pageview', '/demo/early');
    expect(custom.session_id).toBe(view.session_id);
    // After loading, the stub is replaced by the API, and a second copy of the script does nothing.
    expect(await page.evaluate(() => typeof (window.sightline as { track?: unknown }).track)).toBe('function');
    expect(await page.evaluate(() => 'q' in window.sightline!)).toBe(false);
  });

  it('sends the demo signup as a custom event with its plan, and an upgrade as revenue', async () => {
    const page = await (await h.person()).newPage();
    await page.goto(`${h.origin}/demo/signup?plan=pro`);
    await page.getByLabel('Your name').fill('Ada Lovelace');
    await page.getByLabel('Work email').fill('ada@example.com');
    await page.getByRole('button', { name: 'Create my shop' }).click();
    expect(await eventOf(h, 'custom', '/demo/signup')).toMatchObject({ name: 'Signup', props: { plan: 'pro' } });
    // Typed values never travel: the event carries the plan, not the name or email.
    expect(JSON.stringify(h.events)).not.toContain('ada@example.com');

    await page.goto(`${h.origin}/demo/app/`);
    await page.getByRole('button', { name: /Upgrade to Pro/ }).click();
    expect(await eventOf(h, 'revenue', '/demo/app/')).toMatchObject({
      amount: 29,
      currency: 'USD',
      props: { plan: 'pro' },
    });
    await page.getByText('Upgraded to Pro').waitFor();
  });

  it('cuts properties to the limits instead of losing the batch, and refuses a bad amount without sending', async () => {
    const page = await (await h.person()).newPage();
    const warnings: string[] = [];
    page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
    await page.goto(`${h.origin}/demo/`);
    await eventOf(h, 'pageview', '/demo/');
    await page.evaluate(() => {
      const props: Record<string, unknown> = { nested: { a: 1 }, list: [1, 2], nothing: null, infinite: Infinity };
      for (let i = 0; i < 14; i++) props[`key${i}`] = 'v'.repeat(300);
      const api = window.sightline as {
        track: (n: string, p?: object) => void;
        revenue: (a: number, c: string) => void;
      };
      api.track(`  ${'N'.repeat(200)}  `, props);
      api.revenue(-5, 'USD');
      api.revenue(10, 'dollars');
      api.track('   ');
    });
    const custom = await eventOf(h, 'custom', '/demo/');
    expect(custom.name).toBe('N'.repeat(120));
    const props = custom.props as Record<string, string>;
    expect(Object.keys(props)).toEqual(Array.from({ length: 10 }, (_, i) => `key${i}`));
    expect(Object.values(props).every((v) => v.length === 256)).toBe(true);
    await pause(800);
    expect(h.events.filter((e) => e.type === 'revenue')).toEqual([]);
    expect(h.events.filter((e) => e.type === 'custom')).toHaveLength(1);
    expect(h.attempts.every((status) => status === 202)).toBe(true);
    expect(warnings.filter((w) => w.startsWith('sightline.'))).toHaveLength(3);
  });
});

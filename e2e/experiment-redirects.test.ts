import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TrackerExperiment } from '../src/contract/experiments.js';
import { framesOf, startExperimentHarness, visitorIn, type ExperimentHarness } from './support/experiment-harness.js';
import { CTA_TEST, IN_VARIANT } from './support/experiment-fixtures.js';
import { pause, until, type Received } from './support/tracker-harness.js';

// Redirect variants and exposures in Debian's Chromium, on the demo site with the experiments tag.
describe('redirects and exposures in the browser', () => {
  let h: ExperimentHarness;
  beforeAll(async () => {
    h = await startExperimentHarness();
  });
  afterEach(() => h.reset());
  afterAll(() => h.close());

  const exposures = () => h.events.filter((e) => e.type === 'exposure');
  const exposureOn = (path: string, experiment: string) =>
    until(`an exposure to ${experiment} on ${path}`, () =>
      h.events.find((e) => e.type === 'exposure' && e.path === path && e.experiment_id === experiment),
    );

  it('sends a redirect variant to its URL before the page paints, with the query string and fragment kept', async () => {
    const redirect: TrackerExperiment = {
      id: 'exp_rd',
      page: '/demo/pricing',
      type: 'redirect',
      variants: [{ changes: [] }, { url: '/demo/pricing-b' }, { url: '/demo/pricing-c' }],
    };
    h.setConfig({ experiments: [redirect] });
    // A slow destination: the page being left stays on screen meanwhile, and must not be seen.
    h.delay('/demo/pricing-c', 700);
    const visitor = visitorIn(['exp_rd', 3, 2]);
    const tab = await (await h.person(visitor, ['h1'])).newPage();
    await tab.goto(`${h.origin}/demo/pricing?a=1#x`);
    await tab.waitForURL('**/demo/pricing-c?a=1#x');
    expect(tab.url()).toBe(`${h.origin}/demo/pricing-c?a=1#x`);
    await tab.getByRole('heading', { name: 'Pricing, plan C' }).waitFor();

    // The destination is the experiment's page for this visitor: the exposure comes from there.
    const exposure = await exposureOn('/demo/pricing-c', 'exp_rd');
    expect(exposure).toMatchObject({ variant: 2, visitor_id: visitor });
    // The page left behind was never shown, and counts no view (the destination counts the visit).
    // (Chromium stops parsing a document that navigates away, so no frame of it is even rendered;
    // the tracker hides it too, for browsers that keep going.)
    const frames = await framesOf(tab);
    expect(frames.filter((f) => f.path === '/demo/pricing' && f.page && f.seen.h1)).toEqual([]);
    expect(frames.filter((f) => f.path === '/demo/pricing-c' && f.page).length).toBeGreaterThan(0);

    // No second exposure in the session: not on reload, not when redirected again.
    await tab.reload();
    await tab.goto(`${h.origin}/demo/pricing?utm_source=ad`);
    await tab.waitForURL('**/demo/pricing-c?utm_source=ad');
    await until('the last page view', () => h.events.filter((e) => e.type === 'pageview').length === 3);
    await pause(800);
    expect(h.events.filter((e) => e.type === 'pageview').map((e) => e.path)).toEqual([
      '/demo/pricing-c',
      '/demo/pricing-c',
      '/demo/pricing-c',
    ]);
    expect(h.events.find((e) => e.type === 'pageview' && e.utm_source === 'ad')).toBeDefined();
    expect(exposures()).toHaveLength(1);

    // A visitor in the control stays, and is exposed to variant 0.
    const control = visitorIn(['exp_rd', 3, 0]);
    const stay = await (await h.person(control)).newPage();
    await stay.goto(`${h.origin}/demo/pricing?a=1#x`);
    expect((await exposureOn('/demo/pricing', 'exp_rd')).variant).toBe(0);
    expect(stay.url()).toBe(`${h.origin}/demo/pricing?a=1#x`);
  });

  it('does not redirect in a loop when two experiments send their pages to each other', async () => {
    h.setConfig({
      experiments: [
        { id: 'exp_a', page: '/demo/pricing', type: 'redirect', variants: [{ changes: [] }, { url: '/demo/signup' }] },
        { id: 'exp_b', page: '/demo/signup', type: 'redirect', variants: [{ changes: [] }, { url: '/demo/pricing' }] },
      ],
    });
    const tab = await (await h.person(visitorIn(['exp_a', 2, 1], ['exp_b', 2, 1]))).newPage();
    let navigations = 0;
    tab.on('framenavigated', (f) => f === tab.mainFrame() && navigations++);
    await tab.goto(`${h.origin}/demo/pricing?a=1`);
    await tab.waitForURL('**/demo/signup?a=1');
    await pause(1_500);
    expect(tab.url()).toBe(`${h.origin}/demo/signup?a=1`);
    expect(navigations).toBe(2);
    expect(exposures().map((e) => [e.experiment_id, e.variant, e.path])).toEqual([['exp_a', 1, '/demo/signup']]);
  });

  it('sends one exposure per session and experiment, and a new one (same variant) in a later session', async () => {
    h.setConfig({ experiments: [CTA_TEST] });
    const tab = await (await h.person(IN_VARIANT)).newPage();
    await tab.goto(`${h.origin}/demo/pricing`);
    const first = await exposureOn('/demo/pricing', 'exp_cta');
    await tab.reload();
    await tab.goto(`${h.origin}/demo/`);
    await tab.goto(`${h.origin}/demo/pricing`);
    await until('four page views', () => h.events.filter((e) => e.type === 'pageview').length === 4);
    await pause(800);
    expect(exposures()).toHaveLength(1);

    await tab.evaluate(() => {
      const s = JSON.parse(localStorage.getItem('sl_ses')!);
      localStorage.setItem('sl_ses', JSON.stringify({ ...s, at: Date.now() - 31 * 60_000 }));
    });
    await tab.reload();
    await until('a second exposure', () => exposures().length === 2);
    const [, second] = exposures() as [Received, Received];
    expect(second.session_id).not.toBe(first.session_id);
    expect([second.variant, second.visitor_id]).toEqual([1, IN_VARIANT]);
  });

  it('never sends a visitor off the site, even for a test stored before the API refused such targets', async () => {
    const offSite = ['//evil.example/phish', '/\\evil.example', 'https://evil.example/phish', 'javascript:alert(1)'];
    h.setConfig({
      experiments: [
        {
          id: 'exp_off',
          page: '/demo/pricing',
          type: 'redirect',
          variants: [{ changes: [] }, ...offSite.map((url) => ({ url }))],
        },
      ],
    });
    for (let variant = 1; variant <= offSite.length; variant++) {
      const tab = await (await h.person(visitorIn(['exp_off', offSite.length + 1, variant]), ['h1'])).newPage();
      const left: string[] = [];
      tab.on('request', (r) => r.isNavigationRequest() && !r.url().startsWith(h.origin) && left.push(r.url()));
      await tab.goto(`${h.origin}/demo/pricing`);
      // The page stays, shown; the visitor is not counted in a variant they never saw.
      await tab.getByRole('heading', { level: 1 }).waitFor();
      await pause(500);
      expect([tab.url(), left]).toEqual([`${h.origin}/demo/pricing`, []]);
    }
    await until('the page views', () => h.events.filter((e) => e.type === 'pageview').length === offSite.length);
    expect(exposures()).toEqual([]);
  });
});

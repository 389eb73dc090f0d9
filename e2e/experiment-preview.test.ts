import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TrackerExperiment } from '../src/contract/experiments.js';
import { framesOf, startExperimentHarness, visitorIn, type ExperimentHarness } from './support/experiment-harness.js';
import { CTA, CTA_TEST, GREEN, IN_CONTROL, NEW_TEXT, WHITE } from './support/experiment-fixtures.js';
import { until } from './support/tracker-harness.js';

// Preview links (`?sl_preview=EXP_ID:VARIANT`, the dashboard's "Preview" per variant) in Debian's
// Chromium, on the demo site with the experiments tag: the variant shows for that page load only and
// nothing is recorded, so the browser's real assignment is untouched.
describe('previewing a variant from a link', () => {
  let h: ExperimentHarness;
  beforeAll(async () => {
    h = await startExperimentHarness();
  });
  afterEach(() => h.reset());
  afterAll(() => h.close());

  /** What the tracker keeps in the page's storage; the harness itself sets only `sl_vid`. */
  const storedKeys = (tab: Page) => tab.evaluate(() => Object.keys(localStorage).sort());
  const ctaText = (tab: Page) => tab.locator(CTA).textContent();
  const consoleNotes = (tab: Page) => {
    const notes: string[] = [];
    tab.on('console', (m) => m.type() === 'info' && notes.push(m.text()));
    return notes;
  };

  it('shows variant 1 to a visitor in the control from the first frame, sends nothing, and the next load is their own control again', async () => {
    h.setConfig({ experiments: [CTA_TEST] });
    const tab = await (await h.person(IN_CONTROL, [CTA])).newPage();
    await tab.goto(`${h.origin}/demo/pricing?utm_source=mail&sl_preview=exp_cta:1`);
    await expect
      .poll(async () => (await framesOf(tab)).some((f) => f.seen[CTA]?.visible), { timeout: 10_000 })
      .toBe(true);
    const shown = (await framesOf(tab)).filter((f) => f.seen[CTA]?.visible);
    // No flicker: every painted frame of the button is the variant's.
    for (const f of shown)
      expect(f.seen[CTA]).toEqual({ text: NEW_TEXT, visible: true, color: WHITE, background: GREEN });
    // The parameter stays in the URL; nothing was stored (no session, no exposure record).
    expect(tab.url()).toContain('sl_preview=exp_cta:1');
    expect(await storedKeys(tab)).toEqual(['sl_vid']);

    // The same tab without the parameter: the visitor's real assignment (the control), counted as usual.
    await tab.goto(`${h.origin}/demo/pricing`);
    expect((await ctaText(tab))?.trim()).toBe('Start free trial');
    const exposure = await until('the exposure of the real visit', () => h.events.find((e) => e.type === 'exposure'));
    expect(exposure).toMatchObject({ experiment_id: 'exp_cta', variant: 0, visitor_id: IN_CONTROL });
    // The preview sent nothing before it (its page-hide beacon would have come first): one page view,
    // the real one; one exposure, to the control.
    expect(
      h.events
        .filter((e) => e.type === 'pageview' || e.type === 'exposure' || e.type === 'engagement')
        .map((e) => e.type),
    ).toEqual(['pageview', 'exposure']);
    expect(await storedKeys(tab)).toEqual(expect.arrayContaining(['sl_exp', 'sl_ses', 'sl_vid']));
  });

  it('previews a redirect variant by following it, without remembering the redirect or counting the visit', async () => {
    const redirect: TrackerExperiment = {
      id: 'exp_rd',
      page: '/demo/pricing',
      type: 'redirect',
      variants: [{ changes: [] }, { url: '/demo/pricing-b' }, { url: '/demo/pricing-c' }],
    };
    h.setConfig({ experiments: [redirect] });
    const control = visitorIn(['exp_rd', 3, 0]);
    const tab = await (await h.person(control)).newPage();
    await tab.goto(`${h.origin}/demo/pricing?sl_preview=exp_rd:2#plans`);
    await tab.waitForURL('**/demo/pricing-c?sl_preview=exp_rd:2#plans');
    await tab.getByRole('heading', { name: 'Pricing, plan C' }).waitFor();
    // No sl_rd (the destination would count as the test's page), no sl_hop, no session.
    expect(await storedKeys(tab)).toEqual(['sl_vid']);

    // Back on the test's page without the parameter: this visitor's own variant, the control, stays.
    await tab.goto(`${h.origin}/demo/pricing`);
    const exposure = await until('the exposure of the real visit', () => h.events.find((e) => e.type === 'exposure'));
    expect(exposure).toMatchObject({ experiment_id: 'exp_rd', variant: 0, path: '/demo/pricing' });
    expect(tab.url()).toBe(`${h.origin}/demo/pricing`);
    expect(h.events.filter((e) => e.type === 'pageview').map((e) => e.path)).toEqual(['/demo/pricing']);
  });

  it('forces nothing for a stopped test or a variant it lacks: the page runs as usual and the console says why', async () => {
    // exp_cta is stopped: the site's config no longer has it. Another test still runs on the page.
    const heading: TrackerExperiment = {
      id: 'exp_h1',
      page: '/demo/pricing',
      type: 'nocode',
      variants: [{ changes: [] }, { changes: [{ selector: 'h1', op: 'text', value: 'Plans' }] }],
    };
    h.setConfig({ experiments: [heading] });
    const visitor = visitorIn(['exp_h1', 2, 1], ['exp_cta', 2, 0]);
    const tab = await (await h.person(visitor)).newPage();
    const notes = consoleNotes(tab);
    await tab.goto(`${h.origin}/demo/pricing?sl_preview=exp_cta:1`);
    await tab.getByRole('heading', { name: 'Plans', level: 1 }).waitFor();
    expect((await ctaText(tab))?.trim()).toBe('Start free trial');
    expect(await until('the exposure', () => h.events.find((e) => e.type === 'exposure'))).toMatchObject({
      experiment_id: 'exp_h1',
      variant: 1,
    });
    expect(notes).toEqual(['Sightline: no preview of exp_cta:1: not a running test on this page’s ?p= tag']);

    await tab.goto(`${h.origin}/demo/pricing?sl_preview=exp_h1:7`);
    await expect.poll(() => notes.length).toBe(2);
    expect(notes[1]).toBe('Sightline: no preview of exp_h1:7: no such variant');
    await tab.getByRole('heading', { name: 'Plans', level: 1 }).waitFor();
  });

  it('shows a preview in a browser that refuses tracking (Global Privacy Control), which otherwise runs no test', async () => {
    h.setConfig({ experiments: [CTA_TEST] });
    const refusing = async (visitor: string) => {
      const context = await h.person(visitor);
      await context.addInitScript(() =>
        Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }),
      );
      return context.newPage();
    };
    const tab = await refusing(IN_CONTROL);
    await tab.goto(`${h.origin}/demo/pricing?sl_preview=exp_cta:1`);
    await expect.poll(() => ctaText(tab)).toBe(NEW_TEXT);
    // A visitor in variant 1 without the link: refused, so nothing runs and the control shows.
    const own = await refusing(visitorIn(['exp_cta', 2, 1]));
    await own.goto(`${h.origin}/demo/pricing`);
    expect((await ctaText(own))?.trim()).toBe('Start free trial');
    expect(await storedKeys(tab)).toEqual(['sl_vid']);
  });
});

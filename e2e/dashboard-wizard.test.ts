import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { recommendationToChange, type Recommendation } from '../src/contract/recommendations.js';
import { checkPageQuality, screenshotOnFailure, type Dashboard } from './support/dashboard-harness.js';
import { BOTH, PAGE, PROPERTY, startWizardDashboard, TRIAL_TEST, wizardDriver } from './support/wizard-driver.js';

// The wizard in the built dashboard against the real server and the demo data: from a page's
// recommendations to a created split test, and a redirect test (draft and refusals: dashboard-wizard-draft).
describe('dashboard: experiment wizard', () => {
  let dash: Dashboard;
  let page: Page;
  let w: ReturnType<typeof wizardDriver>;

  beforeAll(async () => {
    dash = await startWizardDashboard();
    page = dash.page;
    w = wizardDriver(dash);
  }, 180_000);
  afterEach(screenshotOnFailure(() => page, 'wizard'));
  afterAll(() => dash?.close());

  it('turns two recommendations into a two-variant test, checking fields as they are typed', async () => {
    const recs = (await dash.api(`/properties/${PROPERTY}/split-test-recommendations?page=${encodeURIComponent(PAGE)}`))
      .recommendations as Recommendation[];
    expect(recs.length, 'the demo pricing page should have at least two recommendations').toBeGreaterThanOrEqual(2);
    const [first, second] = recs as [Recommendation, Recommendation];

    await page.goto(w.wizardUrl());
    expect(await w.stepTitle()).toBe('Page');
    await expect.poll(() => page.getByText('Step 1 of 5: Page').count()).toBe(1);
    // The page box suggests the paths the API saw in the last 30 days.
    await expect.poll(() => page.locator('#wizard-observed-pages option').count()).toBeGreaterThan(5);
    const suggested = await page
      .locator('#wizard-observed-pages option')
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(suggested).toContain(PAGE);
    const pageBox = page.getByLabel('Page path');
    await pageBox.fill('pricing');
    await expect.poll(() => w.errorOf(pageBox)).toContain('starting with /');
    await pageBox.fill(PAGE);
    await expect.poll(() => w.errorOf(pageBox)).toBe('');
    await w.next();

    // Recommendations: each shows the API's evidence, confidence and impact.
    await expect.poll(w.stepTitle).toBe('Recommendations');
    expect(page.url()).toContain(`page=${encodeURIComponent(PAGE)}`);
    await expect.poll(() => page.locator('[data-recommendation]').count()).toBe(recs.length);
    for (const r of recs) {
      const card = page.locator(`[data-recommendation="${r.id}"]`);
      expect(await card.locator('.wizard-evidence li').allTextContents()).toEqual(r.evidence ?? []);
      expect(await card.locator('[data-field=confidence]').textContent()).toBe(`${r.confidence_score} / 100`);
      expect(await card.locator('[data-field=impact]').textContent()).toBe(r.expected_impact);
    }
    // The demo's running test on the page changes the trial button: an idea for that button says so.
    const running = await w.runningOn(PAGE);
    expect(running.map((t) => t.name)).toEqual([TRIAL_TEST]);
    expect(running[0].selectors).toContain('#cta-start-trial');
    for (const r of recs) {
      const note = page.locator(`[data-recommendation="${r.id}"] [data-testid=wizard-rec-overlap]`);
      if (r.element_selector === '#cta-start-trial') {
        await expect
          .poll(() => note.textContent())
          .toBe(
            `Heads up: A running test, “${TRIAL_TEST}”, already changes this page (including #cta-start-trial). ${BOTH}`,
          );
      } else {
        expect(await note.count()).toBe(running[0].selectors.includes(r.element_selector) ? 1 : 0);
      }
    }
    expect(
      recs.map((r) => r.element_selector),
      'the demo pricing page has an idea for its trial button',
    ).toContain('#cta-start-trial');
    await page.getByLabel(first.title).check();
    await page.getByLabel(second.title).check();
    await checkPageQuality(page, 'wizard-recommendations');
    await w.next();

    // Changes: the two chosen ones, as the contract maps them, editable.
    await expect.poll(w.stepTitle).toBe('Changes');
    const expected = [recommendationToChange(first), recommendationToChange(second)];
    for (const [i, c] of expected.entries()) {
      const box = w.change(1, i + 1);
      expect(await box.getByLabel('Selector').inputValue()).toBe(c.selector);
      expect(await box.getByLabel('Operation').inputValue()).toBe(c.op);
      if (c.op === 'css') {
        const props = await box
          .locator('[aria-label^="CSS property"]')
          .evaluateAll((xs) => xs.map((x) => (x as HTMLInputElement).value));
        expect(props).toEqual(Object.keys(c.value));
      } else {
        expect(await box.getByLabel(/New text/).inputValue()).toBe(c.value);
      }
    }
    const cssIndex = expected.findIndex((c) => c.op === 'css');
    expect(cssIndex, 'one of the two should be a css change').toBeGreaterThanOrEqual(0);
    const cssChange = w.change(1, cssIndex + 1);
    // Edit a property row: an invalid name is flagged while typing, and the flag goes when fixed.
    const prop1 = cssChange.getByLabel('CSS property 1', { exact: true });
    await prop1.fill('background-color');
    await expect.poll(() => w.errorOf(prop1)).toContain('camel case');
    expect(await prop1.getAttribute('aria-invalid')).toBe('true');
    await prop1.fill('backgroundColor');
    await expect.poll(() => w.errorOf(prop1)).toBe('');
    await cssChange.getByLabel('CSS value 1', { exact: true }).fill('#047857');
    // An emptied selector is flagged too.
    const selector = cssChange.getByLabel('Selector');
    const originalSelector = await selector.inputValue();
    await selector.fill('');
    await expect.poll(() => w.errorOf(selector)).toBe('Required');
    // So is one the page script could not use (it would skip it and the test would measure nothing).
    await selector.pressSequentially('###');
    await expect
      .poll(() => w.errorOf(selector))
      .toBe('not a valid CSS selector: “#” must be followed by an id name, e.g. #signup, but “#” follows it');
    expect(await selector.getAttribute('aria-invalid')).toBe('true');
    await selector.fill(originalSelector);
    await expect.poll(() => w.errorOf(selector)).toBe('');

    // A second variant with a text change of its own.
    await page.getByRole('button', { name: 'Add a variant' }).click();
    await w.variant(2).getByLabel('Variant name').fill('Short headline');
    await w.change(2, 1).getByLabel('Selector').fill('h1');
    await w.change(2, 1).getByLabel('New text').fill('Pricing that fits');
    await checkPageQuality(page, 'wizard-changes');
    await w.next();

    // Goal, auto-stop and plan.
    await expect.poll(w.stepTitle).toBe('Goal and plan');
    await page.getByLabel('Goal', { exact: true }).selectOption('destination_page');
    const target = page.getByLabel('Page to reach (path)');
    await target.fill('signup');
    await expect.poll(() => w.errorOf(target)).toContain('starting with /');
    await target.fill('/demo/signup');
    await expect.poll(() => w.errorOf(target)).toBe('');
    await page.getByLabel('Stop by itself after a number of days').check();
    await page.getByLabel('Days until it stops').fill('21');
    // The plan: the defaults shown, a larger change and a fortnight chosen.
    expect(await page.getByLabel('Smallest change worth finding (%)').inputValue()).toBe('10');
    expect(await page.getByLabel('Days before a call').inputValue()).toBe('7');
    await page.getByLabel('Smallest change worth finding (%)').fill('20');
    await page.getByLabel('Days before a call').fill('14');
    await checkPageQuality(page, 'wizard-goal');
    await w.next();

    // Review in words, then create.
    await expect.poll(w.stepTitle).toBe('Review');
    expect(await page.getByLabel('Experiment name').inputValue()).toBe(first.title);
    await page.getByLabel('Experiment name').fill('Wizard: pricing page');
    const summary = page.getByRole('region', { name: 'Summary' });
    await expect
      .poll(() => summary.textContent())
      .toContain(`Visitors to ${PAGE} are split evenly between 3 versions: each gets about 33.3%`);
    expect(await summary.locator('[data-version="0"]').textContent()).toBe('Control: the page as it is');
    expect(await summary.locator('[data-version="2"]').textContent()).toBe(
      'Short headline: replace the text of h1 with “Pricing that fits”',
    );
    expect(await summary.textContent()).toContain('Goal: Visitors reaching /demo/signup');
    expect(await summary.textContent()).toContain('Auto-stop: Stops by itself after 21 days.');
    expect(await summary.getByTestId('review-plan').textContent()).toBe(
      'Plan: find a change of 20% or more; no call before 14 days',
    );
    // A warning, not a refusal: the demo's running test already changes the page and its trial button.
    const mine = [...expected.map((c) => c.selector), 'h1'];
    const shared = [...new Set(running[0].selectors)].filter((sel) => mine.includes(sel));
    expect(shared).toContain('#cta-start-trial');
    const overlap = page.getByTestId('wizard-overlap');
    await expect
      .poll(() => overlap.locator('p').allTextContents())
      .toEqual([
        `Heads up: A running test, “${TRIAL_TEST}”, already changes this page (including ${shared.join(', ')}). ${BOTH} Open “${TRIAL_TEST}”`,
      ]);
    expect(await overlap.getByRole('link', { name: `Open “${TRIAL_TEST}”` }).getAttribute('href')).toMatch(
      /^\/experiments\/[^/?]+\?property=acme-shop/,
    );
    await checkPageQuality(page, 'wizard-review');
    await page.getByRole('button', { name: 'Create experiment' }).click();

    await page.waitForURL(/\/experiments\/(?!new)[^/?]+\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('property')).toBe(PROPERTY);
    const id = decodeURIComponent(url.pathname.split('/').pop()!);
    const created = await w.splitTest(id);
    expect(created.decision).toMatchObject({ min_days: 14, plan: { minimum_detectable_effect: 0.2 } });
    expect(created).toMatchObject({
      name: 'Wizard: pricing page',
      page: PAGE,
      type: 'nocode',
      status: 'active',
      goal: 'destination_page',
      goal_target: '/demo/signup',
      auto_stop_days: 21,
    });
    const edited = expected.map((c, i) =>
      i === cssIndex && c.op === 'css' ? { ...c, value: { ...c.value, backgroundColor: '#047857' } } : c,
    );
    expect(created.variants.map((v: { label: string; changes: unknown[] }) => [v.label, v.changes])).toEqual([
      ['Control', []],
      ['Variant 1', edited],
      ['Short headline', [{ selector: 'h1', op: 'text', value: 'Pricing that fits' }]],
    ]);
    // Created: the draft is gone, and the wizard opens empty again.
    expect(await w.storedDraft()).toBeNull();
    await page.goto(w.wizardUrl());
    expect(await w.stepTitle()).toBe('Page');
    expect(await page.getByLabel('Page path').inputValue()).toBe('');
    expect(dash.problems).toEqual([]);
  });

  it('creates a redirect test from a prefilled page, refusing a redirect to the page itself', async () => {
    await page.goto(w.wizardUrl('&page=/demo/signup-short'));
    expect(await page.getByLabel('Page path').inputValue()).toBe('/demo/signup-short');
    await checkPageQuality(page, 'wizard-page');
    const listed = page.waitForResponse((r) => /\/split-tests\?/.test(r.url()) && r.url().includes('status=active'));
    await w.next();
    await expect.poll(w.stepTitle).toBe('Recommendations');
    // The short signup page has no snapshot and no clicks in the demo data: nothing to recommend.
    const recs = await dash.api(`/properties/${PROPERTY}/split-test-recommendations?page=/demo/signup-short`);
    expect(recs.recommendations).toEqual([]);
    await expect.poll(() => page.getByText('No recommendations for this page').count()).toBe(1);
    await checkPageQuality(page, 'wizard-recommendations-empty');
    await w.next();

    await page.getByLabel('Send visitors to another URL (redirect)').check();
    const to = w.variant(1).getByLabel('Redirect to (path)');
    await to.fill('/demo/signup-short');
    await expect.poll(() => w.errorOf(to)).toBe('must differ from the experiment page');
    await to.fill('/demo/signup');
    await expect.poll(() => w.errorOf(to)).toBe('');
    await w.variant(1).getByLabel('Variant name').fill('Full form');
    await w.next();
    await page.getByLabel('Goal', { exact: true }).selectOption('form_submission');
    // No running test on this page (the running tests were read on the Recommendations step): no warning.
    expect(await w.runningOn('/demo/signup-short')).toEqual([]);
    await listed;
    await w.next();
    await page.getByLabel('Experiment name').fill('Wizard: back to the full signup');
    const summary = page.getByRole('region', { name: 'Summary' });
    await expect
      .poll(() => summary.locator('[data-version="1"]').textContent())
      .toBe('Full form: sent to /demo/signup');
    expect(await page.getByTestId('wizard-overlap').count()).toBe(0);
    expect(await summary.textContent()).toContain('Auto-stop: Runs until you stop it.');
    await page.getByRole('button', { name: 'Create experiment' }).click();

    await page.waitForURL(/\/experiments\/(?!new)[^/?]+\?/);
    const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    const created = await w.splitTest(id);
    expect(created).toMatchObject({
      name: 'Wizard: back to the full signup',
      page: '/demo/signup-short',
      type: 'redirect',
      goal: 'form_submission',
      auto_stop_days: null,
    });
    expect(created.variants.map((v: { label: string; url?: string }) => [v.label, v.url])).toEqual([
      ['Control', undefined],
      ['Full form', '/demo/signup'],
    ]);
    expect(dash.problems).toEqual([]);
  });
});

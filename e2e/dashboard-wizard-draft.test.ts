import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { recommendationToChange, type Recommendation } from '../src/contract/recommendations.js';
import { checkPageQuality, screenshotOnFailure, type Dashboard } from './support/dashboard-harness.js';
import { PAGE, PROPERTY, startWizardDashboard, wizardDriver } from './support/wizard-driver.js';

// The wizard's draft across reloads and history, and a server refusal shown on the field it names.
describe('dashboard: experiment wizard draft and server errors', () => {
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

  it('keeps the step and the draft through a reload and back/forward, until Start over', async () => {
    const recs = (await dash.api(`/properties/${PROPERTY}/split-test-recommendations?page=${encodeURIComponent(PAGE)}`))
      .recommendations as Recommendation[];
    const cssRec = recs.find((r) => r.change_type === 'css');
    expect(cssRec, 'the demo pricing page should have a css recommendation').toBeDefined();
    const cssProps = Object.keys(recommendationToChange(cssRec!).value as Record<string, unknown>);

    // A fresh tab keeps no draft: the wizard starts empty.
    await page.goto(w.wizardUrl());
    expect(await page.getByLabel('Page path').inputValue()).toBe('');
    await page.getByLabel('Page path').fill(PAGE);
    await w.next();
    await page.getByLabel(cssRec!.title).check();
    await w.next();
    // A change edited, and a second variant.
    await w.change(1, 1).getByLabel('CSS value 1', { exact: true }).fill('#047857');
    await page.getByRole('button', { name: 'Add a variant' }).click();
    await w.variant(2).getByLabel('Variant name').fill('Short headline');
    await w.change(2, 1).getByLabel('Selector').fill('h1');
    await w.change(2, 1).getByLabel('New text').fill('Pricing that fits');
    await w.next();
    expect(w.stepParam()).toBe('goal');
    await page.getByLabel('Goal', { exact: true }).selectOption('destination_page');
    await page.getByLabel('Page to reach (path)').fill('/demo/signup');
    await page.getByLabel('Stop by itself after a number of days').check();
    await page.getByLabel('Days until it stops').fill('21');
    // Written as typed (debounced): wait for the last keystroke to reach the tab's storage.
    await expect.poll(async () => JSON.parse((await w.storedDraft()) ?? '{}').values?.auto_stop_days).toBe('21');

    await page.reload();
    await expect.poll(w.stepTitle).toBe('Goal and plan');
    expect(await page.getByLabel('Goal', { exact: true }).inputValue()).toBe('destination_page');
    expect(await page.getByLabel('Page to reach (path)').inputValue()).toBe('/demo/signup');
    expect(await page.getByLabel('Stop by itself after a number of days').isChecked()).toBe(true);
    expect(await page.getByLabel('Days until it stops').inputValue()).toBe('21');
    await checkPageQuality(page, 'wizard-restored-goal');

    // The browser's back walks the steps; the edited change and the second variant are still there.
    await page.goBack();
    await expect.poll(w.stepTitle).toBe('Changes');
    expect(await w.change(1, 1).getByLabel('Selector').inputValue()).toBe(cssRec!.element_selector);
    expect(
      await w
        .change(1, 1)
        .locator('[aria-label^="CSS property"]')
        .evaluateAll((xs) => xs.map((x) => (x as HTMLInputElement).value)),
    ).toEqual(cssProps);
    expect(await w.change(1, 1).getByLabel('CSS value 1', { exact: true }).inputValue()).toBe('#047857');
    expect(await w.variant(2).getByLabel('Variant name').inputValue()).toBe('Short headline');
    expect(await w.change(2, 1).getByLabel('Selector').inputValue()).toBe('h1');
    expect(await w.change(2, 1).getByLabel('New text').inputValue()).toBe('Pricing that fits');
    await page.goBack();
    await expect.poll(w.stepTitle).toBe('Recommendations');
    await expect.poll(() => page.getByLabel(cssRec!.title).isChecked()).toBe(true);
    await page.goForward();
    await page.goForward();
    await expect.poll(w.stepTitle).toBe('Goal and plan');

    // Start over asks first; "Keep editing" keeps everything.
    await page.getByRole('button', { name: 'Start over' }).click();
    await page.getByRole('button', { name: 'Keep editing' }).click();
    expect(await page.getByLabel('Page to reach (path)').inputValue()).toBe('/demo/signup');
    await page.getByRole('button', { name: 'Start over' }).click();
    await page.getByRole('button', { name: 'Discard draft' }).click();
    await expect.poll(w.stepTitle).toBe('Page');
    expect(await page.getByLabel('Page path').inputValue()).toBe('');
    await expect.poll(w.storedDraft).toBeNull();
    await expect.poll(w.stepParam).toBe('page');
    await page.reload();
    await expect.poll(w.stepTitle).toBe('Page');
    expect(await page.getByLabel('Page path').inputValue()).toBe('');

    // A URL cannot skip a check: with only a page, the goal step holds at the changes step.
    await page.goto(w.wizardUrl(`&page=${PAGE}&step=goal`));
    await expect.poll(w.stepTitle).toBe('Changes');
    await expect.poll(w.stepParam).toBe('changes');
    await page.goto(w.wizardUrl('&step=nonsense'));
    await expect.poll(w.stepTitle).toBe('Page');
    expect(dash.problems).toEqual([]);
  });

  it('shows the server’s refusal beside the field it names, on that field’s step', async () => {
    // Every rule of the create body is also checked in the browser, so the server cannot be made to
    // refuse a valid-looking form; the spec's 400 envelope naming a field stands in for one.
    const message = 'no element on the page matches this selector';
    await page.route('**/api/external/v1/properties/*/split-tests', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({
              error: {
                code: 'invalid_request',
                message: `variants.0.changes.0.selector: ${message}`,
                details: { field: 'variants.0.changes.0.selector' },
              },
            }),
          })
        : route.continue(),
    );
    await page.goto(w.wizardUrl(`&page=${PAGE}`));
    await w.next();
    await expect.poll(() => page.locator('[data-recommendation]').count()).toBeGreaterThan(0);
    await w.next();
    await w.change(1, 1).getByLabel('Selector').fill('#no-such-button');
    await w.change(1, 1).getByLabel('New text').fill('Buy now');
    await w.next();
    await w.next();
    await page.getByLabel('Experiment name').fill('Refused');
    await page.getByRole('button', { name: 'Create experiment' }).click();

    await expect.poll(w.stepTitle).toBe('Changes');
    const selector = w.change(1, 1).getByLabel('Selector');
    await expect.poll(() => w.errorOf(selector)).toBe(message);
    expect(await selector.getAttribute('aria-invalid')).toBe('true');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
      .toBe('variants.0.changes.0.selector');
    await page.unroute('**/api/external/v1/properties/*/split-tests');
    dash.problems.length = 0; // the browser logs the deliberate 400
    // Typing again clears the server's word: the field is checked afresh.
    await selector.fill('#cta-start-trial');
    await expect.poll(() => w.errorOf(selector)).toBe('');
    expect(dash.problems).toEqual([]);
  });
});

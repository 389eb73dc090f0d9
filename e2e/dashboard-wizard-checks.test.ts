import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PageElements } from '../src/contract/page-elements.js';
import { closestElements } from '../src/app/features/experiments/wizard/selector-on-page.js';
import { checkPageQuality, screenshotOnFailure, startDashboard, type Dashboard } from './support/dashboard-harness.js';
import { PAGE, PROPERTY, wizardDriver } from './support/wizard-driver.js';

// What tripped a marketer in the wizard (issue 13 §14): a selector the page does not have, parser
// words, a blank selector, css property names and colours, a long name hiding the review.
describe('dashboard: the wizard checks what is typed', () => {
  let dash: Dashboard;
  let page: Page;
  let w: ReturnType<typeof wizardDriver>;

  beforeAll(async () => {
    dash = await startDashboard();
    page = dash.page;
    w = wizardDriver(dash);
  }, 180_000);
  afterEach(screenshotOnFailure(() => page, 'wizard-checks'));
  afterAll(() => dash?.close());

  it('warns about a selector the snapshot does not show, in words, and helps with css', async () => {
    const snapshot = (await dash.api(
      `/properties/${PROPERTY}/pages/elements?page=${encodeURIComponent(PAGE)}`,
    )) as PageElements;
    expect(snapshot.elements.map((e) => e.selector)).toContain('#cta-start-trial');
    await page.goto(w.wizardUrl(`&page=${encodeURIComponent(PAGE)}`));
    await w.next();
    await w.next(); // no recommendation chosen: one blank change
    expect(await w.stepTitle()).toBe('Changes');
    const change = w.change(1, 1);
    const selector = change.getByLabel('Selector');
    const check = change.getByTestId('wizard-selector-check');

    // Blank (spaces only) is "Required", as every blank field; a bad selector says what is wrong.
    await selector.fill('   ');
    await expect.poll(() => w.errorOf(selector)).toBe('Required');
    await selector.fill('###');
    await expect
      .poll(() => w.errorOf(selector))
      .toBe('not a valid CSS selector: “#” must be followed by an id name, e.g. #signup, but “#” follows it');
    await selector.fill('div >');
    await expect
      .poll(() => w.errorOf(selector))
      .toBe('not a valid CSS selector: it ends with “>”: name the element that comes after it, e.g. nav > a');
    expect(await check.count()).toBe(0);

    // A valid selector the snapshot does not show: accepted, with a warning naming what is there.
    await selector.fill('#does-not-exist');
    await expect.poll(() => check.count()).toBe(1);
    expect(await w.errorOf(selector)).toBe('');
    expect(await check.locator('p').first().textContent()).toContain(`Not seen on ${PAGE}: its latest snapshot`);
    const offered = await check.locator('.wizard-selector-pick').allTextContents();
    expect(offered).toEqual(closestElements('#does-not-exist', snapshot.elements).map((e) => e.selector));
    await selector.fill('#cta-start');
    await expect.poll(() => check.locator('.wizard-selector-pick').first().textContent()).toBe('#cta-start-trial');
    await checkPageQuality(page, 'wizard-selector-check');
    await check.locator('.wizard-selector-pick').first().click();
    await expect.poll(() => selector.inputValue()).toBe('#cta-start-trial');
    await expect.poll(() => check.count()).toBe(0);
    await selector.fill('h1');
    expect(await check.count()).toBe(0);

    // CSS: property names offered, a colour picker beside a colour property, both ways.
    await change.getByLabel('Operation').selectOption('css');
    const property = change.getByLabel('CSS property 1', { exact: true });
    const listId = await property.getAttribute('list');
    const names = await page
      .locator(`[id="${listId}"] option`)
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(names.slice(0, 3)).toEqual(['backgroundColor', 'color', 'fontSize']);
    expect(names).toContain('zIndex');
    expect(await page.getByText('camel case').count()).toBe(0);
    expect(await change.getByLabel('Pick a colour for CSS property 1').count()).toBe(0);
    await property.fill('backgroundColor');
    const picker = change.getByLabel('Pick a colour for CSS property 1');
    const value = change.getByLabel('CSS value 1', { exact: true });
    await value.fill('rgb(67, 56, 202)');
    await expect.poll(() => picker.inputValue()).toBe('#4338ca');
    await picker.fill('#047857');
    await expect.poll(() => value.inputValue()).toBe('#047857');
    await checkPageQuality(page, 'wizard-css-picker');
    await w.next();
    await w.next();

    // A 600-character name: said beside the box; the summary stays.
    expect(await w.stepTitle()).toBe('Review');
    const name = page.getByLabel('Experiment name');
    await name.fill('n'.repeat(600));
    await expect.poll(() => w.errorOf(name)).toBe('At most 200 characters (this has 600)');
    const summary = page.getByRole('region', { name: 'Summary' });
    expect(await summary.textContent()).toContain(`Visitors to ${PAGE} are split evenly between 2 versions`);
    expect(await page.getByTestId('wizard-review-problem').count()).toBe(0);
    expect(await page.getByText('Some earlier steps still need attention').count()).toBe(0);
    await checkPageQuality(page, 'wizard-review-long-name');
    await page.getByRole('button', { name: 'Create experiment' }).click();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.id))
      .toBe('wizard-name');
    await name.fill('Trial button in green');
    await expect.poll(() => w.errorOf(name)).toBe('');
    expect(dash.problems).toEqual([]);
  });
});

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from './support/dashboard-harness.js';
import { PROPERTY, TZ, en, funnelHelpers, startFunnelStory, type FunnelStory } from './support/funnel-story.js';

// The Funnels page's builder against the real server over the demo data, used as a marketer would:
// build a funnel, reorder it from the keyboard, switch mode, break it down, reload it from the URL and
// read it with a key. Every figure is compared with the API's answer to the same question.
describe('dashboard: Funnels builder', () => {
  let story: FunnelStory;
  let dash: Dashboard;
  let page: Page;
  let funnelPages: string[];
  let observedCount: number;
  const { funnel, stepInput, expectFigures, inputValues } = funnelHelpers(() => story);

  beforeAll(async () => {
    story = await startFunnelStory();
    ({ dash, page, funnelPages, observedCount } = story);
  }, 180_000);
  afterAll(async () => {
    await dash?.close();
  });

  it('builds a funnel from observed paths and shows the API figures per step', async () => {
    await page.goto(`${dash.origin}/funnels?property=${PROPERTY}`);
    await expect.poll(() => page.getByText('No funnel yet.').count()).toBe(1);
    // Nothing typed yet is not an error: no red text by the save form, only a hint (issue 13 §9).
    expect(await page.locator('#funnel-save-error').textContent()).toBe('');
    expect(await page.locator('.funnel-save-hint').textContent()).toBe(
      'Saving opens once every step above has a page.',
    );
    await expect.poll(() => page.locator('#funnel-observed-paths option').count()).toBe(observedCount);
    await stepInput(1).fill(funnelPages[0]);
    await page.getByRole('button', { name: 'Add step' }).click();
    // The new step has focus, ready to type in.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('list'))).toBe('funnel-observed-paths');
    await page.keyboard.type(funnelPages[1]);
    await page.getByRole('button', { name: 'Add step' }).click();
    await stepInput(3).fill(funnelPages[2]);
    await expectFigures(await funnel(funnelPages, 'unbounded'));
    await page.waitForURL((url) => JSON.parse(url.searchParams.get('steps') ?? '[]').length === 3);
    expect(JSON.parse(new URL(page.url()).searchParams.get('steps')!)).toEqual(funnelPages);
  });

  it('checks each step with the API schema as it is typed', async () => {
    await stepInput(2).fill('pricing');
    await expect.poll(() => stepInput(2).getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await stepInput(2).getAttribute('aria-describedby'))!;
    expect(await page.locator(`#${describedBy}`).textContent()).toBe(
      'Use a path starting with /, without query string or fragment.',
    );
    // The last good figures stay, marked as such, until the step is fixed.
    expect(await page.locator('.funnel-note').count()).toBe(1);
    await stepInput(2).fill(funnelPages[1]);
    await expect.poll(() => stepInput(2).getAttribute('aria-invalid')).toBe(null);
    expect(await page.locator('.funnel-note').count()).toBe(0);
  });

  it('reorders, adds and removes steps from the keyboard', async () => {
    await page.getByRole('button', { name: 'Move step 3 up' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => inputValues(3)).toEqual([funnelPages[0], funnelPages[2], funnelPages[1]]);
    // Focus follows the moved step, so pressing again keeps moving it.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Move step 2 up');
    await expectFigures(await funnel([funnelPages[0], funnelPages[2], funnelPages[1]], 'unbounded'));
    await page.getByRole('button', { name: 'Move step 2 down' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => inputValues(3)).toEqual(funnelPages);

    await page.getByRole('button', { name: 'Add step' }).click();
    expect(await stepInput(4).count()).toBe(1);
    await page.getByRole('button', { name: 'Remove step 4' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => stepInput(4).count()).toBe(0);
    await expectFigures(await funnel(funnelPages, 'unbounded'));
  });

  it('switches to "in order" and shows the sequential figures', async () => {
    const any = await funnel(funnelPages, 'unbounded');
    const ordered = await funnel(funnelPages, 'sequential');
    expect(ordered.data.steps[2].sessions).toBeLessThan(any.data.steps[2].sessions);
    await page.getByRole('radio', { name: /In order/ }).check();
    await page.waitForURL(/mode=sequential/);
    await expectFigures(ordered);
  });

  it('breaks the funnel down by device', async () => {
    await page.getByLabel('Break down by').selectOption('device');
    await page.waitForURL(/breakdownBy=device/);
    const expected = await funnel(funnelPages, 'sequential', '&breakdownBy=device');
    const rows = page.getByTestId('funnel-breakdown').locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(expected.data.breakdown!.length);
    const first = expected.data.breakdown![0];
    const cells = await rows.first().locator('td').allTextContents();
    expect(cells.slice(0, 4)).toEqual([first.value, ...first.steps.map((s) => en.format(s.sessions))]);
  });

  it('keeps the whole funnel across a reload, from the URL alone', async () => {
    await page.goto(
      `${dash.origin}/funnels?property=${PROPERTY}&steps=${encodeURIComponent(JSON.stringify(funnelPages))}&mode=sequential`,
    );
    await expectFigures(await funnel(funnelPages, 'sequential'));
    const url = page.url();
    await page.reload();
    expect(page.url()).toBe(url);
    await expect.poll(() => inputValues(3)).toEqual(funnelPages);
    expect(await page.getByRole('radio', { name: /In order/ }).isChecked()).toBe(true);
    await expectFigures(await funnel(funnelPages, 'sequential'));
  });

  it('works the same with an API key instead of the admin session', async () => {
    const context = await dash.browser.newContext({ locale: 'en-US' });
    const connection = { mode: 'key', baseUrl: dash.origin, key: dash.key, propertyIds: [PROPERTY] };
    await context.addInitScript((c) => sessionStorage.setItem('sightline.connection', c), JSON.stringify(connection));
    const keyPage = await context.newPage();
    await keyPage.goto(
      `${dash.origin}/funnels?property=${PROPERTY}&tz=${encodeURIComponent(TZ)}&steps=${encodeURIComponent(JSON.stringify(funnelPages))}`,
    );
    const expected = await funnel(funnelPages, 'unbounded');
    await expect
      .poll(() => keyPage.locator('[data-testid=funnel-bars] .funnel-sessions').allTextContents())
      .toEqual(expected.data.steps.map((s) => en.format(s.sessions)));
    await context.close();
  });

  it('logged no console errors', () => {
    expect(dash.problems).toEqual([]);
  });
});

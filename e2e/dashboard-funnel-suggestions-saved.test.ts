import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOT_DIR, type Dashboard } from './support/dashboard-harness.js';
import { builderUrl, PROPERTY, en, funnelHelpers, startFunnelStory, type FunnelStory } from './support/funnel-story.js';

// The Funnels page's suggestions and saved funnels over the demo data: load a suggestion with one click,
// save it, reopen it after a reload, rename and delete it; the figures are the funnel API's.
describe('dashboard: Funnels suggestions and saving', () => {
  let story: FunnelStory;
  let dash: Dashboard;
  let page: Page;
  let funnelPages: string[];
  const { funnel, stepInput, shownSessions, expectFigures, inputValues, savedNames } = funnelHelpers(() => story);

  beforeAll(async () => {
    story = await startFunnelStory();
    ({ dash, page, funnelPages } = story);
    // Where the builder's story leaves the page: the funnel in order, broken down by device.
    await page.goto(builderUrl(story));
  }, 180_000);
  afterAll(async () => {
    await dash?.close();
  });

  it('loads a suggestion into the builder with one click', async () => {
    const suggestions = (await dash.api(
      `/properties/${PROPERTY}/funnels/suggestions?page=${encodeURIComponent(funnelPages[0])}`,
    )) as {
      data: { name: string; steps: { page: string }[]; rationale: string }[];
    };
    expect(suggestions.data.length).toBeGreaterThan(0);
    const pick = suggestions.data[0];
    const item = page.locator(`[data-suggestion="${pick.name}"]`);
    await expect.poll(() => item.locator('p').nth(1).textContent()).toBe(pick.rationale);
    // As a new user finds the builder: in any order, here with a breakdown.
    await page.getByRole('radio', { name: /Any order/ }).check();
    await page.waitForURL(/mode=unbounded/);
    expect(new URL(page.url()).searchParams.get('breakdownBy')).toBe('device');
    await item.getByRole('button', { name: 'Use this funnel' }).click();
    const pages = pick.steps.map((s) => s.page);
    await expect.poll(() => inputValues(pages.length)).toEqual(pages);
    await expect.poll(() => JSON.parse(new URL(page.url()).searchParams.get('steps') ?? '[]')).toEqual(pages);
    // A suggestion is a path walked in order, so it opens "in order"; the breakdown stays.
    await page.waitForURL(/mode=sequential/);
    expect(await page.getByRole('radio', { name: /In order/ }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: /Any order/ }).isChecked()).toBe(false);
    expect(new URL(page.url()).searchParams.get('breakdownBy')).toBe('device');
    expect(await page.getByLabel('Break down by').inputValue()).toBe('device');
    const ordered = await funnel(pages, 'sequential');
    await expectFigures(ordered);
    // The rationale's last figure ("N of the M sessions … went on to X" for two steps, "N sessions (P%)
    // completed all K steps" for more) counts sessions that went straight from page to page in the last
    // 30 days (the server's pathsAfter); the funnel counts the pages in order with others allowed in
    // between, over the chosen range. Different questions, so the page shows the funnel API's answer and
    // says why the numbers differ.
    const figures = [
      ...pick.rationale.matchAll(/([\d,]+) (?:of the [\d,]+ sessions|sessions \(\d+%\) completed all)/g),
    ].map((m) => Number(m[1].replace(/,/g, '')));
    const rationaleLast = pages.length > 2 ? figures[figures.length - 1] : figures[0];
    expect(rationaleLast).toBeGreaterThan(0);
    const last = ordered.data.steps.at(-1)!.sessions;
    expect((await shownSessions()).at(-1)).toBe(en.format(last));
    if (rationaleLast !== last)
      expect(await page.locator('.funnel-suggestion-note').textContent()).toContain(
        'went straight from one page to the next',
      );
  });

  it('saves the funnel, reopens it after a reload, renames it and deletes it', async () => {
    const name = 'E2E pricing path';
    const saved = await inputValues(await page.locator('[data-step-row]').count());
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByRole('button', { name: 'Save funnel' }).click();
    const item = page.locator(`[data-saved-funnel="${name}"]`);
    await expect.poll(() => item.count()).toBe(1);
    expect(await savedNames()).toContain(name);

    // Start over with another funnel, reload, then open the saved one.
    await page.goto(
      `${dash.origin}/funnels?property=${PROPERTY}&steps=${encodeURIComponent(JSON.stringify(['/nowhere']))}`,
    );
    await page.reload();
    await expect.poll(() => stepInput(1).inputValue()).toBe('/nowhere');
    await page.getByRole('button', { name: `Open ${name}` }).click();
    await expect.poll(() => inputValues(saved.length)).toEqual(saved);
    await expect.poll(() => JSON.parse(new URL(page.url()).searchParams.get('steps') ?? '[]')).toEqual(saved);

    // Edited after opening, the funnel can take the builder's steps under its own name.
    const update = page.getByRole('button', { name: `Save the builder's funnel as ${name}` });
    expect(await update.count(), 'nothing to update while the steps are the saved ones').toBe(0);
    await page.getByRole('button', { name: `Remove step ${saved.length}` }).click();
    await update.click();
    const stored = async () =>
      (
        (await dash.api(`/properties/${PROPERTY}/saved-funnels`)) as {
          data: { name: string; steps: { page: string }[] }[];
        }
      ).data.find((f) => f.name === name);
    await expect.poll(async () => (await stored())?.steps.map((s) => s.page)).toEqual(saved.slice(0, -1));
    await expect.poll(() => update.count()).toBe(0);

    const renamed = 'E2E pricing path (renamed)';
    await page.getByRole('button', { name: `Rename ${name}` }).click();
    await page.getByLabel(`New name for “${name}”`).fill(renamed);
    await page.locator('.saved-funnels').screenshot({ path: join(SCREENSHOT_DIR, 'funnels-saved-rename.png') });
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect.poll(() => page.locator(`[data-saved-funnel="${renamed}"]`).count()).toBe(1);
    expect(await savedNames()).toEqual(expect.arrayContaining([renamed]));
    expect(await savedNames()).not.toContain(name);

    await page.getByRole('button', { name: `Delete ${renamed}` }).click();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await expect.poll(() => page.locator(`[data-saved-funnel="${renamed}"]`).count()).toBe(0);
    expect(await savedNames()).not.toContain(renamed);
    await expect.poll(() => page.getByText('No saved funnels yet.').count()).toBe(1);
  });

  it('logged no console errors', () => {
    expect(dash.problems).toEqual([]);
  });
});

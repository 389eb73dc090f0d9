import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../src/app/lib/date-range.js';
import {
  SCREENSHOT_DIR,
  checkPageQuality,
  screenshotOnFailure,
  startDashboard,
  type Dashboard,
} from './support/dashboard-harness.js';

const PROPERTY = 'acme-shop';
const TZ = 'America/New_York';
const en = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const pct = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });
type Mode = 'unbounded' | 'sequential';
interface Funnel {
  data: {
    steps: { sessions: number }[];
    overall_conversion_rate: number;
    breakdown?: { value: string; steps: { sessions: number }[] }[];
  };
}
interface Saved {
  id: string;
  name: string;
  steps: { page: string }[];
  mode?: Mode;
  breakdownBy?: string;
  filters?: unknown[];
}

// Issue 13 §6 and §7: a saved funnel comes back as it was saved (in order, by device, in its segment),
// not in any order without a breakdown; and the Funnels page opens on a saved funnel, the last one
// used on this browser or else the newest, instead of an empty builder.
describe('dashboard: saved funnels keep their settings and open by themselves', () => {
  let dash: Dashboard;
  let page: Page;
  let range: { start: string; end: string };

  const dated = () => `start=${range.start}&end=${range.end}&timezone=${encodeURIComponent(TZ)}`;
  const funnel = (steps: string[], mode: Mode, extra = ''): Promise<Funnel> =>
    dash.api(
      `/properties/${PROPERTY}/funnels?${dated()}&steps=${encodeURIComponent(JSON.stringify(steps.map((page) => ({ page }))))}&mode=${mode}${extra}`,
    );
  const saved = async () => ((await dash.api(`/properties/${PROPERTY}/saved-funnels`)) as { data: Saved[] }).data;
  const stepValues = async () =>
    Promise.all((await page.locator('[data-step-row] input').all()).map((i) => i.inputValue()));
  const search = (name: string) => new URL(page.url()).searchParams.get(name);
  /** The bars, the overall rate and the breakdown's first row, as the API answers the same question. */
  const expectFigures = async (expected: Funnel) => {
    await expect
      .poll(() => page.locator('[data-testid=funnel-bars] .funnel-sessions').allTextContents())
      .toEqual(expected.data.steps.map((s) => en.format(s.sessions)));
    expect(await page.getByTestId('funnel-overall').textContent()).toBe(
      pct.format(expected.data.overall_conversion_rate),
    );
    if (!expected.data.breakdown) return;
    const rows = page.getByTestId('funnel-breakdown').locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(expected.data.breakdown.length);
    const first = expected.data.breakdown[0];
    expect((await rows.first().locator('td').allTextContents()).slice(0, 1 + first.steps.length)).toEqual([
      first.value,
      ...first.steps.map((s) => en.format(s.sessions)),
    ]);
  };
  /** What the builder shows: steps, mode and breakdown. */
  const shown = async () => ({
    steps: await stepValues(),
    inOrder: await page.getByRole('radio', { name: /In order/ }).isChecked(),
    breakdown: await page.getByLabel('Break down by').inputValue(),
  });

  beforeAll(async () => {
    dash = await startDashboard();
    page = dash.page;
    const today = todayIn(TZ);
    range = { start: addDays(today, -29), end: today };
  }, 180_000);
  afterEach(screenshotOnFailure(() => page, 'saved-funnels'));
  afterAll(async () => {
    await dash?.close();
  });

  it('opens the newest saved funnel on a fresh Funnels page, with its mode and breakdown, and lists every funnel with its settings', async () => {
    const [newest, older] = await saved();
    expect([newest.name, older.name]).toEqual(['Pricing to signup', 'Blog readers from Google to signup']);
    await page.goto(`${dash.origin}/funnels?property=${PROPERTY}`);
    const steps = newest.steps.map((s) => s.page);
    await expect.poll(stepValues).toEqual(steps);
    expect(await shown()).toEqual({ steps, inOrder: true, breakdown: 'device' });
    // The URL says so too (replaced, not pushed: Back leaves the page rather than emptying it).
    await expect.poll(() => search('mode')).toBe('sequential');
    expect(search('breakdownBy')).toBe('device');
    expect(JSON.parse(search('steps')!)).toEqual(steps);
    await expectFigures(await funnel(steps, 'sequential', '&breakdownBy=device'));

    const item = (name: string) => page.locator(`[data-saved-funnel="${name}"]`);
    expect(await item(newest.name).getAttribute('aria-current')).toBe('true');
    expect(await item(newest.name).locator('.saved-funnel-settings').textContent()).toBe('In order · by Device');
    expect(await item(older.name).getAttribute('aria-current')).toBe(null);
    expect(await item(older.name).locator('.saved-funnel-settings').textContent()).toBe(
      'Any order · no breakdown · Referrer is google.com',
    );
    await page.locator('.saved-funnels').screenshot({ path: join(SCREENSHOT_DIR, 'funnels-saved-list.png') });
  });

  it('reopens a funnel saved "In order" by device as it was saved, with the same figures (issue 13 §6)', async () => {
    // Build the case: a funnel whose "in order" rate differs from its "any order" one.
    const steps = ['/', '/pricing', '/signup'];
    const [any, ordered] = await Promise.all([
      funnel(steps, 'unbounded'),
      funnel(steps, 'sequential', '&breakdownBy=device'),
    ]);
    expect(ordered.data.overall_conversion_rate).not.toBe(any.data.overall_conversion_rate);
    await page.getByRole('button', { name: 'New funnel' }).click();
    await expect.poll(stepValues).toEqual(['']);
    expect(await shown()).toEqual({ steps: [''], inOrder: false, breakdown: '' });
    for (const [i, path] of steps.entries()) {
      if (i > 0) await page.getByRole('button', { name: 'Add step' }).click();
      await page.getByLabel(`Step ${i + 1}`, { exact: true }).fill(path);
    }
    await expectFigures(any);
    await page.getByRole('radio', { name: /In order/ }).check();
    await page.getByLabel('Break down by').selectOption('device');
    await expectFigures(ordered);

    const name = 'E2E in order by device';
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByRole('button', { name: 'Save funnel' }).click();
    await expect
      .poll(async () => (await saved()).find((f) => f.name === name))
      .toMatchObject({ mode: 'sequential', breakdownBy: 'device', filters: [] });

    // Somewhere else entirely, then back through the list.
    await page.goto(
      `${dash.origin}/funnels?property=${PROPERTY}&steps=${encodeURIComponent(JSON.stringify(['/docs']))}`,
    );
    await expect.poll(stepValues).toEqual(['/docs']);
    expect(await shown()).toEqual({ steps: ['/docs'], inOrder: false, breakdown: '' });
    await page.getByRole('button', { name: `Open ${name}` }).click();
    await expect.poll(stepValues).toEqual(steps);
    expect(await shown()).toEqual({ steps, inOrder: true, breakdown: 'device' });
    await expect.poll(() => search('breakdownBy')).toBe('device');
    expect(search('mode')).toBe('sequential');
    await expectFigures(ordered);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'funnels-saved-reopened.png'), fullPage: true });
  });

  it('keeps the filters a funnel was saved in, and opens the last funnel used rather than the newest', async () => {
    const blog = (await saved()).find((f) => f.name === 'Blog readers from Google to signup')!;
    await page.getByRole('button', { name: `Open ${blog.name}` }).click();
    const steps = blog.steps.map((s) => s.page);
    await expect.poll(stepValues).toEqual(steps);
    await expect.poll(() => search('filters')).toBe(JSON.stringify([['is', 'referrer', ['google.com']]]));
    expect(await shown()).toEqual({ steps, inOrder: false, breakdown: '' });
    const filter = `&filters=${encodeURIComponent(JSON.stringify([['is', 'referrer', ['google.com']]]))}`;
    const inSegment = await funnel(steps, 'unbounded', filter);
    expect(inSegment.data.steps[0].sessions).toBeGreaterThan(0);
    expect(inSegment.data.steps[0].sessions).toBeLessThan((await funnel(steps, 'unbounded')).data.steps[0].sessions);
    await expectFigures(inSegment);

    // A fresh visit opens this one again (the last used here), not the newest.
    await page.goto(`${dash.origin}/funnels?property=${PROPERTY}`);
    await expect.poll(stepValues).toEqual(steps);
    await expect.poll(() => search('filters')).toBe(JSON.stringify([['is', 'referrer', ['google.com']]]));
    await expectFigures(inSegment);
    await checkPageQuality(page, 'funnels-opened');
  });

  it('logged no console errors', () => {
    expect(dash.problems).toEqual([]);
  });
});

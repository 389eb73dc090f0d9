import type { Page } from 'playwright-core';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { comparedEnd } from './support/compared-period.js';
import {
  checkPageQuality,
  screenshotOnFailure,
  SCREENSHOT_DIR,
  startDashboard,
  type Dashboard,
} from './support/dashboard-harness.js';

const PROPERTY = 'acme-shop';
const TZ = 'America/New_York';
const SLOW = { timeout: 20_000 };
const en = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

// The property's wall clock, worked out here apart from the dashboard's code.
const today = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );
const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const short = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

const change = (page: Page, kpi: string) => page.locator(`[data-kpi=${kpi}] .figure-change`);

// Issue 13 §1, §2 and §4 on the demo data (the shop keeps New York time), as a marketer meets them:
// today against the same hours of yesterday, month to date against the same days of last month, the
// compared dates named on the cards and in the chart, the other comparisons, the running bucket.
describe('dashboard: comparisons like with like', () => {
  let dash: Dashboard;
  let page: Page;
  const summary = (start: string, end: string) =>
    dash.api<{ data: { page_views: number; sessions: number; unique_visitors: number } }>(
      `/properties/${PROPERTY}/traffic/summary?start=${start}&end=${end}&timezone=${encodeURIComponent(TZ)}`,
    );

  beforeAll(async () => {
    dash = await startDashboard();
    page = dash.page;
  }, 300_000);
  afterAll(async () => dash?.close());
  afterEach(screenshotOnFailure(() => page, 'comparisons'));

  /** The compared figure and the time it stops at, as the page-views card states them. */
  async function comparedOnCard(): Promise<{ words: string; value: string }> {
    const line = change(page, 'page_views');
    await expect.poll(() => line.getAttribute('title'), SLOW).toBeTruthy();
    const title = (await line.getAttribute('title'))!;
    const [words, value] = title.split(/: (?=[\d,]+$)/);
    return { words, value };
  }

  it('compares today with yesterday up to the same time, and names it on the cards', async () => {
    await page.goto(`${dash.origin}/traffic?property=${PROPERTY}&range=today`);
    const yesterday = addDays(today(), -1);
    await expect
      .poll(() => change(page, 'page_views').textContent(), SLOW)
      .toMatch(new RegExp(`vs ${short(yesterday)} until \\d{1,2}:\\d{2} [AP]M$`));
    const { words, value } = await comparedOnCard();
    // The compared figure is yesterday from midnight to the same wall-clock minute, not all of yesterday.
    expect(words).toContain(' until ');
    const morning = await summary(yesterday, comparedEnd(yesterday, words));
    const wholeDay = await summary(yesterday, yesterday);
    expect(value).toBe(en.format(morning.data.page_views));
    expect(morning.data.page_views).toBeLessThan(wholeDay.data.page_views);
    // Every card names the same compared period.
    expect(await change(page, 'sessions').textContent()).toContain(`vs ${words}`);
  });

  it('compares month to date with the same days of last month, cut at the same time', async () => {
    await page.getByLabel('Date range').selectOption('mtd');
    await page.waitForURL(/range=mtd/);
    const t = today();
    const lastMonthStart = `${addDays(`${t.slice(0, 8)}01`, -1).slice(0, 8)}01`;
    // The same day of last month (the demo's 90 days never reach a month's 29th-31st problem here unless today does).
    const lastMonthDays = Number(addDays(`${t.slice(0, 8)}01`, -1).slice(8));
    const sameDay = `${lastMonthStart.slice(0, 8)}${String(Math.min(Number(t.slice(8)), lastMonthDays)).padStart(2, '0')}`;
    const month = short(lastMonthStart).split(' ')[0];
    const span = lastMonthStart === sameDay ? short(sameDay) : `${month} 1–${Number(sameDay.slice(8))}`;
    await expect
      .poll(() => change(page, 'page_views').textContent(), SLOW)
      .toMatch(new RegExp(`vs ${span}( until \\d{1,2}:\\d{2} [AP]M)?$`));
    const { words, value } = await comparedOnCard();
    expect(value).toBe(en.format((await summary(lastMonthStart, comparedEnd(sameDay, words))).data.page_views));
  });

  it('offers year over year, custom dates and none, kept in the URL', async () => {
    await page.getByLabel('Compare with').selectOption('year');
    await page.waitForURL(/comparison=year/);
    const t = today();
    const yearAgo = `${Number(t.slice(0, 4)) - 1}`;
    await expect.poll(() => change(page, 'page_views').textContent(), SLOW).toContain(`, ${yearAgo}`);
    // The demo holds 90 days, so a year ago is empty: every count is new.
    expect(await change(page, 'page_views').textContent()).toMatch(/^new vs /);

    await page.getByLabel('Compare with').selectOption('custom');
    await page.waitForURL(/comparison=custom/);
    const from = addDays(t, -20);
    const until = addDays(t, -18);
    await page.getByLabel('Compare from').fill(from);
    await page.waitForURL(new RegExp(`compare_from=${from}`));
    await page.getByLabel('Compare until').fill(until);
    await page.waitForURL(new RegExp(`compare_to=${until}`));
    await page.reload();
    expect(await page.getByLabel('Compare with').inputValue()).toBe('custom');
    // Chosen dates wholly before today's place in the month are compared whole.
    const span =
      from.slice(0, 7) === until.slice(0, 7)
        ? `${short(from)}–${Number(until.slice(8))}`
        : `${short(from)} – ${short(until)}`;
    const { words, value } = await comparedOnCard();
    if (Number(t.slice(8)) > 3) {
      expect(words).toBe(span);
      expect(value).toBe(en.format((await summary(from, until)).data.page_views));
    }

    await page.getByLabel('Compare with').selectOption('none');
    await page.waitForURL(/comparison=none/);
    await expect.poll(() => change(page, 'page_views').textContent(), SLOW).toBe('\u00a0');
    expect(await page.getByLabel('Show on chart').count()).toBe(0);
  });

  it('names the compared bucket in the chart tooltip and marks the running hour as incomplete (§2)', async () => {
    await page.goto(`${dash.origin}/traffic?property=${PROPERTY}&range=today&compare=true`);
    const chart = page.getByTestId('trends-chart');
    await expect.poll(() => chart.getAttribute('data-running'), SLOW).toBe('true');
    // The stretch into the running hour is drawn apart (dotted), ending in a ring.
    expect(await chart.locator('.trend-partial .recharts-line-curve').count()).toBeGreaterThan(0);
    const ring = chart.locator('.trend-running-dot').first();
    await expect.poll(() => ring.count(), SLOW).toBeGreaterThan(0);
    const box = (await ring.boundingBox())!;
    // In the day's first hour the ring sits on the plot's left edge, where a pointer at its centre is
    // outside the plot and shows no tooltip: the pointer stays a few pixels inside (still nearest the
    // running hour, an hour being about 30 px wide).
    const plot = (await chart.locator('.recharts-cartesian-grid').boundingBox())!;
    const x = Math.min(Math.max(box.x + box.width / 2, plot.x + 3), plot.x + plot.width - 3);
    await page.mouse.move(x, box.y + box.height / 2);
    const tooltip = page.getByTestId('trend-tooltip');
    await expect.poll(() => tooltip.textContent(), SLOW).toContain('Incomplete: this hour is not over yet');
    // Under it, the same hour yesterday by its own date.
    expect(await tooltip.locator('.trend-tooltip-compared').textContent()).toContain(short(addDays(today(), -1)));
    // The legend names the compared day rather than "previous period".
    expect(await chart.locator('.recharts-legend-wrapper').textContent()).toContain(
      `Page views, ${short(addDays(today(), -1))}`,
    );
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'comparisons-running-hour-tooltip.png') });
  });

  it('says how visitors can outnumber sessions, under the cards (§4)', async () => {
    await page.mouse.move(0, 0);
    const help = page.locator('.kpi-help');
    await help.locator('summary').click();
    await expect.poll(() => help.textContent()).toContain('unique visitors can exceed sessions');
    await checkPageQuality(page, 'comparisons-traffic');
  });

  it('fits the comparison controls on a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const from = addDays(today(), -40);
    await page.goto(
      `${dash.origin}/traffic?property=${PROPERTY}&range=mtd&comparison=custom&compare_from=${from}&compare_to=${addDays(from, 9)}&compare=true`,
    );
    await expect.poll(() => change(page, 'page_views').textContent(), SLOW).toContain(' vs ');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'comparisons-custom-phone-top.png') });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'comparisons-custom-dark-top.png') });
    await page.emulateMedia({ colorScheme: 'light' });
    expect(dash.problems).toEqual([]);
  });
});

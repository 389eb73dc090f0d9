import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOT_DIR, screenshotOnFailure, startDashboard, type Dashboard } from './support/dashboard-harness.js';
import { axeOn } from './support/axe.js';

const PHONE = { width: 390, height: 844 };
/** "Small": the issue found 407 of 844 px; a header may take at most this much of a phone's screen. */
const MAX_HEADER_PX = 320;

interface PhoneFit {
  pageWidth: number;
  header: number;
  /** Numeric cells whose text is wider than the cell (a figure cut short). */
  clippedCells: string[];
  /** Tables wider than their box that do not say so (no hint, or no focusable named region). */
  silentWideTables: string[];
}

/** What a person on a phone would notice, measured in the page. */
const measure = (page: Page) =>
  page.evaluate((): PhoneFit => {
    const visible = (el: Element) => (el as HTMLElement).offsetParent !== null && el.getBoundingClientRect().width > 0;
    const clippedCells = [...document.querySelectorAll('td.num, th.num')]
      .filter((c) => visible(c) && c.scrollWidth > c.clientWidth)
      .map((c) => `${c.textContent} (${c.scrollWidth} > ${c.clientWidth})`);
    const silentWideTables = [...document.querySelectorAll('table')]
      .filter((t) => visible(t) && !t.closest('.visually-hidden'))
      .filter((t) => {
        const box = t.parentElement!;
        if (t.getBoundingClientRect().width <= box.clientWidth + 1) return false;
        const region = t.closest('[role="region"]') as HTMLElement | null;
        const hint = region?.parentElement?.parentElement?.querySelector('.scroll-hint');
        return !(region && region.tabIndex === 0 && region.getAttribute('aria-label') && hint && visible(hint));
      })
      .map((t) => t.querySelector('caption')?.textContent ?? t.getAttribute('data-testid') ?? 'a table');
    return {
      pageWidth: document.scrollingElement!.scrollWidth,
      header: Math.round(document.querySelector('header')!.getBoundingClientRect().height),
      clippedCells,
      silentWideTables,
    };
  });

// Issue 13 §17: every dashboard route on the demo data at 390 px: no sideways page scroll, a small
// header (the navigation behind a Menu button), no figure cut short, wide tables that say they scroll.
describe('dashboard on a phone (390 px)', () => {
  let dash: Dashboard;
  let page: Page;

  beforeAll(async () => {
    dash = await startDashboard();
    page = dash.page;
    page.setDefaultTimeout(20_000);
    await page.setViewportSize(PHONE);
  }, 300_000);
  afterAll(async () => dash?.close());
  afterEach(screenshotOnFailure(() => page, 'phone'));

  /** Opens a route and waits until its figures are drawn (no skeleton left, a heading in main). */
  const open = async (path: string) => {
    await page.goto(`${dash.origin}${path}`);
    await expect
      .poll(
        () =>
          page.evaluate(
            () =>
              document.querySelectorAll('main .skeleton').length === 0 && !!document.querySelector('main h1, main h2'),
          ),
        { timeout: 30_000 },
      )
      .toBe(true);
  };

  it('fits every route: page width, header height, whole figures, wide tables that say they scroll', async () => {
    const tests = (await dash.api<{ data: { experiment_id: string }[] }>('/properties/acme-shop/split-tests')).data;
    const steps = encodeURIComponent(JSON.stringify(['/', '/pricing', '/signup']));
    const routes = [
      '/traffic',
      '/pages',
      '/pages/detail?path=%2Fpricing',
      '/clicks',
      '/forms',
      `/funnels?steps=${steps}&breakdownBy=device`,
      '/goals',
      '/aggregate',
      '/experiments',
      '/experiments/new',
      `/experiments/${tests[0].experiment_id}`,
      '/properties',
      '/api-access',
      '/connect',
    ];
    const found: Record<string, PhoneFit> = {};
    for (const route of routes) {
      await open(`${route}${route.includes('?') ? '&' : '?'}property=acme-shop&range=30d`);
      // Charts and tables size themselves after the data; measure once the width has settled.
      await expect
        .poll(() => page.evaluate(() => document.scrollingElement!.scrollWidth), { timeout: 10_000 })
        .toBeLessThanOrEqual(PHONE.width);
      found[route] = await measure(page);
      await page.screenshot({
        path: join(SCREENSHOT_DIR, `phone-${route.split('?')[0].replace(/\//g, '_').slice(1)}.png`),
      });
    }
    for (const [route, fit] of Object.entries(found)) {
      expect(fit.pageWidth, route).toBeLessThanOrEqual(PHONE.width);
      expect(fit.header, route).toBeLessThanOrEqual(MAX_HEADER_PX);
      expect(fit.clippedCells, route).toEqual([]);
      expect(fit.silentWideTables, route).toEqual([]);
    }
    // The two tables the issue named: the variants scroll and say so; the breakdown's figures are whole.
    const variants = `/experiments/${tests[0].experiment_id}`;
    await open(`${variants}?property=acme-shop`);
    const region = page.getByRole('region', { name: 'Variants (scrolls sideways)' });
    await expect.poll(() => region.count()).toBe(1);
    await region.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    expect(dash.problems).toEqual([]);
  });

  it('folds the navigation behind a Menu button: Escape, a chosen page and a tap outside close it', async () => {
    await open('/traffic?property=acme-shop');
    const menu = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Reports' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.isVisible()).toBe(false);

    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    // Eight reports, Properties, API access, Team (an owner's session) and Connect.
    await expect.poll(() => nav.getByRole('link').count()).toBe(12);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'phone-menu-open.png') });
    const serious = (await axeOn(page).analyze()).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => v.id);
    expect(serious).toEqual([]);

    // Escape closes it and gives focus back to the button.
    await nav.getByRole('link', { name: 'Pages' }).focus();
    await page.keyboard.press('Escape');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toContain('Menu');

    // Choosing a page goes there and closes it.
    await menu.click();
    await nav.getByRole('link', { name: 'Funnels' }).click();
    await page.waitForURL(/\/funnels/);
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.isVisible()).toBe(false);

    // A tap on the page outside it closes it too.
    await menu.click();
    await page.locator('main').click({ position: { x: 5, y: 5 } });
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');

    // On a desktop there is no button: the links show.
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await menu.isVisible()).toBe(false);
    expect(await nav.isVisible()).toBe(true);
    await page.setViewportSize(PHONE);
  });
});

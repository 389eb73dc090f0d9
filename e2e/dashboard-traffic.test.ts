import type { FastifyInstance } from 'fastify';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app.js';
import { newApiKey } from '../src/server/auth/api-keys.js';
import { issueSignInToken, signInLink } from '../src/server/auth/sign-in.js';
import { builtDashboard, SCREENSHOT_DIR } from './support/dashboard-harness.js';
import { comparedEnd } from './support/compared-period.js';
import { seedStore } from '../src/server/seed/seed-store.js';
import { openDuckdbStore } from '../src/server/store/duckdb/duckdb-store.js';
import type { Store } from '../src/server/store/store.js';
import { axeOn } from './support/axe.js';

const PROPERTY = 'acme-shop';
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const en = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

// The built dashboard against the real server and a seeded store, used the way a person with only
// an API key would: connect, read the Traffic page, change the range, reload.
describe('dashboard: Traffic in key mode', () => {
  let built: Awaited<ReturnType<typeof builtDashboard>> | undefined;
  let store: Store;
  let app: FastifyInstance;
  let origin: string;
  let key: string;
  let browser: Browser;
  let page: Page;
  const problems: string[] = [];

  const summary = async (start: string, end: string) => {
    const url = `${origin}/api/external/v1/properties/${PROPERTY}/traffic/summary?start=${start}&end=${end}&timezone=UTC`;
    const res = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
    return (await res.json()).data as {
      page_views: number;
      sessions: number;
      unique_visitors: number;
      bounce_rate: number;
    };
  };
  const kpi = (name: string) => page.locator(`[data-kpi=${name}] .kpi-value`);

  beforeAll(async () => {
    built = await builtDashboard();
    store = await openDuckdbStore(':memory:');
    await store.createProperty({ id: PROPERTY, name: 'Acme Shop', domain: null, timezone: 'UTC' });
    await store.createProperty({ id: 'blog', name: 'Blog', domain: null, timezone: 'Asia/Tokyo' });
    await seedStore(store, { propertyId: PROPERTY, events: 30_000, days: 70, seed: 11, end: new Date() });
    const created = newApiKey({ name: 'e2e', propertyIds: [PROPERTY], permissions: ['metrics'] });
    await store.createApiKey(created.record);
    key = created.key;
    app = await buildApp({ store, distDir: built.distDir, rateLimitPerMinute: 100_000 });
    origin = await app.listen({ host: '127.0.0.1', port: 0 });
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    page.on('pageerror', (e) => problems.push(e.message));
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    built?.release();
  });

  it('reports a refused key in words on the Connect page', async () => {
    await page.goto(`${origin}/connect`);
    await page.getByLabel('API key', { exact: true }).fill('sl_wrong_key');
    await page.getByLabel('Property ids').fill(PROPERTY);
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('The API key was refused.');
    problems.length = 0; // the 401 above is logged by the browser on purpose
  });

  it('connects with a key and shows the same KPI figures as the API', async () => {
    await page.getByLabel('API key', { exact: true }).fill(key);
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.waitForURL(/\/traffic\?/);
    const expected = await summary(day(-29), day(0));
    expect(expected.page_views).toBeGreaterThan(0);
    await expect.poll(() => kpi('page_views').textContent()).toBe(en.format(expected.page_views));
    expect(await kpi('sessions').textContent()).toBe(en.format(expected.sessions));
    expect(await kpi('unique_visitors').textContent()).toBe(en.format(expected.unique_visitors));
    // Bounce rate is a rate: its change is in points, as on page detail and All properties (40% → 44% is "+4 pts").
    // It is against the 30 days before, the last of them up to the time of day the card names (issue 13 §1).
    const line = page.locator('[data-kpi=bounce_rate] .figure-change');
    await expect.poll(() => line.textContent()).toMatch(/ vs /);
    const compared = (await line.textContent())!.split(' vs ')[1];
    const before = await summary(day(-59), comparedEnd(day(-30), compared));
    const pts = Math.round((expected.bounce_rate - before.bounce_rate) * 1000) / 10;
    const ptsText = `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(pts)} pts vs ${compared}`;
    expect(await line.textContent()).toBe(ptsText);
    await expect.poll(() => page.getByTestId('trends-chart').getAttribute('data-points')).toBe('30');
    await expect.poll(() => page.locator('.data-table tbody tr').count()).toBeGreaterThan(2);
  });

  it('changes chart, figures and URL with the range preset, and a reload keeps the view', async () => {
    await page.getByLabel('Date range').selectOption('7d');
    await page.waitForURL(/range=7d/);
    const expected = await summary(day(-6), day(0));
    await expect.poll(() => page.getByTestId('trends-chart').getAttribute('data-points')).toBe('7');
    await expect.poll(() => kpi('page_views').textContent()).toBe(en.format(expected.page_views));

    await page.getByLabel('Show on chart').check();
    await page.waitForURL(/compare=true/);
    await expect.poll(() => page.locator('.recharts-line-curve[stroke-dasharray]').count()).toBe(2);

    const url = page.url();
    await page.reload();
    expect(page.url()).toBe(url);
    await expect.poll(() => kpi('page_views').textContent()).toBe(en.format(expected.page_views));
    expect(await page.getByLabel('Date range').inputValue()).toBe('7d');
    expect(await page.getByLabel('Show on chart').isChecked()).toBe(true);
    await expect.poll(() => page.locator('.recharts-line-curve[stroke-dasharray]').count()).toBe(2);
  });

  it('mounts the chart hidden under its skeleton while the trend loads, and shows that chart with the answer', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/traffic/trends?*', async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    const loading = page.getByTestId('trends-chart-loading');
    await expect.poll(() => page.locator('.chart-slot.loading > .skeleton').isVisible()).toBe(true);
    await expect.poll(() => loading.count()).toBe(1);
    expect(await loading.isHidden()).toBe(true); // laid out (recharts measures it) but not seen
    expect(await loading.getAttribute('data-points')).toBe('0');
    release();
    await expect.poll(() => page.getByTestId('trends-chart').getAttribute('data-points')).toBe('7');
    expect(await page.getByTestId('trends-chart').isVisible()).toBe(true);
    expect(await page.locator('.chart-slot .skeleton').count()).toBe(0);
    await page.unroute('**/traffic/trends?*');
  });

  it('says a custom range after today has nothing yet, instead of asking for a longer range (issue 13 §5)', async () => {
    const url = new URL(page.url());
    url.searchParams.set('range', 'custom');
    url.searchParams.set('from', day(3));
    url.searchParams.set('to', day(9));
    await page.goto(url.toString());
    const note = page.getByRole('alert').filter({ hasText: 'starts after today' });
    await expect.poll(() => note.count()).toBe(1);
    expect(await note.textContent()).toMatch(/nothing has been recorded in it yet\. Pick a start on or before today\./);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'traffic-future-range-desktop.png') });
    // The calendar offers no start after today.
    expect(await page.getByLabel('From', { exact: true }).getAttribute('max')).toBe(day(0));
    await page.getByLabel('From', { exact: true }).fill(day(-3));
    await expect.poll(() => note.count()).toBe(0);
    await page.getByLabel('Date range').selectOption('7d');
    await page.waitForURL(/range=7d/);
  });

  it('lets the breakdown tabs be driven from the keyboard', async () => {
    await page.getByRole('tab', { name: 'UTM' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByRole('tab', { name: 'Countries' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Countries');
  });

  it('has no serious accessibility violations, no console errors, and fits a phone', async () => {
    await page.waitForTimeout(300);
    await page.evaluate(() => window.scrollTo(0, 0)); // else the sticky header is drawn where the scroll left it
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'traffic-desktop.png'), fullPage: true });
    const { violations } = await axeOn(page).analyze();
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'traffic-dark.png'), fullPage: true });
    const dark = await axeOn(page).analyze();
    expect(dark.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual(
      [],
    );
    await page.emulateMedia({ colorScheme: 'light' });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(300);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'traffic-phone.png'), fullPage: true });
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'traffic-phone-top.png') });
    await page.locator('#breakdown-title').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'traffic-phone-breakdown.png') });
    expect(problems).toEqual([]);
  });

  it('in session mode explains how to sign in, then shows the admin property list after the link', async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    const fresh = await context.newPage();
    await fresh.goto(`${origin}/`);
    await fresh.waitForURL(/\/traffic/);
    await expect.poll(() => fresh.getByRole('heading', { level: 1 }).textContent()).toBe('Sign in to Sightline');
    // A new install has no accounts yet: the form still says where the printed link is.
    expect(await fresh.locator('main').textContent()).toContain('open the one-time link the server printed');
    await fresh.screenshot({ path: join(SCREENSHOT_DIR, 'traffic-signin.png') });

    await fresh.goto(signInLink(origin, await issueSignInToken(store)));
    await fresh.goto(`${origin}/traffic?property=blog`);
    await expect.poll(() => fresh.locator('.page-title').textContent()).toContain('Blog · Asia/Tokyo');
    const options = await fresh.getByLabel('Property').locator('option').allTextContents();
    expect(options).toEqual(expect.arrayContaining(['Acme Shop (acme-shop)', 'Blog (blog)']));
    await expect.poll(() => fresh.locator('.empty-title').first().textContent()).toBe('No page views in this range.');
    await fresh.screenshot({ path: join(SCREENSHOT_DIR, 'traffic-empty.png'), fullPage: true });
    await context.close();
  });
});

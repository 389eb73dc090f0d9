import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPageQuality, startDashboard, type Dashboard } from './support/dashboard-harness.js';

const SLOW = { timeout: 20_000 };
const en = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const SHOP_AND_DOCS = ['acme-shop', 'acme-docs'];

const todayIn = (tz: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );
const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
/** The default range (last 30 days) as the page resolves it in `tz`. */
const last30 = (tz: string) =>
  `start=${addDays(todayIn(tz), -29)}&end=${todayIn(tz)}&timezone=${encodeURIComponent(tz)}`;

type Summary = { page_views: number; sessions: number; unique_visitors: number };

// The multi-property view over the three demo properties: pick two, compare every headline figure
// with the aggregate API for the same query, keep the selection in the URL.
describe('dashboard: All properties (aggregate)', () => {
  let dash: Dashboard;
  let page: Page;
  const figure = (key: string) => page.locator(`[data-figure="${key}"] .figure-value`);
  const picks = () => page.getByRole('group', { name: 'Properties to add up' });
  const checkbox = (id: string) => picks().getByRole('checkbox', { name: new RegExp(`\\(${id}\\)`) });
  const aggregate = async <T = any>(report: string, ids: string[], query: string): Promise<T> => {
    const res = await fetch(`${dash.origin}/api/external/v1/properties/aggregate/${report}?${query}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${dash.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ propertyIds: ids }),
    });
    expect(res.status).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    dash = await startDashboard();
    page = dash.page;
    page.setDefaultTimeout(15_000);
  }, 300_000);
  afterAll(async () => dash?.close());

  it('adds up the two picked properties as the aggregate API does, in UTC, and keeps the pick in the URL', async () => {
    await page.goto(`${dash.origin}/aggregate`);
    await expect.poll(() => picks().getByRole('checkbox').count(), SLOW).toBe(3);
    for (const id of ['acme-shop', 'acme-docs', 'acme-blog']) expect(await checkbox(id).isChecked()).toBe(true);
    expect(await page.getByTestId('zone-note').textContent()).toMatch(/^Days and buckets in UTC/);
    const all = await aggregate<{ data: Summary }>(
      'traffic/summary',
      ['acme-shop', 'acme-docs', 'acme-blog'],
      last30('UTC'),
    );
    await expect.poll(() => figure('page_views').textContent(), SLOW).toBe(en.format(all.data.page_views));

    await checkbox('acme-blog').uncheck();
    await expect.poll(() => new URL(page.url()).searchParams.get('properties')).toBe('acme-shop,acme-docs');

    const two = await aggregate<{ data: Summary }>('traffic/summary', SHOP_AND_DOCS, last30('UTC'));
    // Page views and sessions add up across properties: the aggregate is the two single figures' sum.
    const shop = await dash.api<{ data: Summary }>(`/properties/acme-shop/traffic/summary?${last30('UTC')}`);
    const docs = await dash.api<{ data: Summary }>(`/properties/acme-docs/traffic/summary?${last30('UTC')}`);
    expect(two.data.page_views).toBe(shop.data.page_views + docs.data.page_views);
    expect(two.data.sessions).toBe(shop.data.sessions + docs.data.sessions);
    expect(two.data.page_views).toBeLessThan(all.data.page_views);

    await expect.poll(() => figure('page_views').textContent(), SLOW).toBe(en.format(two.data.page_views));
    expect(await figure('sessions').textContent()).toBe(en.format(two.data.sessions));
    expect(await figure('unique_visitors').textContent()).toBe(en.format(two.data.unique_visitors));
    expect(await page.locator('h1').textContent()).toBe('All properties · 2 of 3 selected');

    const trend = await aggregate<{ data: unknown[]; summary: { page_views: number } }>(
      'traffic/trends',
      SHOP_AND_DOCS,
      `${last30('UTC')}&granularity=day`,
    );
    expect(trend.data).toHaveLength(30);
    expect(trend.summary.page_views).toBe(two.data.page_views);
    expect(await page.getByTestId('aggregate-trend').getAttribute('data-points')).toBe('30');

    const clicks = await aggregate<{ summary: { total_clicks: number }; data: { target: string }[] }>(
      'clicks/breakdown',
      SHOP_AND_DOCS,
      `${last30('UTC')}&granularity=day`,
    );
    const forms = await aggregate<{ summary: { total_submissions: number } }>(
      'forms/breakdown',
      SHOP_AND_DOCS,
      `${last30('UTC')}&granularity=day`,
    );
    expect(clicks.summary.total_clicks).toBeGreaterThan(0);
    await expect
      .poll(() => page.locator('[data-total="total_clicks"] dd').textContent())
      .toBe(en.format(clicks.summary.total_clicks));
    expect(await page.locator('[data-total="total_submissions"] dd').textContent()).toBe(
      en.format(forms.summary.total_submissions),
    );
    expect(await page.locator('[data-testid="aggregate-clicks"] tbody tr').count()).toBe(clicks.data.length);

    // A reload (or a shared link) shows the same pick and the same figures.
    await page.reload();
    await expect.poll(() => figure('page_views').textContent(), SLOW).toBe(en.format(two.data.page_views));
    expect(await checkbox('acme-blog').isChecked()).toBe(false);
    expect(await checkbox('acme-shop').isChecked()).toBe(true);
    await checkPageQuality(page, 'aggregate');
  });

  it('reads another time zone from the header and says so', async () => {
    const tz = 'Asia/Tokyo';
    await page.getByRole('combobox', { name: /^Time zone/ }).selectOption(tz);
    await expect.poll(() => new URL(page.url()).searchParams.get('tz')).toBe(tz);
    expect(await page.getByTestId('zone-note').textContent()).toBe(
      `Days and buckets in ${tz}, the time zone chosen above.`,
    );
    const tokyo = await aggregate<{ data: Summary }>('traffic/summary', SHOP_AND_DOCS, last30(tz));
    await expect.poll(() => figure('page_views').textContent(), SLOW).toBe(en.format(tokyo.data.page_views));
    expect(new URL(page.url()).searchParams.get('properties')).toBe('acme-shop,acme-docs');
  });

  it('says what to do when nothing is picked', async () => {
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => page.locator('main').textContent()).toContain('No property picked.');
    expect(await page.locator('[data-figure]').count()).toBe(0);
    await page.reload();
    await expect.poll(() => page.locator('main').textContent(), SLOW).toContain('No property picked.');
    await page.getByRole('button', { name: 'Select all' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.has('properties')).toBe(false);
    expect(dash.problems).toEqual([]);
  });
});

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPageQuality, startDashboard, type Dashboard } from './support/dashboard-harness.js';
import {
  PROPERTY,
  en,
  pct,
  rate,
  SLOW,
  lastDays,
  tableRows,
  figure,
  header,
  element,
  pageCells,
  type PageRow,
} from './support/report-tables.js';

// The built dashboard over the demo data, signed in as the admin: the Clicks and Forms reports (totals,
// trend, top elements, grouping, range and comparison), the three reports' accessibility and phone
// fit, and one API request per read, each compared with what the API answers.
describe('dashboard: Clicks and Forms reports', () => {
  let dash: Dashboard;
  let page: Page;
  const api = <T = any>(report: string, query: string) => dash.api<T>(`/properties/${PROPERTY}/${report}?${query}`);

  beforeAll(async () => {
    dash = await startDashboard();
    page = dash.page;
  }, 300_000);
  afterAll(async () => dash?.close());

  it('shows click totals, trend and top elements as the API does, and opens a page from them', async () => {
    const expected = await api('clicks/breakdown', `${lastDays(30)}&granularity=day&limit=50`);
    expect(expected.summary.total_clicks).toBeGreaterThan(0);
    await page.goto(`${dash.origin}/clicks?property=${PROPERTY}`);
    await expect
      .poll(() => figure(page, 'total_clicks').textContent(), SLOW)
      .toBe(en.format(expected.summary.total_clicks));
    expect(await figure(page, 'total_unique_clicks').textContent()).toBe(
      en.format(expected.summary.total_unique_clicks),
    );
    await expect
      .poll(() => page.getByTestId('clicks-chart').getAttribute('data-points'))
      .toBe(String(expected.trend.length));
    const top = expected.data
      .slice(0, 5)
      .map((r: any) => [
        r.page,
        element(r),
        en.format(r.clicks),
        en.format(r.unique_clicks),
        rate(r.click_through_rate),
        pct.format(r.clicks / expected.summary.total_clicks),
      ]);
    await expect.poll(() => tableRows(page, 'click-targets', 5)).toEqual(top);

    // The first row's page opens that page's detail, whose clicks are the API's for that page.
    const first = expected.data[0].page as string;
    const onPage = await api(
      'clicks/details',
      `${lastDays(30)}&page=${encodeURIComponent(first)}&granularity=day&limit=50`,
    );
    await page.locator('[data-testid="click-targets"] tbody tr').first().getByRole('link').click();
    await page.waitForURL(/\/pages\/detail\?/);
    expect(new URL(page.url()).searchParams.get('path')).toBe(first);
    await expect
      .poll(() => tableRows(page, 'page-clicks'), SLOW)
      .toEqual(
        onPage.data.clicks.map((c: any) => [
          element(c),
          en.format(c.clicks),
          en.format(c.unique_clicks),
          rate(c.click_through_rate),
          pct.format(c.share),
        ]),
      );
  });

  it('shows form totals, trend and top forms as the API does', async () => {
    const expected = await api('forms/breakdown', `${lastDays(30)}&granularity=day&limit=50`);
    expect(expected.summary.total_submissions).toBeGreaterThan(0);
    await page.goto(`${dash.origin}/forms?property=${PROPERTY}`);
    await expect
      .poll(() => figure(page, 'total_submissions').textContent(), SLOW)
      .toBe(en.format(expected.summary.total_submissions));
    expect(await figure(page, 'total_unique_submissions').textContent()).toBe(
      en.format(expected.summary.total_unique_submissions),
    );
    await expect
      .poll(() => page.getByTestId('forms-chart').getAttribute('data-points'))
      .toBe(String(expected.trend.length));
    const top = expected.data
      .slice(0, 5)
      .map((r: any) => [
        r.page,
        element(r),
        en.format(r.submissions),
        en.format(r.unique_submissions),
        rate(r.submission_rate),
        pct.format(r.submissions / expected.summary.total_submissions),
      ]);
    await expect.poll(() => tableRows(page, 'top-forms', 5)).toEqual(top);
  });

  it('names elements by their label over their selector, and totals them over all pages with the toggle, kept in the URL', async () => {
    const perPage = await api('clicks/breakdown', `${lastDays(30)}&granularity=day&limit=50`);
    const grouped = await api('clicks/breakdown', `${lastDays(30)}&granularity=day&limit=50&group=element`);
    // The demo's elements carry labels; the same one on several pages is one row over all pages.
    const labelled = perPage.data.find((r: any) => r.label !== null);
    expect(labelled).toBeDefined();
    expect(grouped.data[0].clicks).toBeGreaterThanOrEqual(perPage.data[0].clicks);
    expect(grouped.data.every((r: any) => r.page === null)).toBe(true);
    expect(grouped.summary).toEqual(perPage.summary);

    await page.goto(`${dash.origin}/clicks?property=${PROPERTY}`);
    const first = page.locator('[data-testid="click-targets"] tbody tr').first();
    await expect.poll(() => first.locator('.element-label').textContent(), SLOW).toBe(perPage.data[0].label);
    expect(await first.locator('code.target').textContent()).toBe(perPage.data[0].target);
    await expect.poll(() => header(page, 'click-targets', 'Click-through rate').count()).toBe(1);

    const rows = page.getByRole('group', { name: 'Rows' });
    await rows.getByRole('button', { name: 'All pages' }).click();
    await page.waitForURL(/group=element/);
    expect(await rows.getByRole('button', { name: 'All pages' }).getAttribute('aria-pressed')).toBe('true');
    const all = grouped.data
      .slice(0, 5)
      .map((r: any) => [
        element(r),
        en.format(r.clicks),
        en.format(r.unique_clicks),
        rate(r.click_through_rate),
        pct.format(r.clicks / grouped.summary.total_clicks),
      ]);
    await expect.poll(() => tableRows(page, 'click-targets', 5), SLOW).toEqual(all);
    expect(await header(page, 'click-targets', 'Page').count()).toBe(0);
    // The figures above the table are the same whichever way the rows are grouped.
    expect(await figure(page, 'total_clicks').textContent()).toBe(en.format(perPage.summary.total_clicks));

    // A reload keeps the grouping; Per page brings the page column back.
    await page.reload();
    await expect.poll(() => tableRows(page, 'click-targets', 5), SLOW).toEqual(all);
    await rows.getByRole('button', { name: 'Per page' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('group')).toBeNull();
    await expect.poll(() => header(page, 'click-targets', 'Page').count(), SLOW).toBe(1);

    // Forms too, each form over the pages it was sent from.
    const forms = await api('forms/breakdown', `${lastDays(30)}&granularity=day&limit=50&group=element`);
    await page.goto(`${dash.origin}/forms?property=${PROPERTY}&group=element`);
    await expect
      .poll(() => tableRows(page, 'top-forms', 3), SLOW)
      .toEqual(
        forms.data
          .slice(0, 3)
          .map((r: any) => [
            element(r),
            en.format(r.submissions),
            en.format(r.unique_submissions),
            rate(r.submission_rate),
            pct.format(r.submissions / forms.summary.total_submissions),
          ]),
      );
    expect(dash.problems).toEqual([]);
    // Back to Forms per page, where the next test starts.
    await page.goto(`${dash.origin}/forms?property=${PROPERTY}`);
    await expect.poll(() => header(page, 'top-forms', 'Page').count(), SLOW).toBe(1);
  });

  it('changes the figures with the range preset, overlays the previous period, and a reload keeps the view', async () => {
    const [month, week] = await Promise.all([
      api('forms/breakdown', `${lastDays(30)}&granularity=day`),
      api('forms/breakdown', `${lastDays(7)}&granularity=day`),
    ]);
    expect(week.summary.total_submissions).not.toBe(month.summary.total_submissions);
    await page.getByLabel('Date range').selectOption('7d');
    await page.waitForURL(/range=7d/);
    await expect
      .poll(() => figure(page, 'total_submissions').textContent(), SLOW)
      .toBe(en.format(week.summary.total_submissions));
    await expect.poll(() => page.getByTestId('forms-chart').getAttribute('data-points')).toBe('7');
    await page.getByLabel('Show on chart').check();
    await page.waitForURL(/compare=true/);
    await expect
      .poll(() => page.locator('[data-testid="forms-chart"] .recharts-line-curve[stroke-dasharray]').count(), SLOW)
      .toBe(2);

    const url = page.url();
    await page.reload();
    expect(page.url()).toBe(url);
    await expect
      .poll(() => figure(page, 'total_submissions').textContent(), SLOW)
      .toBe(en.format(week.summary.total_submissions));
    expect(await page.getByLabel('Date range').inputValue()).toBe('7d');

    // The range travels with the nav link: Pages now shows the 7-day figures.
    const pages = (await api<{ data: PageRow[] }>('pages/breakdown', `${lastDays(7)}&limit=50`)).data;
    await page.getByRole('navigation', { name: 'Reports' }).getByRole('link', { name: 'Pages', exact: true }).click();
    await page.waitForURL(/\/pages\?.*range=7d/);
    await expect.poll(() => tableRows(page, 'pages-table', 3), SLOW).toEqual(pages.slice(0, 3).map(pageCells));
  });

  it('passes axe in light and dark, fits a phone, and logs no console errors', async () => {
    const views: [string, string, string][] = [
      ['pages', `/pages?property=${PROPERTY}`, 'pages-table'],
      ['page-detail', `/pages/detail?property=${PROPERTY}&path=${encodeURIComponent('/signup')}`, 'page-clicks'],
      ['clicks', `/clicks?property=${PROPERTY}&compare=true`, 'click-targets'],
      ['clicks-all-pages', `/clicks?property=${PROPERTY}&group=element`, 'click-targets'],
      ['forms', `/forms?property=${PROPERTY}`, 'top-forms'],
    ];
    for (const [name, path, ready] of views) {
      await page.goto(`${dash.origin}${path}`);
      await expect.poll(() => page.locator(`[data-testid="${ready}"] tbody tr`).count(), SLOW).toBeGreaterThan(0);
      await checkPageQuality(page, name);
    }
    expect(dash.problems).toEqual([]);
  }, 300_000); // five views, each checked by axe twice and pictured three times: over a minute on a loaded machine
  it('asks the API once per read when a report is opened cold: the route loader and the page share their queries', async () => {
    const asked: string[] = [];
    const record = (r: { url(): string }) => {
      const m = /\/properties\/[^/]+\/((?:pages|clicks|forms)\/(?:breakdown|details))\?.*start=([\d-]+)/.exec(r.url());
      if (m) asked.push(`${m[1]} ${m[2]}`);
    };
    page.on('request', record);
    for (const [path, expected] of [
      ['/pages', ['pages/breakdown']],
      ['/clicks', ['clicks/breakdown', 'clicks/breakdown']], // this period and the previous one
      ['/pages/detail?path=%2Fsignup&', ['pages/details', 'pages/details', 'clicks/details', 'forms/details']],
    ] as const) {
      asked.length = 0;
      await page.goto(`${dash.origin}${path}${path.endsWith('&') ? '' : '?'}property=${PROPERTY}`);
      await page.waitForLoadState('networkidle');
      expect(asked.map((a) => a.split(' ')[0]).sort(), path).toEqual([...expected].sort());
      expect(new Set(asked).size, `${path}: no read asked twice`).toBe(asked.length);
    }
    page.off('request', record);
    expect(dash.problems).toEqual([]);
  });
});

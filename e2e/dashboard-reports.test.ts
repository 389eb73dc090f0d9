import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addKey, insert } from '../src/server/test-support/fixtures.js';
import { checkPageQuality, startDashboard, type Dashboard } from './support/dashboard-harness.js';

const PROPERTY = 'acme-shop';
const TZ = 'America/New_York';
const en = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const pct = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });
/** A rate as the dashboard shows it: "—" where the API says it has no base (null). */
const rate = (r: number | null) => (r === null ? '—' : pct.format(r));
const SLOW = { timeout: 20_000 };

// The presets as the dashboard resolves them: the property's today and the days before it.
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const lastDays = (days: number) => `start=${addDays(today(), 1 - days)}&end=${today()}&timezone=${encodeURIComponent(TZ)}`;

/** The first `n` rows of a DataTable as the reader sees them, cell by cell. */
const tableRows = (page: Page, testId: string, n = 50) =>
  page
    .locator(`[data-testid="${testId}"] tbody tr`)
    .evaluateAll((trs, max) => trs.slice(0, max).map((tr) => Array.from((tr as HTMLTableRowElement).cells, (c) => (c.textContent ?? '').trim())), n);
const figure = (page: Page, key: string) => page.locator(`[data-figure="${key}"] .figure-value`);
const header = (page: Page, testId: string, label: string) => page.locator(`[data-testid="${testId}"] th`).filter({ hasText: label });

interface PageRow { path: string; page_views: number; unique_visitors: number; avg_scroll_depth: number | null; bounce_rate: number | null }
/** An element's cell as people read it: its label over its selector (the selector alone when it sent none). */
const element = (r: { label: string | null; target: string }) => `${r.label ?? ''}${r.target}`;
const pageCells = (r: PageRow) => [r.path, en.format(r.page_views), en.format(r.unique_visitors), rate(r.avg_scroll_depth), rate(r.bounce_rate)];
/** Rows by a rate, those without one last whichever way (issue 13 §3). */
const byRate = (rows: PageRow[], dir: 1 | -1) => [...rows].sort((a, b) => (a.bounce_rate === null ? 1 : 0) - (b.bounce_rate === null ? 1 : 0) || dir * ((a.bounce_rate ?? 0) - (b.bounce_rate ?? 0)));

// The built dashboard over the demo data, signed in as the admin: Pages (table, sorting, a page's
// detail), Clicks and Forms, each compared with what the API answers for the same query.
describe('dashboard: Pages, Clicks and Forms reports', () => {
  let dash: Dashboard;
  let page: Page;
  const api = <T = any>(report: string, query: string) => dash.api<T>(`/properties/${PROPERTY}/${report}?${query}`);

  beforeAll(async () => {
    dash = await startDashboard();
    page = dash.page;
  }, 300_000);
  afterAll(async () => dash?.close());

  it('lists the top pages with the API figures, and sorts by a column', async () => {
    const expected = (await api<{ data: PageRow[] }>('pages/breakdown', `${lastDays(30)}&limit=50`)).data;
    expect(expected.length).toBeGreaterThan(10);
    await page.goto(`${dash.origin}/pages?property=${PROPERTY}`);
    await expect.poll(() => tableRows(page, 'pages-table', 6), SLOW).toEqual(expected.slice(0, 6).map(pageCells));
    expect(await page.locator('[data-testid="pages-table"] tbody tr').count()).toBe(expected.length);
    expect(await header(page, 'pages-table', 'Page views').getAttribute('aria-sort')).toBe('descending');

    // Bounce rate, highest first, then lowest first: the order the API's figures give.
    const byBounce = byRate(expected, -1);
    expect(byBounce[0].path).not.toBe(expected[0].path);
    await header(page, 'pages-table', 'Bounce rate').getByRole('button').click();
    expect(await header(page, 'pages-table', 'Bounce rate').getAttribute('aria-sort')).toBe('descending');
    expect(await header(page, 'pages-table', 'Page views').getAttribute('aria-sort')).toBeNull();
    expect((await tableRows(page, 'pages-table')).map((r) => r[0])).toEqual(byBounce.map((r) => r.path));
    await header(page, 'pages-table', 'Bounce rate').getByRole('button').click();
    expect(await header(page, 'pages-table', 'Bounce rate').getAttribute('aria-sort')).toBe('ascending');
    const ascending = (await tableRows(page, 'pages-table')).map((r) => r[4]);
    expect(ascending[0]).toBe(pct.format(Math.min(...expected.flatMap((r) => (r.bounce_rate === null ? [] : [r.bounce_rate])))));

    // The order is part of the link: a reload (or a shared URL) opens the table sorted the same way.
    await page.waitForURL(/sort=bounce_rate\.asc/);
    await page.reload();
    await expect.poll(() => header(page, 'pages-table', 'Bounce rate').getAttribute('aria-sort'), SLOW).toBe('ascending');
    expect((await tableRows(page, 'pages-table')).map((r) => r[4])).toEqual(ascending);

    // From the keyboard: Enter on the Page header sorts by path, A to Z.
    await header(page, 'pages-table', 'Page').first().getByRole('button').focus();
    await page.keyboard.press('Enter');
    expect(await header(page, 'pages-table', 'Page').first().getAttribute('aria-sort')).toBe('ascending');
    expect((await tableRows(page, 'pages-table')).map((r) => r[0])).toEqual(expected.map((r) => r.path).sort((a, b) => a.localeCompare(b)));
  });

  it("opens a page's detail with its own figures, breakdowns, clicks and forms", async () => {
    const q = `${lastDays(30)}&page=${encodeURIComponent('/signup')}&limit=50`;
    const [details, clicks, forms] = await Promise.all([api('pages/details', q), api('clicks/details', `${q}&granularity=day`), api('forms/details', `${q}&granularity=day`)]);
    expect(clicks.data.clicks.length).toBeGreaterThan(1);
    expect(forms.data.forms.length).toBeGreaterThan(0);

    await page.getByRole('link', { name: '/signup', exact: true }).click();
    await page.waitForURL(/\/pages\/detail\?.*path=%2Fsignup/);
    await expect.poll(() => figure(page, 'page_views').textContent(), SLOW).toBe(en.format(details.data.page_views));
    expect(await figure(page, 'unique_visitors').textContent()).toBe(en.format(details.data.unique_visitors));
    expect(await figure(page, 'avg_scroll_depth').textContent()).toBe(rate(details.data.avg_scroll_depth));
    expect(await figure(page, 'bounce_rate').textContent()).toBe(rate(details.data.bounce_rate));
    const devices = details.data.devices.map((d: any) => [d.device, en.format(d.page_views), pct.format(d.share)]);
    await expect.poll(() => tableRows(page, 'page-devices')).toEqual(devices);

    const clickRows = clicks.data.clicks.map((c: any) => [element(c), en.format(c.clicks), en.format(c.unique_clicks), rate(c.click_through_rate), pct.format(c.share)]);
    await expect.poll(() => tableRows(page, 'page-clicks'), SLOW).toEqual(clickRows);
    expect(await page.getByTestId('page-clicks-total').textContent()).toContain(`${en.format(clicks.summary.total_clicks)} clicks`);
    const formRows = forms.data.forms.map((f: any) => [element(f), en.format(f.submissions), en.format(f.unique_submissions), rate(f.submission_rate), pct.format(f.share)]);
    await expect.poll(() => tableRows(page, 'page-forms')).toEqual(formRows);
    expect(await page.getByTestId('page-forms-total').textContent()).toContain(`${en.format(forms.summary.total_submissions)} submissions`);

    const experiment = new URL(await page.getByRole('link', { name: 'Create an experiment on this page' }).getAttribute('href') ?? '', dash.origin);
    expect(experiment.pathname).toBe('/experiments/new');
    expect(experiment.searchParams.get('page')).toBe('/signup');
    expect(experiment.searchParams.get('property')).toBe(PROPERTY);
  });

  it('shows no change of a rate against a period in which the page had no views', async () => {
    // The demo's test pages exist for three weeks only: the 30 days before had no view of them.
    const q = (start: string, end: string) => `start=${start}&end=${end}&timezone=${encodeURIComponent(TZ)}&page=${encodeURIComponent('/demo/pricing')}`;
    const before = await api('pages/details', q(addDays(today(), -59), addDays(today(), -30)));
    expect(before.data.page_views).toBe(0);
    await page.goto(`${dash.origin}/pages/detail?property=${PROPERTY}&path=${encodeURIComponent('/demo/pricing')}`);
    const change = (key: string) => page.locator(`[data-figure="${key}"] .figure-change`);
    await expect.poll(() => change('page_views').textContent(), SLOW).toContain('new');
    expect((await change('avg_scroll_depth').textContent())?.trim()).toBe('');
    expect((await change('bounce_rate').textContent())?.trim()).toBe('');
  });

  it('shows "—" for a page nobody entered on, and sorts it last whichever way (issue 13 §3)', async () => {
    const expected = (await api<{ data: PageRow[] }>('pages/breakdown', `${lastDays(30)}&limit=50`)).data;
    const unentered = expected.filter((r) => r.bounce_rate === null).map((r) => r.path);
    expect(unentered.length).toBeGreaterThan(0); // /features, /demo/, /contact on the demo: visitors arrive elsewhere
    const paths = (rows: string[][]) => rows.map((r) => r[0]);
    await page.goto(`${dash.origin}/pages?property=${PROPERTY}&sort=bounce_rate.asc`);
    await expect.poll(async () => paths(await tableRows(page, 'pages-table')), SLOW).toEqual(byRate(expected, 1).map((r) => r.path));
    const rows = await tableRows(page, 'pages-table');
    // Lowest first, and the pages without a bounce rate after every page with one, shown "—", not "0%".
    expect(rows.slice(-unentered.length).map((r) => [r[0], r[4]])).toEqual(byRate(expected, 1).slice(-unentered.length).map((r) => [r.path, '—']));
    expect(rows[0][4]).not.toBe('—');
    await header(page, 'pages-table', 'Bounce rate').getByRole('button').click();
    await page.waitForURL(/sort=bounce_rate\.desc/);
    expect(paths(await tableRows(page, 'pages-table'))).toEqual(byRate(expected, -1).map((r) => r.path));
    expect((await tableRows(page, 'pages-table')).slice(-unentered.length).every((r) => r[4] === '—')).toBe(true);
    await checkPageQuality(page, 'pages-no-base');
    expect(dash.problems).toEqual([]);
  });

  it('shows "—" and no change for a range without sessions, against a period with some (issue 13 §3)', async () => {
    // A property whose only visits were 10 days ago: one bounced, one went on (50%); the last 7 days have none.
    await dash.store.createProperty({ id: 'quiet-shop', name: 'Quiet Shop', domain: null, timezone: TZ });
    const at = `${addDays(today(), -10)}T16:00:00Z`;
    const visit = (id: string, path: string, minute: number) => ({ property_id: 'quiet-shop', visitor_id: `v-${id}`, session_id: id, type: 'pageview' as const, ts: at.replace(':00:00Z', `:${String(minute).padStart(2, '0')}:00Z`), path });
    await insert(dash.store, [visit('q1', '/', 0), visit('q2', '/', 1), visit('q2', '/pricing', 3)]);
    const { key } = await addKey(dash.store, ['quiet-shop']); // the demo key reads the demo's properties only
    const summary = async (days: string) =>
      (await fetch(`${dash.origin}/api/external/v1/properties/quiet-shop/traffic/summary?${days}`, { headers: { authorization: `Bearer ${key}` } })).json();
    expect((await summary(`start=${addDays(today(), -13)}&end=${addDays(today(), -7)}&timezone=${encodeURIComponent(TZ)}`)).data).toMatchObject({ sessions: 2, bounce_rate: 0.5 });
    expect((await summary(lastDays(7))).data).toMatchObject({ sessions: 0, bounce_rate: null, avg_session_duration: null });

    await page.goto(`${dash.origin}/traffic?property=quiet-shop&range=7d`);
    const kpi = (key: string) => page.locator(`[data-kpi=${key}]`);
    await expect.poll(() => kpi('sessions').locator('.kpi-value').textContent(), SLOW).toBe('0');
    // Before: "0%" and a green "−50 pts" (a fall in bounce rate nothing had caused).
    expect(await kpi('bounce_rate').locator('.kpi-value').textContent()).toBe('—');
    expect(await kpi('avg_session_duration').locator('.kpi-value').textContent()).toBe('—');
    await expect.poll(() => kpi('sessions').locator('.figure-change').textContent(), SLOW).toMatch(/100%/);
    for (const key of ['bounce_rate', 'avg_session_duration']) {
      const line = kpi(key).locator('.figure-change');
      expect((await line.textContent())?.trim(), key).toBe('');
      expect(await line.getAttribute('class'), key).not.toMatch(/good|bad/);
    }
    await checkPageQuality(page, 'traffic-no-base');
    expect(dash.problems).toEqual([]);
  });

  it('says how to pick a page when the link has no usable path', async () => {
    await page.goto(`${dash.origin}/pages/detail?property=${PROPERTY}&path=pricing`);
    await expect.poll(() => page.locator('.empty-title').textContent(), SLOW).toBe('No page chosen.');
    await page.getByRole('link', { name: 'Pages report' }).click();
    await page.waitForURL(/\/pages\?/);
    expect(new URL(page.url()).searchParams.get('property')).toBe(PROPERTY);

    // A well-formed path nobody visited: a sentence on what to check instead of four zeros.
    await page.goto(`${dash.origin}/pages/detail?property=${PROPERTY}&path=${encodeURIComponent('/no-such-page')}`);
    await expect.poll(() => page.locator('.empty-title').first().textContent(), SLOW).toBe('No views of /no-such-page in this range.');
    expect(await page.locator('[data-figure]').count()).toBe(0);
  });

  it('shows click totals, trend and top elements as the API does, and opens a page from them', async () => {
    const expected = await api('clicks/breakdown', `${lastDays(30)}&granularity=day&limit=50`);
    expect(expected.summary.total_clicks).toBeGreaterThan(0);
    await page.goto(`${dash.origin}/clicks?property=${PROPERTY}`);
    await expect.poll(() => figure(page, 'total_clicks').textContent(), SLOW).toBe(en.format(expected.summary.total_clicks));
    expect(await figure(page, 'total_unique_clicks').textContent()).toBe(en.format(expected.summary.total_unique_clicks));
    await expect.poll(() => page.getByTestId('clicks-chart').getAttribute('data-points')).toBe(String(expected.trend.length));
    const top = expected.data
      .slice(0, 5)
      .map((r: any) => [r.page, element(r), en.format(r.clicks), en.format(r.unique_clicks), rate(r.click_through_rate), pct.format(r.clicks / expected.summary.total_clicks)]);
    await expect.poll(() => tableRows(page, 'click-targets', 5)).toEqual(top);

    // The first row's page opens that page's detail, whose clicks are the API's for that page.
    const first = expected.data[0].page as string;
    const onPage = await api('clicks/details', `${lastDays(30)}&page=${encodeURIComponent(first)}&granularity=day&limit=50`);
    await page.locator('[data-testid="click-targets"] tbody tr').first().getByRole('link').click();
    await page.waitForURL(/\/pages\/detail\?/);
    expect(new URL(page.url()).searchParams.get('path')).toBe(first);
    await expect
      .poll(() => tableRows(page, 'page-clicks'), SLOW)
      .toEqual(onPage.data.clicks.map((c: any) => [element(c), en.format(c.clicks), en.format(c.unique_clicks), rate(c.click_through_rate), pct.format(c.share)]));
  });

  it('shows form totals, trend and top forms as the API does', async () => {
    const expected = await api('forms/breakdown', `${lastDays(30)}&granularity=day&limit=50`);
    expect(expected.summary.total_submissions).toBeGreaterThan(0);
    await page.goto(`${dash.origin}/forms?property=${PROPERTY}`);
    await expect.poll(() => figure(page, 'total_submissions').textContent(), SLOW).toBe(en.format(expected.summary.total_submissions));
    expect(await figure(page, 'total_unique_submissions').textContent()).toBe(en.format(expected.summary.total_unique_submissions));
    await expect.poll(() => page.getByTestId('forms-chart').getAttribute('data-points')).toBe(String(expected.trend.length));
    const top = expected.data
      .slice(0, 5)
      .map((r: any) => [r.page, element(r), en.format(r.submissions), en.format(r.unique_submissions), rate(r.submission_rate), pct.format(r.submissions / expected.summary.total_submissions)]);
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
      .map((r: any) => [element(r), en.format(r.clicks), en.format(r.unique_clicks), rate(r.click_through_rate), pct.format(r.clicks / grouped.summary.total_clicks)]);
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
          .map((r: any) => [element(r), en.format(r.submissions), en.format(r.unique_submissions), rate(r.submission_rate), pct.format(r.submissions / forms.summary.total_submissions)]),
      );
    expect(dash.problems).toEqual([]);
    // Back to Forms per page, where the next test starts.
    await page.goto(`${dash.origin}/forms?property=${PROPERTY}`);
    await expect.poll(() => header(page, 'top-forms', 'Page').count(), SLOW).toBe(1);
  });

  it('changes the figures with the range preset, overlays the previous period, and a reload keeps the view', async () => {
    const [month, week] = await Promise.all([api('forms/breakdown', `${lastDays(30)}&granularity=day`), api('forms/breakdown', `${lastDays(7)}&granularity=day`)]);
    expect(week.summary.total_submissions).not.toBe(month.summary.total_submissions);
    await page.getByLabel('Date range').selectOption('7d');
    await page.waitForURL(/range=7d/);
    await expect.poll(() => figure(page, 'total_submissions').textContent(), SLOW).toBe(en.format(week.summary.total_submissions));
    await expect.poll(() => page.getByTestId('forms-chart').getAttribute('data-points')).toBe('7');
    await page.getByLabel('Show on chart').check();
    await page.waitForURL(/compare=true/);
    await expect.poll(() => page.locator('[data-testid="forms-chart"] .recharts-line-curve[stroke-dasharray]').count(), SLOW).toBe(2);

    const url = page.url();
    await page.reload();
    expect(page.url()).toBe(url);
    await expect.poll(() => figure(page, 'total_submissions').textContent(), SLOW).toBe(en.format(week.summary.total_submissions));
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

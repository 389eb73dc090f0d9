import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addKey, insert } from '../src/server/test-support/fixtures.js';
import { checkPageQuality, startDashboard, type Dashboard } from './support/dashboard-harness.js';
import {
  PROPERTY,
  TZ,
  en,
  pct,
  rate,
  SLOW,
  today,
  addDays,
  lastDays,
  tableRows,
  figure,
  header,
  element,
  pageCells,
  byRate,
  type PageRow,
} from './support/report-tables.js';

// The built dashboard over the demo data, signed in as the admin: the Pages table (figures, sorting in
// the URL, rates without a base) and a page's detail, each compared with what the API answers.
describe('dashboard: Pages report', () => {
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
    expect(ascending[0]).toBe(
      pct.format(Math.min(...expected.flatMap((r) => (r.bounce_rate === null ? [] : [r.bounce_rate])))),
    );

    // The order is part of the link: a reload (or a shared URL) opens the table sorted the same way.
    await page.waitForURL(/sort=bounce_rate\.asc/);
    await page.reload();
    await expect
      .poll(() => header(page, 'pages-table', 'Bounce rate').getAttribute('aria-sort'), SLOW)
      .toBe('ascending');
    expect((await tableRows(page, 'pages-table')).map((r) => r[4])).toEqual(ascending);

    // From the keyboard: Enter on the Page header sorts by path, A to Z.
    await header(page, 'pages-table', 'Page').first().getByRole('button').focus();
    await page.keyboard.press('Enter');
    expect(await header(page, 'pages-table', 'Page').first().getAttribute('aria-sort')).toBe('ascending');
    expect((await tableRows(page, 'pages-table')).map((r) => r[0])).toEqual(
      expected.map((r) => r.path).sort((a, b) => a.localeCompare(b)),
    );
  });

  it("opens a page's detail with its own figures, breakdowns, clicks and forms", async () => {
    const q = `${lastDays(30)}&page=${encodeURIComponent('/signup')}&limit=50`;
    const [details, clicks, forms] = await Promise.all([
      api('pages/details', q),
      api('clicks/details', `${q}&granularity=day`),
      api('forms/details', `${q}&granularity=day`),
    ]);
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

    const clickRows = clicks.data.clicks.map((c: any) => [
      element(c),
      en.format(c.clicks),
      en.format(c.unique_clicks),
      rate(c.click_through_rate),
      pct.format(c.share),
    ]);
    await expect.poll(() => tableRows(page, 'page-clicks'), SLOW).toEqual(clickRows);
    expect(await page.getByTestId('page-clicks-total').textContent()).toContain(
      `${en.format(clicks.summary.total_clicks)} clicks`,
    );
    const formRows = forms.data.forms.map((f: any) => [
      element(f),
      en.format(f.submissions),
      en.format(f.unique_submissions),
      rate(f.submission_rate),
      pct.format(f.share),
    ]);
    await expect.poll(() => tableRows(page, 'page-forms')).toEqual(formRows);
    expect(await page.getByTestId('page-forms-total').textContent()).toContain(
      `${en.format(forms.summary.total_submissions)} submissions`,
    );

    const experiment = new URL(
      (await page.getByRole('link', { name: 'Create an experiment on this page' }).getAttribute('href')) ?? '',
      dash.origin,
    );
    expect(experiment.pathname).toBe('/experiments/new');
    expect(experiment.searchParams.get('page')).toBe('/signup');
    expect(experiment.searchParams.get('property')).toBe(PROPERTY);
  });

  it('shows no change of a rate against a period in which the page had no views', async () => {
    // The demo's test pages exist for three weeks only: the 30 days before had no view of them.
    const q = (start: string, end: string) =>
      `start=${start}&end=${end}&timezone=${encodeURIComponent(TZ)}&page=${encodeURIComponent('/demo/pricing')}`;
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
    await expect
      .poll(async () => paths(await tableRows(page, 'pages-table')), SLOW)
      .toEqual(byRate(expected, 1).map((r) => r.path));
    const rows = await tableRows(page, 'pages-table');
    // Lowest first, and the pages without a bounce rate after every page with one, shown "—", not "0%".
    expect(rows.slice(-unentered.length).map((r) => [r[0], r[4]])).toEqual(
      byRate(expected, 1)
        .slice(-unentered.length)
        .map((r) => [r.path, '—']),
    );
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
    const visit = (id: string, path: string, minute: number) => ({
      property_id: 'quiet-shop',
      visitor_id: `v-${id}`,
      session_id: id,
      type: 'pageview' as const,
      ts: at.replace(':00:00Z', `:${String(minute).padStart(2, '0')}:00Z`),
      path,
    });
    await insert(dash.store, [visit('q1', '/', 0), visit('q2', '/', 1), visit('q2', '/pricing', 3)]);
    const { key } = await addKey(dash.store, ['quiet-shop']); // the demo key reads the demo's properties only
    const summary = async (days: string) =>
      (
        await fetch(`${dash.origin}/api/external/v1/properties/quiet-shop/traffic/summary?${days}`, {
          headers: { authorization: `Bearer ${key}` },
        })
      ).json();
    expect(
      (await summary(`start=${addDays(today(), -13)}&end=${addDays(today(), -7)}&timezone=${encodeURIComponent(TZ)}`))
        .data,
    ).toMatchObject({ sessions: 2, bounce_rate: 0.5 });
    expect((await summary(lastDays(7))).data).toMatchObject({
      sessions: 0,
      bounce_rate: null,
      avg_session_duration: null,
    });

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
    await expect
      .poll(() => page.locator('.empty-title').first().textContent(), SLOW)
      .toBe('No views of /no-such-page in this range.');
    expect(await page.locator('[data-figure]').count()).toBe(0);
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { encodeFilters, type Filter } from '../src/contract/filters.js';
import { toCsv } from '../src/app/components/csv-button.js';
import { campaignLabel, countryName, orNone, referrerLabel } from '../src/app/lib/dimension-labels.js';
import { formatDuration } from '../src/app/lib/format.js';
import {
  checkPageQuality,
  screenshotOnFailure,
  SCREENSHOT_DIR,
  startDashboard,
  type Dashboard,
} from './support/dashboard-harness.js';
import { comparedEnd } from './support/compared-period.js';

const PROPERTY = 'acme-shop';
const TZ = 'America/New_York';
const SLOW = { timeout: 20_000 };
const en = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const pct = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });
const signed = new Intl.NumberFormat('en-US', {
  style: 'percent',
  maximumFractionDigits: 1,
  signDisplay: 'exceptZero',
});

// The dashboard's default range: the property's last 30 days, and the 30 before for the changes.
const today = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );
const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const range = (days: number, back = 0, end = addDays(today(), -back)) =>
  `start=${addDays(today(), 1 - days - back)}&end=${end}&timezone=${encodeURIComponent(TZ)}`;

const GOOGLE: Filter = { op: 'is', dimension: 'referrer', values: ['google.com'] };
const withFilters = (query: string, filters: Filter[]) =>
  filters.length ? `${query}&filters=${encodeURIComponent(encodeFilters(filters))}` : query;

/** Every figure the Traffic page shows, as the API answers them for one segment. */
async function trafficFigures(dash: Dashboard, filters: Filter[], days = 30) {
  const get = (report: string, extra = '', back = 0) =>
    dash.api(`/properties/${PROPERTY}/traffic/${report}?${withFilters(`${range(days, back)}${extra}`, filters)}`);
  // The days before, the last of them up to the time of day the cards name (issue 13 §1), asked once the page says it.
  const previous = async (compared: string) =>
    (
      await dash.api(
        `/properties/${PROPERTY}/traffic/summary?${withFilters(range(days, days, comparedEnd(addDays(today(), -days), compared)), filters)}`,
      )
    ).data;
  const [summary, trends, breakdown, map, entryExit] = await Promise.all([
    get('summary'),
    get('trends', '&granularity=day'),
    get('breakdown', '&limit=10'),
    get('breakdown', '&limit=50'),
    dash.api(`/properties/${PROPERTY}/traffic/entry-exit-pages?${withFilters(`${range(days)}&limit=10`, filters)}`),
  ]);
  return {
    summary: summary.data,
    previous,
    trends: trends.data,
    breakdown: breakdown.data,
    map: map.data.countries,
    entryExit: entryExit.data,
  };
}
type Figures = Awaited<ReturnType<typeof trafficFigures>>;

const rowsOf = (page: Page, selector: string) =>
  page
    .locator(`${selector} tbody tr`)
    .evaluateAll((trs) =>
      trs.map((tr) => Array.from((tr as HTMLTableRowElement).cells, (c) => (c.textContent ?? '').trim())),
    );
const kpi = (page: Page, key: string) => page.locator(`[data-kpi=${key}] .kpi-value`);
const chips = (page: Page) => page.getByRole('list', { name: 'Active filters' }).locator('li > span').allTextContents();

const TABS: [tab: string, key: string, label: (r: any) => string][] = [
  ['UTM', 'utm', campaignLabel],
  ['Countries', 'countries', (r) => countryName(r.country)],
  ['Devices', 'devices', (r) => orNone(r.device)],
  ['Browsers', 'browsers', (r) => orNone(r.browser)],
  ['OS', 'operating_systems', (r) => orNone(r.os)],
  ['Landing pages', 'landing_pages', (r) => r.path],
  ['Referrers', 'referrers', (r) => referrerLabel(r.referrer)],
];

/** A breakdown tab's rows as the page shows them, from the API's rows. */
const tabRows = (want: Figures, key: string, label: (r: any) => string) =>
  (want.breakdown as any)[key].map((r: any) => [
    label(r),
    en.format(r.sessions),
    en.format(r.page_views),
    pct.format(r.share),
  ]);

/** Cards, their changes, the chart (through its CSV), every breakdown tab, entry and exit pages and the map, all as the API says. */
async function expectTrafficToShow(page: Page, want: Figures) {
  const s = want.summary;
  await expect.poll(() => kpi(page, 'sessions').textContent(), SLOW).toBe(en.format(s.sessions));
  expect(await kpi(page, 'page_views').textContent()).toBe(en.format(s.page_views));
  expect(await kpi(page, 'unique_visitors').textContent()).toBe(en.format(s.unique_visitors));
  expect(await kpi(page, 'bounce_rate').textContent()).toBe(pct.format(s.bounce_rate));
  expect(await kpi(page, 'avg_session_duration').textContent()).toBe(formatDuration(s.avg_session_duration));
  // The change is against the same segment in the compared period.
  const line = page.locator('[data-kpi=sessions] .figure-change');
  await expect.poll(() => line.textContent(), SLOW).toMatch(/ vs /);
  const compared = (await line.textContent())!.split(' vs ')[1];
  const before = await want.previous(compared);
  const change = (s.sessions - before.sessions) / before.sessions;
  expect(await line.textContent()).toBe(`${signed.format(change)} vs ${compared}`);

  await expect
    .poll(() => page.getByTestId('trends-chart').getAttribute('data-points'), SLOW)
    .toBe(String(want.trends.length));
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the trend as CSV' }).click();
  expect(readFileSync(await (await download).path(), 'utf8')).toBe(toCsv(want.trends));

  for (const [tab, key, label] of TABS) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    await expect.poll(() => rowsOf(page, '#breakdown-panel'), SLOW).toEqual(tabRows(want, key, label));
  }
  const paths = (list: any[]) => list.map((r) => [r.path, en.format(r.sessions), pct.format(r.share)]);
  expect(await rowsOf(page, 'section[aria-labelledby="entry-title"]')).toEqual(paths(want.entryExit.entry_pages));
  expect(await rowsOf(page, 'section[aria-labelledby="exit-title"]')).toEqual(paths(want.entryExit.exit_pages));

  const onMap = await page
    .locator('[data-testid="country-map"] path[data-sessions]:not([data-sessions="0"])')
    .evaluateAll((ps) =>
      Object.fromEntries(ps.map((p) => [p.getAttribute('data-country'), Number(p.getAttribute('data-sessions'))])),
    );
  const drawable = want.map.filter((r: any) => r.country !== 'unknown' && onMap[r.country] !== undefined);
  expect(onMap).toEqual(Object.fromEntries(drawable.map((r: any) => [r.country, r.sessions])));
}

// The built dashboard over the demo data, signed in as the admin: a marketer narrows Traffic to one
// segment by clicking, and every figure on the page follows the API for that segment.
describe('dashboard: filters', () => {
  let dash: Dashboard;
  let page: Page;
  let unfiltered: Figures;

  beforeAll(async () => {
    dash = await startDashboard();
    page = dash.page;
    unfiltered = await trafficFigures(dash, []);
  }, 300_000);
  afterAll(async () => dash?.close());
  afterEach(screenshotOnFailure(() => page, 'filters'));

  it('clicking a referrer narrows every card, the chart and every table to that segment, as the API does', async () => {
    await page.goto(`${dash.origin}/traffic?property=${PROPERTY}`);
    await expect.poll(() => kpi(page, 'sessions').textContent(), SLOW).toBe(en.format(unfiltered.summary.sessions));
    expect(await page.getByText('All visits.', { exact: false }).count()).toBe(1);

    // Every report read after the click carries the filter: this period, the previous one, realtime.
    // The page reads its tables after its cards (headline first): those unfiltered reads, and a
    // realtime poll, may still go out before the click, so only requests made from the click on count.
    await page.locator('#breakdown-panel tbody tr').first().waitFor({ timeout: SLOW.timeout });
    const asked: string[] = [];
    let clicked = false;
    const record = (r: Request) =>
      clicked && /\/api\/external\/v1\/properties\/[^/]+\/(traffic|pages)\//.test(r.url()) && asked.push(r.url());
    page.on('request', record);
    await page.getByRole('tab', { name: 'Referrers' }).click();
    const googleRow = page.locator('#breakdown-panel').getByRole('link', { name: 'google.com', exact: true });
    await googleRow.waitFor({ timeout: SLOW.timeout });
    clicked = true;
    await googleRow.click();
    await page.waitForURL(/filters=/);
    expect(await chips(page)).toEqual(['Referrer is google.com']);

    const google = await trafficFigures(dash, [GOOGLE]);
    expect(google.summary.sessions).toBeGreaterThan(0);
    expect(google.summary.sessions).toBeLessThan(unfiltered.summary.sessions);
    await expectTrafficToShow(page, google);
    page.off('request', record);
    expect(asked.length).toBeGreaterThanOrEqual(6);
    for (const url of asked) expect(new URL(url).searchParams.get('filters'), url).toBe(encodeFilters([GOOGLE]));

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'filters-traffic-google.png'), fullPage: true });
  });

  it('keeps the filter on reload, then removing the chip brings the totals back', async () => {
    await page.reload();
    await expect.poll(() => chips(page), SLOW).toEqual(['Referrer is google.com']);
    const google = await trafficFigures(dash, [GOOGLE]);
    await expect.poll(() => kpi(page, 'sessions').textContent(), SLOW).toBe(en.format(google.summary.sessions));

    await page.getByRole('button', { name: 'Remove filter: Referrer is google.com' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.has('filters')).toBe(false);
    await expect.poll(() => kpi(page, 'sessions').textContent(), SLOW).toBe(en.format(unfiltered.summary.sessions));
    expect(await kpi(page, 'page_views').textContent()).toBe(en.format(unfiltered.summary.page_views));
    expect(await page.getByRole('list', { name: 'Active filters' }).count()).toBe(0);
  });

  it('keeps the filter through a range change and onto the other reports', async () => {
    await page.getByRole('tab', { name: 'Referrers' }).click();
    // The unfiltered rows first: until they replace the segment's, google.com is the only row.
    await expect
      .poll(() => rowsOf(page, '#breakdown-panel'), SLOW)
      .toEqual(tabRows(unfiltered, 'referrers', (r) => referrerLabel(r.referrer)));
    // From the keyboard: the row's link takes Enter.
    await page.locator('#breakdown-panel').getByRole('link', { name: 'google.com', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/filters=/);

    await page.getByLabel('Date range').selectOption('7d');
    await page.waitForURL(/range=7d/);
    expect(await chips(page)).toEqual(['Referrer is google.com']);
    const week = await trafficFigures(dash, [GOOGLE], 7);
    await expect.poll(() => kpi(page, 'sessions').textContent(), SLOW).toBe(en.format(week.summary.sessions));

    const pages = await dash.api(
      `/properties/${PROPERTY}/pages/breakdown?${withFilters(`${range(7)}&limit=50`, [GOOGLE])}`,
    );
    await page.getByRole('navigation', { name: 'Reports' }).getByRole('link', { name: 'Pages', exact: true }).click();
    await page.waitForURL(/\/pages\?.*filters=/);
    expect(await chips(page)).toEqual(['Referrer is google.com']);
    await expect
      .poll(async () => (await rowsOf(page, '[data-testid="pages-table"]')).map((r) => [r[0], r[1]]), SLOW)
      .toEqual(pages.data.map((r: any) => [r.path, en.format(r.page_views)]));

    // A page row's filter button adds a page filter beside the referrer one.
    const first = pages.data[0].path as string;
    await page.getByRole('button', { name: `Show only: Page is ${first}` }).click();
    await expect.poll(() => chips(page), SLOW).toEqual(['Referrer is google.com', `Page is ${first}`]);

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.has('filters')).toBe(false);
    expect(new URL(page.url()).searchParams.get('range')).toBe('7d');
  });

  it('filters by a typed filter, and by an unknown value as null', async () => {
    await page.goto(`${dash.origin}/traffic?property=${PROPERTY}`);
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByLabel('Filter by').selectOption('page');
    await page.getByLabel('Condition').selectOption('contains');
    await page.getByLabel('Value').fill('/blog');
    await page.getByRole('button', { name: 'Apply filter' }).click();
    await expect.poll(() => chips(page), SLOW).toEqual(['Page contains /blog']);
    const blog = await dash.api(
      `/properties/${PROPERTY}/traffic/summary?${withFilters(range(30), [{ op: 'contains', dimension: 'page', values: ['/blog'] }])}`,
    );
    await expect.poll(() => kpi(page, 'page_views').textContent(), SLOW).toBe(en.format(blog.data.page_views));

    // The same filter again is refused in words instead of doubling the chip.
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByLabel('Value').fill('/BLOG');
    await page.getByRole('button', { name: 'Apply filter' }).click();
    await expect.poll(() => page.locator('#filter-value-error').textContent()).toBe('That filter is already on.');
    await page.getByRole('button', { name: 'Cancel' }).click();

    // A direct visit has no referrer: its row is "(direct)" and filters by null.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByRole('tab', { name: 'Referrers' }).click();
    await page.locator('#breakdown-panel').getByRole('link', { name: '(direct)', exact: true }).click();
    await expect.poll(() => chips(page), SLOW).toEqual(['Referrer is (direct)']);
    expect(JSON.parse(new URL(page.url()).searchParams.get('filters') ?? '')).toEqual([['is', 'referrer', [null]]]);
    const direct = await dash.api(
      `/properties/${PROPERTY}/traffic/summary?${withFilters(range(30), [{ op: 'is', dimension: 'referrer', values: [null] }])}`,
    );
    await expect.poll(() => kpi(page, 'sessions').textContent(), SLOW).toBe(en.format(direct.data.sessions));
    await page.getByRole('button', { name: 'Clear filters' }).click();
  });

  it('draws the map with a legend, names a country on hover, and filters by it on a click', async () => {
    await page.goto(`${dash.origin}/traffic?property=${PROPERTY}`);
    const map = page.getByTestId('country-map');
    await expect.poll(() => map.locator('path').count(), SLOW).toBeGreaterThan(150);
    const us = unfiltered.map.find((r: any) => r.country === 'US');
    expect(us.sessions).toBeGreaterThan(0);
    await expect
      .poll(() => map.locator('path[data-country="US"]').getAttribute('data-sessions'))
      .toBe(String(us.sessions));
    expect(
      await page.getByRole('list', { name: 'Sessions per country, by colour' }).getByRole('listitem').count(),
    ).toBeGreaterThan(2);

    await map.locator('path[data-country="US"]').hover();
    await expect
      .poll(() => page.getByTestId('map-tooltip').textContent())
      .toBe(`United States${en.format(us.sessions)} sessions`);
    await page.locator('#map-title').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'filters-map-hover.png') });

    await map.locator('path[data-country="US"]').click();
    await expect.poll(() => chips(page), SLOW).toEqual(['Country is United States']);
    expect(JSON.parse(new URL(page.url()).searchParams.get('filters') ?? '')).toEqual([['is', 'country', ['US']]]);
    const inUs = await trafficFigures(dash, [{ op: 'is', dimension: 'country', values: ['US'] }]);
    await expect.poll(() => kpi(page, 'sessions').textContent(), SLOW).toBe(en.format(inUs.summary.sessions));
    // Clicking the same country again changes nothing.
    await map.locator('path[data-country="US"]').click();
    expect(await chips(page)).toEqual(['Country is United States']);
  });

  it('sends the segment from every other report, and shows its figures', async () => {
    const filters = [GOOGLE];
    const link = (path: string) =>
      `${dash.origin}${path}${path.includes('?') ? '&' : '?'}property=${PROPERTY}&filters=${encodeURIComponent(encodeFilters(filters))}`;
    const get = (report: string, extra: string) =>
      dash.api(`/properties/${PROPERTY}/${report}?${withFilters(`${range(30)}${extra}`, filters)}`);
    const shown = (key: string) => page.locator(`[data-figure="${key}"] .figure-value`).textContent();
    const asked: string[] = [];
    const record = (r: Request) =>
      /\/api\/external\/v1\/properties\/[^/]+\/(traffic|pages|clicks|forms|funnels)\b/.test(r.url()) &&
      asked.push(r.url());
    page.on('request', record);

    const clicks = await get('clicks/breakdown', '&granularity=day&limit=50');
    await page.goto(link('/clicks'));
    await expect.poll(() => shown('total_clicks'), SLOW).toBe(en.format(clicks.summary.total_clicks));
    const forms = await get('forms/breakdown', '&granularity=day&limit=50');
    await page.goto(link('/forms'));
    await expect.poll(() => shown('total_submissions'), SLOW).toBe(en.format(forms.summary.total_submissions));
    const pricing = await get('pages/details', `&page=${encodeURIComponent('/pricing')}&limit=50`);
    await page.goto(link(`/pages/detail?path=${encodeURIComponent('/pricing')}`));
    await expect.poll(() => shown('page_views'), SLOW).toBe(en.format(pricing.data.page_views));

    const steps = ['/', '/pricing'];
    const funnel = await get(
      'funnels',
      `&steps=${encodeURIComponent(JSON.stringify(steps.map((p) => ({ page: p }))))}&mode=unbounded`,
    );
    await page.goto(link(`/funnels?steps=${encodeURIComponent(JSON.stringify(steps))}`));
    await expect
      .poll(() => page.locator('[data-testid=funnel-bars] .funnel-sessions').allTextContents(), SLOW)
      .toEqual(funnel.data.steps.map((s: any) => en.format(s.sessions)));

    // All properties: the aggregate API (POST) with the same filters, over the three demo properties in UTC.
    const utc = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'UTC',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(new Date());
    const res = await fetch(
      `${dash.origin}/api/external/v1/properties/aggregate/traffic/summary?${withFilters(`start=${addDays(utc, -29)}&end=${utc}&timezone=UTC`, filters)}`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${dash.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ propertyIds: ['acme-shop', 'acme-docs', 'acme-blog'] }),
      },
    );
    const all = await res.json();
    await page.goto(link('/aggregate'));
    await expect.poll(() => shown('page_views'), SLOW).toBe(en.format(all.data.page_views));
    expect(await chips(page)).toEqual(['Referrer is google.com']);

    page.off('request', record);
    expect(asked.length).toBeGreaterThan(10);
    for (const url of asked) expect(new URL(url).searchParams.get('filters'), url).toBe(encodeFilters(filters));
  });

  it('treats a damaged filters parameter as no filters, keeping the rest of the link', async () => {
    await page.goto(
      `${dash.origin}/traffic?property=${PROPERTY}&range=7d&filters=${encodeURIComponent('[["is","city",["Paris"]]]')}`,
    );
    const week = await trafficFigures(dash, [], 7);
    await expect.poll(() => kpi(page, 'sessions').textContent(), SLOW).toBe(en.format(week.summary.sessions));
    expect(await page.getByRole('list', { name: 'Active filters' }).count()).toBe(0);
    expect(dash.problems).toEqual([]);
  });

  it('passes axe with filters on, in light and dark, and fits a phone', async () => {
    await page.goto(
      `${dash.origin}/traffic?property=${PROPERTY}&filters=${encodeURIComponent(encodeFilters([GOOGLE, { op: 'is_not', dimension: 'country', values: ['US'] }]))}`,
    );
    await expect.poll(() => page.getByTestId('country-map').locator('path').count(), SLOW).toBeGreaterThan(150);
    await page.getByRole('button', { name: 'Add filter' }).click();
    await checkPageQuality(page, 'filters-traffic');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('#map-title').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'filters-map-phone.png') });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'filters-top-phone.png') });
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(dash.problems).toEqual([]);
  });
});

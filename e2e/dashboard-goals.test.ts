import { join } from 'node:path';
import type { Locator, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { encodeFilters, filterDimensions, type Filter } from '../src/contract/filters.js';
import { addDays, todayIn } from '../src/app/lib/date-range.js';
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
const points = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1, signDisplay: 'exceptZero' });
const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);
const GOOGLE: Filter = { op: 'is', dimension: 'referrer', values: ['google.com'] };

interface GoalFigures {
  goal_id: string;
  name: string;
  visitors: number;
  conversions: number;
  conversion_rate: number;
  revenue: { currency: string; amount: number }[];
}
interface Report {
  meta: { totals: { unique_visitors: number } };
  data: GoalFigures[];
}

/** A count's change as the dashboard words it (the demo's counts never grow ninefold). */
const countChange = (now: number, before: number) =>
  before === 0 ? (now === 0 ? 'no change' : 'new') : signed.format((now - before) / before);
const rateChange = (now: number, before: number) => `${points.format(Math.round((now - before) * 1000) / 10)} pts`;

// A marketer defines what counts as a conversion on the demo shop (whose signups send a custom event
// "Signup" and sometimes a payment in USD or EUR) and reads each goal's figures for the range, in a
// segment picked on Traffic; every figure on screen is the API's for the same question.
describe('dashboard: goals', () => {
  let dash: Dashboard;
  let page: Page;

  // The dashboard's default range: the property's last 30 days, and the 30 before for the changes.
  // The 30 before end on the time of day the table's note names, while the range holds today (issue 13 §1).
  const range = (days = 30, back = 0, compared = '') => {
    const today = todayIn(TZ);
    const end = back ? comparedEnd(addDays(today, -back), compared) : today;
    return `start=${addDays(today, 1 - days - back)}&end=${end}&timezone=${encodeURIComponent(TZ)}`;
  };
  const report = (filters: Filter[] = [], back = 0, compared = ''): Promise<Report> =>
    dash.api(
      `/properties/${PROPERTY}/goals/report?${range(30, back, compared)}${filters.length ? `&filters=${encodeURIComponent(encodeFilters(filters))}` : ''}`,
    );
  const goalNames = async () =>
    ((await dash.api(`/properties/${PROPERTY}/goals`)) as { data: { name: string }[] }).data.map((g) => g.name);
  const row = (name: string): Locator =>
    page.getByTestId('goals-table').locator('tbody tr', { has: page.locator(`[data-goal="${name}"]`) });
  const figure = (name: string, key: string) => row(name).locator(`[data-figure=${key}] .goal-value`).textContent();
  const chips = () => page.getByRole('list', { name: 'Active filters' }).locator('li > span').allTextContents();
  const nav = (label: string) =>
    page.getByRole('navigation', { name: 'Reports' }).getByRole('link', { name: label, exact: true }).click();

  /** A goal's row shows the API's visitors, conversions, rate and revenue per currency, each with its change. */
  async function expectRow(name: string, filters: Filter[] = []) {
    const note = page.locator('.table-note', { hasText: 'Changes compare with' });
    await expect.poll(() => note.count(), SLOW).toBe(1);
    const [now, before] = await Promise.all([report(filters), report(filters, 30, (await note.textContent())!)]);
    const g = now.data.find((x) => x.name === name)!;
    const p = before.data.find((x) => x.name === name)!;
    await expect.poll(() => figure(name, 'visitors'), SLOW).toBe(en.format(g.visitors));
    expect(await figure(name, 'conversions')).toBe(en.format(g.conversions));
    expect(await figure(name, 'conversion_rate')).toBe(pct.format(g.conversion_rate));
    const revenue = await row(name)
      .locator('.goal-revenue li')
      .evaluateAll((lis) =>
        lis.map((li) => [li.getAttribute('data-currency'), li.querySelector('.goal-value')?.textContent]),
      );
    expect(revenue).toEqual(g.revenue.map((r) => [r.currency, money(r.amount, r.currency)]));
    if (g.revenue.length === 0) expect(await row(name).locator('.goal-revenue-none').count()).toBe(1);
    // The changes are against the same goal in the same segment, 30 days earlier.
    await expect
      .poll(() => row(name).locator('[data-figure=visitors] .cell-change').textContent(), SLOW)
      .toBe(`${countChange(g.visitors, p.visitors)} vs previous period`);
    expect(await row(name).locator('[data-figure=conversions] .cell-change').textContent()).toBe(
      `${countChange(g.conversions, p.conversions)} vs previous period`,
    );
    expect(await row(name).locator('[data-figure=conversion_rate] .cell-change').textContent()).toBe(
      `${rateChange(g.conversion_rate, p.conversion_rate)} vs previous period`,
    );
    return { now, g };
  }

  async function addGoal(name: string, kind: string, fields: Record<string, string>) {
    const form = page.getByRole('form', { name: 'Add a goal' });
    await form.getByLabel('Name', { exact: true }).fill(name);
    await form.getByLabel(kind, { exact: true }).check();
    for (const [label, value] of Object.entries(fields)) await form.getByLabel(label, { exact: true }).fill(value);
    await form.getByRole('button', { name: 'Add goal' }).click();
  }
  /** The form says so (and empties) once the new goal is in the list and the report, not before. */
  const added = (name: string) =>
    expect
      .poll(() => page.getByRole('form', { name: 'Add a goal' }).getByRole('status').textContent(), SLOW)
      .toBe(`Added “${name}”.`);

  beforeAll(async () => {
    dash = await startDashboard();
    page = dash.page;
    // This story starts from a shop without goals; the demo's own goals are demo-goals.test.ts's.
    for (const g of await dash.store.listGoals(PROPERTY)) await dash.store.deleteGoal(PROPERTY, g.id);
  }, 300_000);
  afterAll(async () => dash?.close());
  afterEach(screenshotOnFailure(() => page, 'goals'));

  it('starts with no goals and says how to add one; a goal nothing matched reads zeros, not an error', async () => {
    await page.goto(`${dash.origin}/traffic?property=${PROPERTY}`);
    await nav('Goals');
    await page.waitForURL(/\/goals\?/);
    await expect.poll(() => page.getByText('No goals yet.').count(), SLOW).toBe(1);
    // Polled too: the list's empty note can render after the report's.
    await expect.poll(() => page.getByText('None yet: the goals you add appear here.').count(), SLOW).toBe(1);

    await addGoal('Refund', 'Custom event', { 'Event name': 'Refund' });
    await added('Refund');
    await expect.poll(() => figure('Refund', 'visitors'), SLOW).toBe('0');
    expect(await figure('Refund', 'conversions')).toBe('0');
    expect(await figure('Refund', 'conversion_rate')).toBe(pct.format(0));
    expect(await row('Refund').locator('.goal-revenue-none').textContent()).toBe('—No revenue');
    expect(await page.getByText('None of the goals converted in this range').count()).toBe(1);
    expect(await goalNames()).toEqual(['Refund']);
    expect(dash.problems).toEqual([]);
  });

  it("creates the event goal Signup and shows the API's visitors, conversions, rate and revenue per currency", async () => {
    await addGoal('Signup', 'Custom event', { 'Event name': 'Signup' });
    await added('Signup');
    const { now, g } = await expectRow('Signup');
    expect(g.conversions).toBeGreaterThan(0);
    // The demo's paid signups pay in dollars and euros: two lines, never one sum.
    expect(g.revenue.map((r) => r.currency)).toEqual(['EUR', 'USD']);
    expect(await row('Signup').locator('.goal-definition').textContent()).toBe('Event Signup');
    expect(await page.locator('#goals-title').textContent()).toContain(
      `${en.format(now.meta.totals.unique_visitors)} unique visitors`,
    );
    expect(await goalNames()).toEqual(['Refund', 'Signup']);
  });

  it("shows the server's refusal of a name already taken on the name field", async () => {
    await addGoal('signup', 'Custom event', { 'Event name': 'Signed up' });
    await expect
      .poll(() => page.locator('#goal-name-error').textContent(), SLOW)
      .toBe('the property already has a goal named "signup"');
    expect(await page.getByLabel('Name', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await goalNames()).toEqual(['Refund', 'Signup']);
    // A contract rule is checked before anything is sent.
    await addGoal('Blog', 'Page visit', { Page: 'blog/**' });
    await expect.poll(() => page.locator('#goal-page-error').textContent()).toMatch(/starting with \//);
    dash.problems.length = 0; // the 409 is logged by the browser as a failed request
  });

  it('creates a page goal with a wildcard and a click goal narrowed to a page', async () => {
    await addGoal('Blog readers', 'Page visit', { Page: '/blog/**' });
    await added('Blog readers');
    await addGoal('Start trial', 'Click', { Element: '#cta-start-trial', 'On pages (optional)': '/' });
    await added('Start trial');
    await expect.poll(() => goalNames(), SLOW).toEqual(['Refund', 'Signup', 'Blog readers', 'Start trial']);
    const blog = await expectRow('Blog readers');
    expect(blog.g.visitors).toBeGreaterThan(0);
    const trial = await expectRow('Start trial');
    expect(trial.g.conversions).toBeGreaterThan(0);
    expect(await row('Blog readers').locator('.goal-definition').textContent()).toBe('Visit /blog/**');
    expect(await row('Start trial').locator('.goal-definition').textContent()).toBe('Click #cta-start-trial on /');
    // The table keeps the list's order (oldest first).
    expect(
      await page
        .getByTestId('goals-table')
        .locator('[data-goal]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-goal'))),
    ).toEqual(await goalNames());
  });

  it("follows a filter picked on Traffic: the figures become the API's for that segment, and every goals read carries it", async () => {
    const all = (await report()).data.find((g) => g.name === 'Signup')!;
    await nav('Traffic');
    await page.getByRole('tab', { name: 'Referrers' }).click();
    await page.locator('#breakdown-panel').getByRole('link', { name: 'google.com', exact: true }).click();
    await page.waitForURL(/filters=/);

    const asked: string[] = [];
    const record = (r: Request) => r.url().includes('/goals/report') && asked.push(r.url());
    page.on('request', record);
    await nav('Goals');
    await page.waitForURL(/\/goals\?.*filters=/);
    expect(await chips()).toEqual(['Referrer is google.com']);
    const { g } = await expectRow('Signup', [GOOGLE]);
    expect(g.visitors).toBeLessThan(all.visitors);
    await expectRow('Blog readers', [GOOGLE]);
    page.off('request', record);
    expect(asked.length).toBeGreaterThanOrEqual(2);
    for (const url of asked) expect(new URL(url).searchParams.get('filters'), url).toBe(encodeFilters([GOOGLE]));
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'goals-google.png'), fullPage: true });

    await page.getByRole('button', { name: 'Remove filter: Referrer is google.com' }).click();
    await expect.poll(() => figure('Signup', 'visitors'), SLOW).toBe(en.format(all.visitors));
  });

  it.runIf((filterDimensions as readonly string[]).includes('goal'))(
    'filters by a goal when its name is clicked',
    async () => {
      await row('Signup').getByRole('link', { name: 'Signup', exact: true }).click();
      await page.waitForURL(/filters=/);
      expect(JSON.parse(new URL(page.url()).searchParams.get('filters') ?? '')).toEqual([['is', 'goal', ['Signup']]]);
      const byGoal: Filter[] = [{ op: 'is', dimension: 'goal' as Filter['dimension'], values: ['Signup'] }];
      // The goal's own visitors are the same in and out of the segment: wait for the rate, which is not.
      const filtered = (await report(byGoal)).data.find((x) => x.name === 'Signup')!;
      await expect.poll(() => figure('Signup', 'conversion_rate'), SLOW).toBe(pct.format(filtered.conversion_rate));
      await expectRow('Signup', byGoal);
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await expect.poll(() => new URL(page.url()).searchParams.has('filters')).toBe(false);
    },
  );

  it('deletes a goal only after a confirmation', async () => {
    await page.getByRole('button', { name: 'Delete Signup' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete the goal “Signup”?' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'goals-delete-dialog.png') });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await dialog.count()).toBe(0);
    expect(await goalNames()).toContain('Signup');

    await page.getByRole('button', { name: 'Delete Signup' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete goal' }).click();
    await expect.poll(() => row('Signup').count(), SLOW).toBe(0);
    expect(await page.locator('[data-goal-item="Signup"]').count()).toBe(0);
    expect(await goalNames()).toEqual(['Refund', 'Blog readers', 'Start trial']);
    expect(dash.problems).toEqual([]);
  });

  it('passes axe in light and dark, and fits a phone', async () => {
    await page.goto(`${dash.origin}/goals?property=${PROPERTY}`);
    await expect.poll(() => figure('Blog readers', 'visitors'), SLOW).not.toBeNull();
    await page.getByRole('form', { name: 'Add a goal' }).getByLabel('Form submission', { exact: true }).check();
    await checkPageQuality(page, 'goals');
    expect(dash.problems).toEqual([]);
  });
});

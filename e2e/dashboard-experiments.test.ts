import type { Page } from 'playwright-core';
import type { StoredEvent } from '../src/contract/events.js';
import { storedEvent } from '../src/server/test-support/stored-event.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPageQuality, type Dashboard } from './support/dashboard-harness.js';
import {
  type Detail,
  en,
  experimentDetail,
  type ListItem,
  openExperimentDetail,
  pct,
  PROPERTY,
  SLOW,
  startExperimentDashboard,
  tableRows,
} from './support/experiment-dashboard.js';

// The built dashboard over the demo data (two running tests on acme-shop), signed in as the admin:
// the list and its filter, each test's figures against the API, and the warnings a test's traffic raises.
// Changing a test: dashboard-experiment-changes.test.ts.
describe('dashboard: experiments list and detail', () => {
  let dash: Dashboard, page: Page, tests: ListItem[];
  beforeAll(async () => ({ dash, page, tests } = await startExperimentDashboard()), 300_000);
  afterAll(async () => dash?.close());
  const detail = (id: string) => experimentDetail(dash, id);
  const openDetail = (id: string) => openExperimentDetail(dash, id);

  it('lists both running tests newest first, with the verdict their detail gives', async () => {
    expect(tests.map((t) => t.status)).toEqual(['active', 'active']);
    await page.goto(`${dash.origin}/experiments?property=${PROPERTY}`);
    await expect
      .poll(() => tableRows(page, 'experiment-list').then((rows) => rows.map((r) => r[0])), SLOW)
      .toEqual(tests.map((t) => t.name));
    const verdicts = await Promise.all(tests.map(async (t) => (await detail(t.experiment_id)).stats.verdict));
    await expect
      .poll(() => tableRows(page, 'experiment-list').then((rows) => rows.map((r) => r.at(-1))), SLOW)
      .toEqual(verdicts);
    const rows = await tableRows(page, 'experiment-list');
    expect(rows.map((r) => [r[1], r[3], r[6]])).toEqual(
      tests.map((t) => [t.page, 'Running', en.format(t.variant_count)]),
    );
    // The demo has one test of each type.
    expect(rows.map((r) => r[2]).sort()).toEqual(['No-code changes', 'Redirect']);
    await checkPageQuality(page, 'experiments');
    expect(dash.problems).toEqual([]);
  });

  it('keeps the status filter in the URL, through a reload', async () => {
    await page.getByLabel('Status').selectOption('complete');
    await page.waitForURL(/status=complete/);
    await expect.poll(() => page.getByText('No finished experiments.').isVisible()).toBe(true);
    expect(await page.locator('[data-testid="experiment-list"] tbody tr').count()).toBe(0);
    await page.reload();
    await expect.poll(() => page.getByText('No finished experiments.').isVisible(), SLOW).toBe(true);
    expect(await page.getByLabel('Status').inputValue()).toBe('complete');
    expect(await page.getByRole('link', { name: 'Create an experiment' }).getAttribute('href')).toMatch(
      /^\/experiments\/new\?property=acme-shop/,
    );

    await page.getByLabel('Status').selectOption('active');
    await page.waitForURL(/status=active/);
    await expect.poll(() => page.locator('[data-testid="experiment-list"] tbody tr').count()).toBe(2);
    // A made-up status in a shared link falls back to every test.
    await page.goto(`${dash.origin}/experiments?property=${PROPERTY}&status=paused`);
    await expect.poll(() => page.getByLabel('Status').inputValue(), SLOW).toBe('all');
    await expect.poll(() => page.locator('[data-testid="experiment-list"] tbody tr').count()).toBe(2);
    expect(await page.getByRole('link', { name: 'New experiment' }).getAttribute('href')).toMatch(
      /^\/experiments\/new\?property=acme-shop/,
    );
  });

  it('says what an experiment is on a property without any', async () => {
    await page.goto(`${dash.origin}/experiments?property=acme-docs`);
    await expect.poll(() => page.getByText('No experiments yet.').isVisible(), SLOW).toBe(true);
    expect(await page.locator('.empty').textContent()).toContain('measures which version reaches your goal more often');
    // A test id from another property (or a stale link) says so instead of showing an error.
    await page.goto(`${dash.origin}/experiments/${tests[0].experiment_id}?property=acme-docs`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent(), SLOW)
      .toBe('No such experiment in Acme Docs');
    expect(dash.problems.every((p) => p.includes('404'))).toBe(true);
    dash.problems.length = 0; // the 404 is the answer asked for
  });

  it('says an unknown property was not found, not that the experiment is missing from it', async () => {
    // The signed-in session's own answer (the page's request context carries the admin cookie).
    const answer = await page.request.get(
      `${dash.origin}/api/external/v1/properties/nope-xyz/split-tests/${tests[0].experiment_id}`,
    );
    expect(answer.status()).toBe(404);
    expect(((await answer.json()) as { error: { details?: { field?: string } } }).error.details?.field).toBe(
      'propertyId',
    );
    await page.goto(`${dash.origin}/experiments/${tests[0].experiment_id}?property=nope-xyz`);
    await expect
      .poll(() => page.locator('.error-title').textContent(), SLOW)
      .toBe('Property "nope-xyz" was not found.');
    expect(await page.getByText('No such experiment').count()).toBe(0);
    expect(dash.problems.every((p) => p.includes('404'))).toBe(true);
    dash.problems.length = 0; // the 404 is the answer asked for
  });

  it('shows each test’s variants with the API’s visitors, sessions, rates, verdict and plan', async () => {
    for (const t of tests) {
      const d = await detail(t.experiment_id);
      await page.goto(`${dash.origin}/experiments?property=${PROPERTY}`);
      await page.getByRole('link', { name: t.name }).click();
      await page.waitForURL(new RegExp(`/experiments/${t.experiment_id}\\?`));
      await expect.poll(() => page.getByTestId('verdict').textContent(), SLOW).toBe(d.stats.verdict);
      expect(await page.getByTestId('experiment-name').textContent()).toBe(d.name);
      const rows = await tableRows(page, 'variant-table');
      // Visitors, converted visitors and their rate (what the decision counts); sessions and converting sessions last.
      expect(rows.map((r) => [...r.slice(0, 4), ...r.slice(7, 9)])).toEqual(
        d.variants.map((v) => [
          v.label,
          en.format(v.visitors),
          en.format(v.converted_visitors),
          pct.format(v.visitor_conversion_rate),
          en.format(v.sessions),
          en.format(v.conversions),
        ]),
      );
      expect(d.variants.every((v) => v.visitors > 0)).toBe(true); // the demo has traffic on every arm
      expect(rows[0].slice(4, 7)).toEqual(['baseline', 'baseline', 'baseline']);
      for (const row of rows.slice(1)) expect(row[6]).toMatch(/^(Better|Worse|Not yet) \(p (=|<) [\d.]+\)$/);
      // The plan's progress as the API gives it.
      const plan = d.decision.plan;
      if (plan.planned_visitors_per_variant !== null)
        expect(await page.getByTestId('plan-progress').textContent()).toContain(
          `${Math.floor((plan.progress ?? 0) * 100)}% of the planned ${en.format(plan.planned_visitors_per_variant * d.variants.length)} visitors`,
        );
      else expect(await page.getByTestId('plan-progress').textContent()).toContain('No plan yet');
    }
    await openDetail(tests[0].experiment_id);
    await checkPageQuality(page, 'experiment-detail');
    expect(dash.problems).toEqual([]);
  });

  it('warns of a sample-ratio mismatch when the API finds one', async () => {
    // A test on acme-blog whose visitors reach the control three times as often as the variant.
    const res = await fetch(`${dash.origin}/api/external/v1/properties/acme-blog/split-tests`, {
      method: 'POST',
      headers: { authorization: `Bearer ${dash.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Skewed split',
        page: '/',
        type: 'nocode',
        variants: [{ changes: [{ selector: 'h1', op: 'text', value: 'Hello' }] }],
      }),
    });
    expect(res.status).toBe(201);
    const { experiment_id: id, created_at: createdAt } = await res.json();
    // Each session views the page (an exposure counts only then) and is exposed.
    const events: StoredEvent[] = Array.from({ length: 400 }, (_, i) => {
      const visit = (over: Partial<StoredEvent> & Pick<StoredEvent, 'ts'>) =>
        storedEvent({
          property_id: 'acme-blog',
          visitor_id: `srmv${i}`,
          session_id: `srms${i}`,
          path: '/',
          country: 'US',
          device: 'desktop',
          ...over,
        });
      const at = Date.parse(createdAt) + 1 + (i % 20);
      return [
        visit({ ts: new Date(at) }),
        visit({ type: 'exposure', ts: new Date(at), experiment_id: id, variant: i < 300 ? 0 : 1 }),
      ];
    }).flat();
    await dash.store.insertEvents(events);
    const d = await dash.api<Detail & { stats: { sample_ratio_mismatch: boolean } }>(
      `/properties/acme-blog/split-tests/${id}`,
    );
    expect(d.variants.map((v) => v.sessions)).toEqual([300, 100]);
    expect(d.stats.sample_ratio_mismatch).toBe(true);

    await page.goto(`${dash.origin}/experiments/${id}?property=acme-blog`);
    await expect.poll(() => page.getByTestId('verdict').textContent(), SLOW).toBe(d.stats.verdict);
    expect(await page.getByTestId('srm-warning').textContent()).toContain(
      'not being split between the variants as evenly',
    );
    await checkPageQuality(page, 'experiment-detail-srm');
    // The healthy demo tests show no such warning.
    await openDetail(tests[0].experiment_id);
    expect(await page.getByTestId('srm-warning').count()).toBe(0);
    expect(dash.problems).toEqual([]);
  });

  it('warns when most of a test’s sessions came from one client address', async () => {
    const res = await fetch(`${dash.origin}/api/external/v1/properties/acme-blog/split-tests`, {
      method: 'POST',
      headers: { authorization: `Bearer ${dash.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Forged split',
        page: '/forged',
        type: 'nocode',
        variants: [{ changes: [{ selector: 'h1', op: 'text', value: 'Hello' }] }],
      }),
    });
    expect(res.status).toBe(201);
    const { experiment_id: id, created_at: createdAt } = await res.json();
    // 12 sessions as collect keeps them from one address (one client key), 8 from eight others
    const events: StoredEvent[] = Array.from({ length: 20 }, (_, i) => {
      const visit = (over: Partial<StoredEvent> & Pick<StoredEvent, 'ts'>) =>
        storedEvent({
          property_id: 'acme-blog',
          visitor_id: `fgv${i}`,
          session_id: `fgs${i}`,
          path: '/forged',
          country: 'US',
          device: 'desktop',
          ...over,
        });
      const at = new Date(Date.parse(createdAt) + 1 + i);
      return [
        visit({ ts: at }),
        visit({
          type: 'exposure',
          ts: at,
          experiment_id: id,
          variant: i < 12 ? 1 : i % 2,
          client_key: i < 12 ? 'one-address' : `address-${i}`,
        }),
      ];
    }).flat();
    await dash.store.insertEvents(events);
    const d = await dash.api<Detail & { traffic_check: { looks_forged: boolean; warning: string } }>(
      `/properties/acme-blog/split-tests/${id}`,
    );
    expect(d.traffic_check.looks_forged).toBe(true);

    await page.goto(`${dash.origin}/experiments/${id}?property=acme-blog`);
    await expect
      .poll(() => page.getByTestId('forged-traffic-warning').textContent(), SLOW)
      .toContain('12 of the 20 sessions counted (60%) came from one client address');
    await checkPageQuality(page, 'experiment-detail-forged');
    // The demo tests (no client keys: written by the seed, not collect) show no such warning.
    await openDetail(tests[0].experiment_id);
    expect(await page.getByTestId('forged-traffic-warning').count()).toBe(0);
    expect(dash.problems).toEqual([]);
  });
});

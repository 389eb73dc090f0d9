import type { Page } from 'playwright-core';
import type { StoredEvent } from '../src/contract/events.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPageQuality, startDashboard, type Dashboard } from './support/dashboard-harness.js';

const PROPERTY = 'acme-shop';
const en = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const pct = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });
const SLOW = { timeout: 20_000 };

interface ListItem { experiment_id: string; name: string; page: string; status: string; variant_count: number }
interface Variant { label: string; is_control: boolean; sessions: number; conversions: number; conversion_rate: number }
interface Detail { experiment_id: string; name: string; type: string; status: string; auto_stop_days: number | null; reason: string | null; variants: Variant[]; stats: { verdict: string } }

/** A DataTable's rows as the reader sees them, cell by cell. */
const tableRows = (page: Page, testId: string) =>
  page.locator(`[data-testid="${testId}"] tbody tr`).evaluateAll((trs) => trs.map((tr) => Array.from((tr as HTMLTableRowElement).cells, (c) => (c.textContent ?? '').trim())));

// The built dashboard over the demo data (two running tests on acme-shop), signed in as the admin:
// the list and its filter, each test's figures against the API, then rename, auto-stop and stop.
describe('dashboard: experiments list and detail', () => {
  let dash: Dashboard;
  let page: Page;
  let tests: ListItem[];
  const list = () => dash.api<{ data: ListItem[] }>(`/properties/${PROPERTY}/split-tests`);
  const detail = (id: string) => dash.api<Detail>(`/properties/${PROPERTY}/split-tests/${id}`);
  const openDetail = async (id: string) => {
    await page.goto(`${dash.origin}/experiments/${id}?property=${PROPERTY}`);
    await page.getByTestId('verdict').waitFor(SLOW);
  };

  beforeAll(async () => {
    dash = await startDashboard();
    page = dash.page;
    tests = (await list()).data;
  }, 300_000);
  afterAll(async () => dash?.close());

  it('lists both running tests newest first, with the verdict their detail gives', async () => {
    expect(tests.map((t) => t.status)).toEqual(['active', 'active']);
    await page.goto(`${dash.origin}/experiments?property=${PROPERTY}`);
    await expect.poll(() => tableRows(page, 'experiment-list').then((rows) => rows.map((r) => r[0])), SLOW).toEqual(tests.map((t) => t.name));
    const verdicts = await Promise.all(tests.map(async (t) => (await detail(t.experiment_id)).stats.verdict));
    await expect.poll(() => tableRows(page, 'experiment-list').then((rows) => rows.map((r) => r.at(-1))), SLOW).toEqual(verdicts);
    const rows = await tableRows(page, 'experiment-list');
    expect(rows.map((r) => [r[1], r[3], r[6]])).toEqual(tests.map((t) => [t.page, 'Running', en.format(t.variant_count)]));
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
    expect(await page.getByRole('link', { name: 'Create an experiment' }).getAttribute('href')).toMatch(/^\/experiments\/new\?property=acme-shop/);

    await page.getByLabel('Status').selectOption('active');
    await page.waitForURL(/status=active/);
    await expect.poll(() => page.locator('[data-testid="experiment-list"] tbody tr').count()).toBe(2);
    // A made-up status in a shared link falls back to every test.
    await page.goto(`${dash.origin}/experiments?property=${PROPERTY}&status=paused`);
    await expect.poll(() => page.getByLabel('Status').inputValue(), SLOW).toBe('all');
    await expect.poll(() => page.locator('[data-testid="experiment-list"] tbody tr').count()).toBe(2);
    expect(await page.getByRole('link', { name: 'New experiment' }).getAttribute('href')).toMatch(/^\/experiments\/new\?property=acme-shop/);
  });

  it('says what an experiment is on a property without any', async () => {
    await page.goto(`${dash.origin}/experiments?property=acme-docs`);
    await expect.poll(() => page.getByText('No experiments yet.').isVisible(), SLOW).toBe(true);
    expect(await page.locator('.empty').textContent()).toContain('measures which version reaches your goal more often');
    // A test id from another property (or a stale link) says so instead of showing an error.
    await page.goto(`${dash.origin}/experiments/${tests[0].experiment_id}?property=acme-docs`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), SLOW).toBe('No such experiment in Acme Docs');
    expect(dash.problems.every((p) => p.includes('404'))).toBe(true);
    dash.problems.length = 0; // the 404 is the answer asked for
  });

  it('says an unknown property was not found, not that the experiment is missing from it', async () => {
    // The signed-in session's own answer (the page's request context carries the admin cookie).
    const answer = await page.request.get(`${dash.origin}/api/external/v1/properties/nope-xyz/split-tests/${tests[0].experiment_id}`);
    expect(answer.status()).toBe(404);
    expect(((await answer.json()) as { error: { details?: { field?: string } } }).error.details?.field).toBe('propertyId');
    await page.goto(`${dash.origin}/experiments/${tests[0].experiment_id}?property=nope-xyz`);
    await expect.poll(() => page.locator('.error-title').textContent(), SLOW).toBe('Property "nope-xyz" was not found.');
    expect(await page.getByText('No such experiment').count()).toBe(0);
    expect(dash.problems.every((p) => p.includes('404'))).toBe(true);
    dash.problems.length = 0; // the 404 is the answer asked for
  });

  it('shows each test’s variants with the API’s sessions, conversions, rate and verdict', async () => {
    for (const t of tests) {
      const d = await detail(t.experiment_id);
      await page.goto(`${dash.origin}/experiments?property=${PROPERTY}`);
      await page.getByRole('link', { name: t.name }).click();
      await page.waitForURL(new RegExp(`/experiments/${t.experiment_id}\\?`));
      await expect.poll(() => page.getByTestId('verdict').textContent(), SLOW).toBe(d.stats.verdict);
      expect(await page.getByTestId('experiment-name').textContent()).toBe(d.name);
      const rows = await tableRows(page, 'variant-table');
      expect(rows.map((r) => r.slice(0, 4))).toEqual(
        d.variants.map((v) => [v.label, en.format(v.sessions), en.format(v.conversions), pct.format(v.conversion_rate)]),
      );
      expect(d.variants.every((v) => v.sessions > 0)).toBe(true); // the demo has traffic on every arm
      expect(rows[0].slice(4)).toEqual(['baseline', 'baseline', 'baseline']);
      for (const row of rows.slice(1)) expect(row[5]).toMatch(/^(<|>)? ?\d+(\.\d)?%$/);
    }
    await openDetail(tests[0].experiment_id);
    await checkPageQuality(page, 'experiment-detail');
    expect(dash.problems).toEqual([]);
  });

  it('checks a name as the server does, and shows the server’s own refusal under the field', async () => {
    await openDetail(tests[0].experiment_id);
    const name = page.getByLabel('Name', { exact: true });
    await name.fill('   ');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect.poll(() => page.locator('#rename-error').textContent()).toContain('at least one character');
    expect(await name.getAttribute('aria-invalid')).toBe('true');

    // Past the browser's check (the request is rewritten on its way), the server's 400 names `name`.
    await page.route('**/split-tests/*', async (route) => {
      if (route.request().method() !== 'PATCH') return route.continue();
      await route.continue({ postData: JSON.stringify({ name: 'x'.repeat(201) }) });
    });
    await name.fill('A valid name');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect.poll(() => page.locator('#rename-error').textContent()).toContain('The server refused it');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
    await page.unroute('**/split-tests/*');
    expect((await detail(tests[0].experiment_id)).name).toBe(tests[0].name);
    expect(dash.problems.every((p) => p.includes('400'))).toBe(true);
    dash.problems.length = 0; // the 400 above is logged by the browser on purpose
  });

  it('renames a test: the new name shows on the page, in the list and in the API', async () => {
    const renamed = `${tests[0].name} (renamed)`;
    await page.getByLabel('Name', { exact: true }).fill(renamed);
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect.poll(() => page.getByTestId('experiment-name').textContent()).toBe(renamed);
    expect(await page.getByText('Name saved.').isVisible()).toBe(true);
    expect((await detail(tests[0].experiment_id)).name).toBe(renamed);
    await page.getByRole('link', { name: '← All experiments' }).click();
    await expect.poll(() => tableRows(page, 'experiment-list').then((rows) => rows.map((r) => r[0]))).toEqual([renamed, tests[1].name]);
  });

  it('changes auto-stop, and warns when a limit already passed would stop the test at once', async () => {
    await openDetail(tests[0].experiment_id);
    const before = await detail(tests[0].experiment_id);
    const days = page.getByLabel('Stop automatically after (days)');
    await days.fill('1');
    await expect.poll(() => page.getByText('saving stops it now').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save auto-stop…' }).isVisible()).toBe(true);
    await days.fill('400');
    await page.getByRole('button', { name: 'Save auto-stop' }).click();
    await expect.poll(() => page.locator('#auto-stop-error').textContent()).toBe('Enter 365 or less.');
    expect((await detail(tests[0].experiment_id)).auto_stop_days).toBe(before.auto_stop_days);

    await days.fill('120');
    await page.getByRole('button', { name: 'Save auto-stop' }).click();
    await expect.poll(() => page.getByTestId('auto-stop').textContent()).toMatch(/^After 120 days \(/);
    expect((await detail(tests[0].experiment_id)).auto_stop_days).toBe(120);

    await days.fill('');
    await page.getByRole('button', { name: 'Save auto-stop' }).click();
    await expect.poll(() => page.getByTestId('auto-stop').textContent()).toBe('Off: runs until stopped');
    expect((await detail(tests[0].experiment_id)).auto_stop_days).toBeNull();
    expect(dash.problems).toEqual([]);
  });

  it('stops a test with a reason: complete in the API, actions gone, the reason shown', async () => {
    const reason = 'Variant copy approved by legal';
    await page.getByRole('button', { name: 'Stop test…' }).click();
    await page.getByLabel('Reason (optional)').fill(reason);
    await page.getByRole('button', { name: 'Stop the test' }).click();
    await expect.poll(() => page.getByTestId('complete-note').textContent()).toContain(`“${reason}”`);
    const d = await detail(tests[0].experiment_id);
    expect([d.status, d.reason]).toEqual(['complete', reason]);
    expect(await page.getByRole('button', { name: 'Save name' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Stop test/ }).count()).toBe(0);
    expect(await page.locator('.status-badge').textContent()).toBe('Complete');
    await checkPageQuality(page, 'experiment-detail-complete');

    await page.goto(`${dash.origin}/experiments?property=${PROPERTY}&status=complete`);
    await expect.poll(() => tableRows(page, 'experiment-list').then((rows) => rows.map((r) => [r[0], r[3]])), SLOW).toEqual([[d.name, 'Complete']]);
    expect(dash.problems).toEqual([]);
  });

  it('explains a 409 when the test was stopped elsewhere meanwhile', async () => {
    const other = tests[1];
    await openDetail(other.experiment_id);
    const res = await fetch(`${dash.origin}/api/external/v1/properties/${PROPERTY}/split-tests/${other.experiment_id}/stop`, {
      method: 'POST',
      headers: { authorization: `Bearer ${dash.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({}),
    });
    expect(res.status).toBe(200);
    await page.getByLabel('Name', { exact: true }).fill('Too late');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect.poll(() => page.getByTestId('complete-note').textContent()).toContain('Your change was not saved: the test had already ended.');
    expect(await page.getByTestId('complete-note').textContent()).toContain('stopped by hand, without a reason');
    const d = await detail(other.experiment_id);
    expect(d.name).toBe(other.name);
    // Ended: the verdict reports what was found, and no auto-stop date or sample still to come shows.
    await expect.poll(() => page.getByTestId('verdict').textContent()).toBe(d.stats.verdict);
    expect(d.stats.verdict).not.toMatch(/more days?|needs|yet/);
    expect(await page.getByTestId('verdict-facts').count()).toBe(0);
    expect(await page.getByTestId('auto-stop').textContent()).toBe(d.auto_stop_days === null ? 'Off' : `Not reached: stopped before day ${en.format(d.auto_stop_days)}`);
    expect(dash.problems.every((p) => p.includes('409'))).toBe(true);
    dash.problems.length = 0;
  });

  it('warns of a sample-ratio mismatch when the API finds one', async () => {
    // A test on acme-blog whose visitors reach the control three times as often as the variant.
    const res = await fetch(`${dash.origin}/api/external/v1/properties/acme-blog/split-tests`, {
      method: 'POST',
      headers: { authorization: `Bearer ${dash.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Skewed split', page: '/', type: 'nocode', variants: [{ changes: [{ selector: 'h1', op: 'text', value: 'Hello' }] }] }),
    });
    expect(res.status).toBe(201);
    const { experiment_id: id, created_at: createdAt } = await res.json();
    // Each session views the page (an exposure counts only then) and is exposed.
    const events: StoredEvent[] = Array.from({ length: 400 }, (_, i) => {
      const base = { property_id: 'acme-blog', visitor_id: `srmv${i}`, session_id: `srms${i}`, path: '/', referrer: null, utm_source: null, utm_medium: null, utm_campaign: null, country: 'US', device: 'desktop' as const, is_bot: false, scroll_depth: null, engaged_ms: null, target: null, href: null, source: null, amount: null, currency: null };
      const at = Date.parse(createdAt) + 1 + (i % 20);
      return [
        { ...base, type: 'pageview' as const, ts: new Date(at), experiment_id: null, variant: null },
        { ...base, type: 'exposure' as const, ts: new Date(at), experiment_id: id, variant: i < 300 ? 0 : 1 },
      ];
    }).flat();
    await dash.store.insertEvents(events);
    const d = await dash.api<Detail & { stats: { sample_ratio_mismatch: boolean } }>(`/properties/acme-blog/split-tests/${id}`);
    expect(d.variants.map((v) => v.sessions)).toEqual([300, 100]);
    expect(d.stats.sample_ratio_mismatch).toBe(true);

    await page.goto(`${dash.origin}/experiments/${id}?property=acme-blog`);
    await expect.poll(() => page.getByTestId('verdict').textContent(), SLOW).toBe(d.stats.verdict);
    expect(await page.getByTestId('srm-warning').textContent()).toContain('not being split between the variants as evenly');
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
      body: JSON.stringify({ name: 'Forged split', page: '/forged', type: 'nocode', variants: [{ changes: [{ selector: 'h1', op: 'text', value: 'Hello' }] }] }),
    });
    expect(res.status).toBe(201);
    const { experiment_id: id, created_at: createdAt } = await res.json();
    // 12 sessions as collect keeps them from one address (one client key), 8 from eight others
    const events: StoredEvent[] = Array.from({ length: 20 }, (_, i) => {
      const base = { property_id: 'acme-blog', visitor_id: `fgv${i}`, session_id: `fgs${i}`, path: '/forged', referrer: null, utm_source: null, utm_medium: null, utm_campaign: null, country: 'US', device: 'desktop' as const, is_bot: false, scroll_depth: null, engaged_ms: null, target: null, href: null, source: null, amount: null, currency: null };
      const at = new Date(Date.parse(createdAt) + 1 + i);
      return [
        { ...base, type: 'pageview' as const, ts: at, experiment_id: null, variant: null },
        { ...base, type: 'exposure' as const, ts: at, experiment_id: id, variant: i < 12 ? 1 : i % 2, client_key: i < 12 ? 'one-address' : `address-${i}` },
      ];
    }).flat();
    await dash.store.insertEvents(events);
    const d = await dash.api<Detail & { traffic_check: { looks_forged: boolean; warning: string } }>(`/properties/acme-blog/split-tests/${id}`);
    expect(d.traffic_check.looks_forged).toBe(true);

    await page.goto(`${dash.origin}/experiments/${id}?property=acme-blog`);
    await expect.poll(() => page.getByTestId('forged-traffic-warning').textContent(), SLOW).toContain('12 of the 20 sessions counted (60%) came from one client address');
    await checkPageQuality(page, 'experiment-detail-forged');
    // The demo tests (no client keys: written by the seed, not collect) show no such warning.
    await openDetail(tests[0].experiment_id);
    expect(await page.getByTestId('forged-traffic-warning').count()).toBe(0);
    expect(dash.problems).toEqual([]);
  });

  it('asks before an auto-stop already behind the test ends it, and ends it only when confirmed', async () => {
    // A test that began 21 days (and an hour) ago, with one exposure a day per variant.
    const DAY = 86_400_000;
    const createdAt = new Date(Date.now() - 21 * DAY - 3_600_000);
    const id = 'autostopconfirm';
    const [template] = tests;
    const record = await dash.store.getExperiment(PROPERTY, template.experiment_id);
    await dash.store.createExperiment({ ...record!, id, name: 'Ends on confirmation', created_at: createdAt, status: 'active', stopped_at: null, reason: null, auto_stop_days: null });
    const events: StoredEvent[] = Array.from({ length: 42 }, (_, i) => {
      const base = { property_id: PROPERTY, visitor_id: `acv${i}`, session_id: `acs${i}`, path: record!.page, referrer: null, utm_source: null, utm_medium: null, utm_campaign: null, country: 'US', device: 'desktop' as const, is_bot: false, scroll_depth: null, engaged_ms: null, target: null, href: null, source: null, amount: null, currency: null };
      const at = createdAt.getTime() + Math.floor(i / 2) * DAY + 60_000;
      // the page view an exposure needs to count
      return [
        { ...base, type: 'pageview' as const, ts: new Date(at), experiment_id: null, variant: null },
        { ...base, type: 'exposure' as const, ts: new Date(at), experiment_id: id, variant: i % 2 },
      ];
    }).flat();
    await dash.store.insertEvents(events);
    const sessions = async () => (await detail(id)).variants.map((v) => v.sessions);
    expect(await sessions()).toEqual([21, 21]);

    const patches: string[] = [];
    page.on('request', (r) => r.method() === 'PATCH' && patches.push(r.url()));
    await openDetail(id);
    expect(await page.getByLabel('Stop automatically after (days)').inputValue()).toBe('');
    await page.getByLabel('Stop automatically after (days)').fill('10');
    await page.getByRole('button', { name: /^Save auto-stop/ }).click();
    await expect.poll(() => page.getByTestId('auto-stop-confirm').textContent()).toContain('This ends the test now, with results up to day 10.');
    const stopAt10 = page.getByRole('button', { name: 'Stop the test at day 10' });
    expect(await stopAt10.isVisible()).toBe(true);
    // Nothing was sent: the API still has it running, without a limit.
    expect(patches).toEqual([]);
    expect(await detail(id)).toMatchObject({ status: 'active', auto_stop_days: null });
    await checkPageQuality(page, 'experiment-detail-auto-stop-confirm');

    // Keep editing withdraws the question; a later limit saves at once.
    await page.getByRole('button', { name: 'Keep editing' }).click();
    expect(await page.getByTestId('auto-stop-confirm').count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('auto-stop-days');
    expect(await detail(id)).toMatchObject({ status: 'active', auto_stop_days: null });
    await page.getByLabel('Stop automatically after (days)').fill('30');
    await page.getByRole('button', { name: 'Save auto-stop' }).click();
    await expect.poll(async () => (await detail(id)).auto_stop_days).toBe(30);
    expect((await detail(id)).status).toBe('active');

    // Asked again for 10 days and confirmed: complete, over the first 10 days' exposures only.
    await page.getByLabel('Stop automatically after (days)').fill('10');
    await page.getByRole('button', { name: 'Save auto-stop…' }).click();
    await page.getByRole('button', { name: 'Stop the test at day 10' }).click();
    await page.getByTestId('complete-note').waitFor(SLOW);
    const d = await dash.api<Detail & { stopped_at: string; created_at: string; stats: { estimated_days_to_call: number | null } }>(`/properties/${PROPERTY}/split-tests/${id}`);
    expect([d.status, d.reason, d.auto_stop_days]).toEqual(['complete', 'auto_stop', 10]);
    expect(Date.parse(d.stopped_at) - Date.parse(d.created_at)).toBe(10 * DAY);
    expect(d.variants.map((v) => v.sessions)).toEqual([10, 10]);
    // The ended page: the verdict in the past tense, when auto-stop ended it, no sample still to gather.
    await expect.poll(() => page.getByTestId('verdict').textContent()).toBe(d.stats.verdict);
    expect(d.stats.verdict).toMatch(/when it stopped/);
    expect(d.stats.verdict).not.toMatch(/more days?|yet/);
    expect(d.stats.estimated_days_to_call).toBeNull();
    expect(await page.getByTestId('verdict-facts').count()).toBe(0);
    const ended = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'America/New_York' }).format(new Date(d.stopped_at));
    expect(await page.getByTestId('auto-stop').textContent()).toBe(`Ended the test on ${ended}, after 10 days`);
    expect(patches).toHaveLength(2); // the 30-day save and the confirmed one
    expect(dash.problems).toEqual([]);
  });
});

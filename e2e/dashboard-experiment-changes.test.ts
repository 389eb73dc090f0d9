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
  PROPERTY,
  SLOW,
  startExperimentDashboard,
  tableRows,
} from './support/experiment-dashboard.js';

// The built dashboard over the demo data (two running tests on acme-shop), signed in as the admin:
// changing a test from its detail page (rename, auto-stop, stop) and what the page says when the
// server refuses or the test ended meanwhile. The list and figures: dashboard-experiments.test.ts.
describe('dashboard: changing an experiment', () => {
  let dash: Dashboard, page: Page, tests: ListItem[];
  beforeAll(async () => ({ dash, page, tests } = await startExperimentDashboard()), 300_000);
  afterAll(async () => dash?.close());
  const detail = (id: string) => experimentDetail(dash, id);
  const openDetail = (id: string) => openExperimentDetail(dash, id);

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
    // Waited for, not read once: the name can show before the saved note renders.
    await page.getByText('Name saved.').waitFor({ state: 'visible' });
    expect((await detail(tests[0].experiment_id)).name).toBe(renamed);
    await page.getByRole('link', { name: '← All experiments' }).click();
    await expect
      .poll(() => tableRows(page, 'experiment-list').then((rows) => rows.map((r) => r[0])))
      .toEqual([renamed, tests[1].name]);
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
    // The test's own badge (a metric's "Guardrail" badge is another).
    expect(await page.locator('.status-badge.complete').textContent()).toBe('Complete');
    await checkPageQuality(page, 'experiment-detail-complete');

    await page.goto(`${dash.origin}/experiments?property=${PROPERTY}&status=complete`);
    await expect
      .poll(() => tableRows(page, 'experiment-list').then((rows) => rows.map((r) => [r[0], r[3]])), SLOW)
      .toEqual([[d.name, 'Complete']]);
    expect(dash.problems).toEqual([]);
  });

  it('explains a 409 when the test was stopped elsewhere meanwhile', async () => {
    const other = tests[1];
    await openDetail(other.experiment_id);
    const res = await fetch(
      `${dash.origin}/api/external/v1/properties/${PROPERTY}/split-tests/${other.experiment_id}/stop`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${dash.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({}),
      },
    );
    expect(res.status).toBe(200);
    await page.getByLabel('Name', { exact: true }).fill('Too late');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect
      .poll(() => page.getByTestId('complete-note').textContent())
      .toContain('Your change was not saved: the test had already ended.');
    expect(await page.getByTestId('complete-note').textContent()).toContain('stopped by hand, without a reason');
    const d = await detail(other.experiment_id);
    expect(d.name).toBe(other.name);
    // Ended: the verdict reports what was found, and no auto-stop date or sample still to come shows.
    await expect.poll(() => page.getByTestId('verdict').textContent()).toBe(d.stats.verdict);
    expect(d.stats.verdict).not.toMatch(/more days?|needs|yet/);
    expect(await page.getByTestId('verdict-facts').count()).toBe(0);
    expect(await page.getByTestId('auto-stop').textContent()).toBe(
      d.auto_stop_days === null ? 'Off' : `Not reached: stopped before day ${en.format(d.auto_stop_days)}`,
    );
    expect(dash.problems.every((p) => p.includes('409'))).toBe(true);
    dash.problems.length = 0;
  });

  it('asks before an auto-stop already behind the test ends it, and ends it only when confirmed', async () => {
    // A test that began 21 days (and an hour) ago, with one exposure a day per variant.
    const DAY = 86_400_000;
    const createdAt = new Date(Date.now() - 21 * DAY - 3_600_000);
    const id = 'autostopconfirm';
    const [template] = tests;
    const record = await dash.store.getExperiment(PROPERTY, template.experiment_id);
    await dash.store.createExperiment({
      ...record!,
      id,
      name: 'Ends on confirmation',
      created_at: createdAt,
      status: 'active',
      stopped_at: null,
      reason: null,
      auto_stop_days: null,
    });
    const events: StoredEvent[] = Array.from({ length: 42 }, (_, i) => {
      const visit = (over: Partial<StoredEvent> & Pick<StoredEvent, 'ts'>) =>
        storedEvent({
          property_id: PROPERTY,
          visitor_id: `acv${i}`,
          session_id: `acs${i}`,
          path: record!.page,
          country: 'US',
          device: 'desktop',
          ...over,
        });
      const at = createdAt.getTime() + Math.floor(i / 2) * DAY + 60_000;
      // the page view an exposure needs to count
      return [
        visit({ ts: new Date(at) }),
        visit({ type: 'exposure', ts: new Date(at), experiment_id: id, variant: i % 2 }),
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
    await expect
      .poll(() => page.getByTestId('auto-stop-confirm').textContent())
      .toContain('This ends the test now, with results up to day 10.');
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
    const d = await dash.api<
      Detail & { stopped_at: string; created_at: string; stats: { estimated_days_to_call: number | null } }
    >(`/properties/${PROPERTY}/split-tests/${id}`);
    expect([d.status, d.reason, d.auto_stop_days]).toEqual(['complete', 'auto_stop', 10]);
    expect(Date.parse(d.stopped_at) - Date.parse(d.created_at)).toBe(10 * DAY);
    expect(d.variants.map((v) => v.sessions)).toEqual([10, 10]);
    // The ended page: the verdict in the past tense, when auto-stop ended it, no sample still to gather.
    await expect.poll(() => page.getByTestId('verdict').textContent()).toBe(d.stats.verdict);
    expect(d.stats.verdict).toMatch(/when it stopped/);
    expect(d.stats.verdict).not.toMatch(/more days?|yet/);
    expect(d.stats.estimated_days_to_call).toBeNull();
    expect(await page.getByTestId('verdict-facts').count()).toBe(0);
    const ended = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'America/New_York' }).format(
      new Date(d.stopped_at),
    );
    expect(await page.getByTestId('auto-stop').textContent()).toBe(`Ended the test on ${ended}, after 10 days`);
    expect(patches).toHaveLength(2); // the 30-day save and the confirmed one
    expect(dash.problems).toEqual([]);
  });
});

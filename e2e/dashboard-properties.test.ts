import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkPageQuality, screenshotOnFailure, startDashboard, type Dashboard } from './support/dashboard-harness.js';
import { CHROME_UA } from './support/tracker-harness.js';

const SLOW = { timeout: 20_000 };

// Issue 13 §18: a new property waits for its first event, then says it receives them; it can be
// edited, and deleted only while it has no data (typing its name to confirm).
describe('dashboard: a property from creation to deletion', () => {
  let dash: Dashboard;
  let page: Page;
  const list = () => page.getByTestId('property-list');
  const row = (name: string) => list().locator('tbody tr', { hasText: name });
  const status = () => page.getByTestId('snippet-status');

  beforeAll(async () => {
    dash = await startDashboard();
    page = dash.page;
    page.setDefaultTimeout(15_000);
  }, 300_000);
  afterAll(async () => dash?.close());
  afterEach(screenshotOnFailure(() => page, 'properties-lifecycle'));

  it('waits for the first event, then receives it; edits; refuses to delete a property with data', async () => {
    await page.goto(`${dash.origin}/properties`);
    await expect.poll(() => list().locator('tbody tr').count(), SLOW).toBe(3);
    await page.locator('#property-name').fill('Landing Page');
    await page.locator('#property-id').fill('landing');
    await page.getByRole('button', { name: 'Create property' }).click();
    await expect.poll(() => status().textContent(), SLOW).toContain('Waiting for the first event');
    await checkPageQuality(page, 'property-waiting');

    // A page view as the snippet sends it; the panel polls and turns without a reload.
    const sentAt = Date.now();
    const res = await fetch(`${dash.origin}/api/collect`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'user-agent': CHROME_UA },
      body: JSON.stringify({
        type: 'pageview',
        property_id: 'landing',
        visitor_id: 'v-e2e',
        session_id: 's-e2e',
        path: '/welcome',
      }),
    });
    expect(res.status).toBe(202);
    await expect.poll(() => status().textContent(), { timeout: 30_000 }).toContain('Receiving events');
    const at = await status().locator('time').getAttribute('datetime');
    expect(Math.abs(Date.parse(at!) - sentAt)).toBeLessThan(60_000);
    await checkPageQuality(page, 'property-receiving');

    // Edit: a bad domain is refused on its field before sending; a good one is saved and listed.
    await row('Landing Page').getByRole('button', { name: 'Edit Landing Page' }).click();
    const form = page.getByTestId('edit-property');
    await form.locator('#edit-property-domain').fill('landing.example.com/path');
    await expect.poll(() => page.locator('#edit-property-domain-error').textContent()).toContain('host name');
    await form.locator('#edit-property-domain').fill('https://Landing.Example.com/');
    await form.locator('#edit-property-name').fill('Landing 2026');
    await form.locator('#edit-property-zone').selectOption('Europe/Berlin');
    await checkPageQuality(page, 'property-edit');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => row('Landing 2026').count(), SLOW).toBe(1);
    const saved = (await (await page.request.get(`${dash.origin}/api/admin/v1/properties`)).json()).data.find(
      (p: { id: string }) => p.id === 'landing',
    );
    expect(saved).toMatchObject({ name: 'Landing 2026', domain: 'landing.example.com', timezone: 'Europe/Berlin' });

    // It has data: the dialog says why it cannot go, and the property stays.
    await row('Landing 2026').getByRole('button', { name: 'Delete Landing 2026' }).click();
    const dialog = page.getByTestId('delete-property-dialog');
    await dialog.getByRole('textbox').fill('Landing 2026');
    await dialog.getByRole('button', { name: 'Delete property' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent(), SLOW).toContain('cannot be deleted');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await row('Landing 2026').count()).toBe(1);
  });

  it('deletes a property without events after its name is typed, and the header picker drops it', async () => {
    await page.goto(`${dash.origin}/properties`);
    await page.locator('#property-name').fill('Typo Site');
    await page.locator('#property-id').fill('typo-site');
    await page.getByRole('button', { name: 'Create property' }).click();
    await expect.poll(() => row('Typo Site').count(), SLOW).toBe(1);

    await row('Typo Site').getByRole('button', { name: 'Delete Typo Site' }).click();
    const dialog = page.getByTestId('delete-property-dialog');
    await checkPageQuality(page, 'property-delete');
    // A wrong name deletes nothing and says what is missing.
    await dialog.getByRole('textbox').fill('Typo');
    await dialog.getByRole('button', { name: 'Delete property' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toContain('Type the property’s name');
    await dialog.getByRole('textbox').fill('Typo Site');
    await dialog.getByRole('button', { name: 'Delete property' }).click();
    await expect.poll(() => row('Typo Site').count(), SLOW).toBe(0);
    expect(await dialog.count()).toBe(0);

    // Its id is not given again.
    await page.locator('#property-name').fill('Typo Site');
    await page.locator('#property-id').fill('typo-site');
    await page.getByRole('button', { name: 'Create property' }).click();
    await expect.poll(() => page.locator('#property-id-error').textContent(), SLOW).toContain('deleted');
    dash.problems.length = 0; // the refused create is a deliberate 409

    await page.goto(`${dash.origin}/traffic`);
    const picker = page.getByRole('combobox', { name: /^Property\b/ });
    await expect.poll(() => picker.locator('option').allTextContents(), SLOW).not.toContain('Typo Site (typo-site)');
  });
});

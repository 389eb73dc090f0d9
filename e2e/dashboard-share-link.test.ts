import type { BrowserContext, Page } from 'playwright-core';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOT_DIR, screenshotOnFailure, startDashboard, type Dashboard } from './support/dashboard-harness.js';
import { secondBrowser } from './support/second-browser.js';

const SLOW = { timeout: 20_000 };

// A share link as an admin makes it and someone without an account opens it (issue 43 §4): the
// Traffic page of the one property, in that property's time zone (Acme Docs: Europe/Berlin, not the
// first property's New York), and nothing else of the dashboard.
describe('dashboard: a share link opened signed out', () => {
  let dash: Dashboard;
  let guest: BrowserContext;
  let page: Page;
  let link = '';
  const problems: string[] = [];

  beforeAll(async () => {
    dash = await startDashboard();
    ({ context: guest, page } = await secondBrowser(dash.browser, problems));
  }, 300_000);
  afterEach(screenshotOnFailure(() => page, 'share-link'));
  afterAll(async () => {
    await guest?.close();
    await dash?.close();
  });

  it('is made on the Properties page and shown once to copy', async () => {
    const admin = dash.page;
    await admin.goto(`${dash.origin}/properties`);
    await admin.getByRole('button', { name: 'Share links of Acme Docs' }).click();
    const section = admin.getByRole('region', { name: 'Share links of Acme Docs' });
    await section.getByLabel('Label').fill('Board report');
    await section.getByRole('button', { name: 'Create share link' }).click();
    const url = section.locator('.share-link-url').first();
    await expect.poll(() => url.isVisible(), SLOW).toBe(true);
    link = (await url.textContent())!;
    expect(link).toMatch(new RegExp(`^${dash.origin}/share/[0-9A-Za-z]{40,}$`));
    await section.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => section.locator('tbody tr').first().textContent(), SLOW).toContain('Board report');
    expect(await section.locator('tbody tr').first().textContent()).toContain('active');
  });

  it('opens the Traffic page of that property, in its time zone, and nothing else', async () => {
    await page.goto(link);
    await expect.poll(() => page.locator('.page-title').textContent(), SLOW).toContain('Acme Docs · Europe/Berlin');
    expect(await page.getByRole('note').textContent()).toBe('Shared view of Acme Docs');
    // The figures arrived (a refused read would show an error card instead).
    await expect.poll(() => page.locator('.kpi-value').count(), SLOW).toBeGreaterThan(0);
    expect(await page.locator('.error[role=alert]').count()).toBe(0);
    // No app navigation, property picker, account or sign-in.
    for (const name of ['Properties', 'Team', 'API access', 'Experiments', 'Pages'])
      expect(await page.getByRole('link', { name, exact: true }).count()).toBe(0);
    expect(await page.getByLabel('Property', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /sign in/i }).count()).toBe(0);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'share-link-traffic.png'), fullPage: true });
    expect(problems).toEqual([]);

    // A report the link does not name still shows Traffic; the app's own pages ask to sign in.
    await page.goto(`${link}?report=pages`);
    await expect.poll(() => page.locator('.page-title').textContent(), SLOW).toContain('Traffic');
    await page.goto(`${dash.origin}/properties`);
    await expect.poll(() => page.getByRole('heading', { name: /sign in/i }).count(), SLOW).toBeGreaterThan(0);
  });
});

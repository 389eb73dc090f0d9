import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { secondBrowser } from './support/second-browser.js';
import { join } from 'node:path';
import {
  checkPageQuality,
  SCREENSHOT_DIR,
  screenshotOnFailure,
  startDashboard,
  type Dashboard,
} from './support/dashboard-harness.js';

const SLOW = { timeout: 20_000 };
const EMAIL = 'tomas@example.com';
const PASSWORD = 'tomas reads the reports';
/** What the browser logs for an answer the test asked for (401 signed out, 403 refused, 409 taken). */
const DELIBERATE = /^Failed to load resource: the server responded with a status of 4(01|03|09)/;
const VIEWER_NOTE =
  'Your account can read reports only (viewer). Creating, changing and stopping split tests needs the editor role or higher.';

// The Team page as an owner uses it: invite a viewer, copy the link, hand it over; the viewer sets a
// password and reads reports without the controls that change tests; the owner disables the viewer,
// and the viewer's next page load is the sign-in form.
describe('dashboard: the Team page (an owner invites, then disables, a viewer)', () => {
  let dash: Dashboard;
  /** The owner: the harness's browser, signed in by the printed link (an owner's session). */
  let owner: Page;
  /** The invited viewer's browser: a profile of its own. */
  let viewer: BrowserContext;
  let page: Page;
  let link = '';
  const problems: string[] = [];
  const unexpected = () => problems.filter((p) => !DELIBERATE.test(p));
  const row = (p: Page, email: string) => p.getByTestId('team-table').locator('tr', { hasText: email });

  beforeAll(async () => {
    dash = await startDashboard();
    owner = dash.page;
    await dash.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: dash.origin });
    ({ context: viewer, page } = await secondBrowser(dash.browser, problems));
  }, 300_000);
  afterEach(screenshotOnFailure(() => page, 'team'));
  afterAll(async () => {
    await viewer?.close();
    await dash?.close();
  });

  it('invites a viewer from the Team page and shows a one-time link to copy', async () => {
    await owner.goto(`${dash.origin}/traffic`);
    await owner.getByRole('navigation').getByRole('link', { name: 'Team' }).click();
    await owner.waitForURL(/\/team/, SLOW);
    const form = owner.getByRole('form', { name: 'Invite someone' });
    await expect.poll(() => form.isVisible(), SLOW).toBe(true);
    // The printed link's session is an owner's: it may invite owners too.
    const roles = await owner.getByLabel('Role', { exact: true }).locator('option').allTextContents();
    expect(roles.map((r) => r.split(':')[0])).toEqual(['Owner', 'Admin', 'Editor', 'Viewer']);

    await owner.getByLabel('Email', { exact: true }).fill('not an email');
    await form.getByRole('button', { name: 'Invite and make a link' }).click();
    await expect
      .poll(() => owner.locator('#invite-email-error').textContent())
      .toBe('an email address, e.g. ana@example.com');
    // Some properties, none ticked: said at the properties.
    await owner.getByLabel('Only some').check();
    await owner.getByLabel('Email', { exact: true }).fill(EMAIL);
    await form.getByRole('button', { name: 'Invite and make a link' }).click();
    await expect
      .poll(() => owner.locator('#invite-properties-error').textContent())
      .toBe('Pick at least one property, or choose all properties.');
    await owner.getByLabel('All properties, and any added later').check();
    await owner.getByLabel('Role', { exact: true }).selectOption('viewer');
    await form.getByRole('button', { name: 'Invite and make a link' }).click();

    const panel = owner.getByTestId('one-time-link');
    await expect.poll(() => panel.isVisible(), SLOW).toBe(true);
    expect(await panel.getByRole('heading').textContent()).toBe(`Link for ${EMAIL}`);
    expect(await panel.getByTestId('link-validity').textContent()).toMatch(
      /^Valid until \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M, works once; send it to them yourself \(this server sends no email: docs\/mail\.md\)\./,
    );
    await panel.getByRole('button', { name: `Copy the link for ${EMAIL}` }).click();
    await expect.poll(() => panel.getByRole('status').textContent()).toBe('Copied.');
    link = await owner.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${dash.origin}/set-password\\?token=[0-9A-Za-z]{20,64}$`));
    expect(await panel.locator('code').textContent()).toBe(link);

    // The table lists the invitation, in words and with its badge.
    const invited = row(owner, EMAIL);
    await expect.poll(() => invited.locator('.team-state').textContent(), SLOW).toBe('Invited');
    expect(await invited.locator('td').nth(1).textContent()).toBe('viewer');
    expect(await invited.locator('td').nth(2).textContent()).toBe('All properties');
    await checkPageQuality(owner, 'team');

    // The same email again: 409, said at the email field.
    await owner.getByLabel('Email', { exact: true }).fill(EMAIL);
    await form.getByRole('button', { name: 'Invite and make a link' }).click();
    await expect
      .poll(() => owner.locator('#invite-email-error').textContent(), SLOW)
      .toBe(`${EMAIL} has an account already`);
    dash.problems.splice(0); // the deliberate 409
  });

  it('lists the invitation in the owner’s audit log, by whom and for which account', async () => {
    const accounts = (await owner.evaluate(() => fetch('/api/admin/v1/accounts').then((r) => r.json()))) as {
      data: { id: string; email: string }[];
    };
    const id = accounts.data.find((a) => a.email === EMAIL)?.id;
    expect(id).toBeTruthy();
    // A fresh load: the log is written just after the answer, apart from it.
    await owner.goto(`${dash.origin}/team`);
    const section = owner.getByTestId('audit-log');
    const invited = section.getByTestId('audit-table').locator('tr', { hasText: `created=${id}` });
    await expect.poll(() => invited.locator('td').nth(2).textContent(), SLOW).toBe('Invited someone');
    expect(await invited.locator('td').nth(1).textContent()).toBe('the printed sign-in link');
    expect(await invited.locator('td').nth(0).textContent()).toMatch(
      /^\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2}:\d{2} [AP]M$/,
    );
    expect(await section.getByRole('button', { name: 'Download Audit log as CSV' }).count()).toBe(1);
    await checkPageQuality(owner, 'team-audit');
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: join(SCREENSHOT_DIR, 'team-audit-log.png') });
  });

  it('lets the invited viewer set a password from the link and read Traffic', async () => {
    await page.goto(link);
    await expect.poll(() => page.getByTestId('link-email').textContent(), SLOW).toBe(EMAIL);
    await page.getByLabel('New password').fill(PASSWORD);
    await page.getByLabel('The same password again').fill(PASSWORD);
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await page.waitForURL(/\/traffic/, SLOW);
    await expect.poll(() => page.locator('[data-kpi=unique_visitors] .kpi-value').textContent(), SLOW).toMatch(/\d/);
    expect(await page.getByRole('link', { name: 'Team' }).count()).toBe(0);
    expect(unexpected()).toEqual([]);
  });

  it('shows the viewer no control that changes split tests, and one line why', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Experiments' }).click();
    await expect.poll(() => page.getByTestId('role-note').textContent(), SLOW).toBe(VIEWER_NOTE);
    await expect.poll(() => page.locator('table a[href*="/experiments/"]').count(), SLOW).toBeGreaterThan(0);
    expect(await page.getByRole('link', { name: 'New experiment' }).count()).toBe(0);

    // A running test's page: its figures, without rename, auto-stop or stop.
    await page.locator('table a[href*="/experiments/"]').first().click();
    await expect.poll(() => page.getByTestId('experiment-name').isVisible(), SLOW).toBe(true);
    await expect.poll(() => page.getByTestId('role-note').textContent(), SLOW).toBe(VIEWER_NOTE);
    expect(await page.getByRole('button', { name: /Stop test|Save|Archive|Delete/ }).count()).toBe(0);

    // The wizard's address, typed: the line why instead of the form.
    await page.goto(`${dash.origin}/experiments/new`);
    await expect.poll(() => page.getByTestId('role-note').textContent(), SLOW).toBe(VIEWER_NOTE);
    expect(await page.getByRole('button', { name: 'Next' }).count()).toBe(0);
    expect(unexpected()).toEqual([]);
  });

  it('disables the viewer after a confirm; the viewer’s next page load is the sign-in form', async () => {
    await owner.goto(`${dash.origin}/team`);
    const account = row(owner, EMAIL);
    await expect.poll(() => account.locator('.team-state').textContent(), SLOW).toBe('Active');
    await account.getByRole('button', { name: `Disable ${EMAIL}` }).click();
    const dialog = owner.getByTestId('confirm-account-state');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Disable' }).click();
    await expect.poll(() => owner.getByTestId('team-notice').textContent(), SLOW).toBe(`${EMAIL} is disabled.`);
    await expect.poll(() => account.locator('.team-state').textContent(), SLOW).toBe('Disabled');
    // A disabled account gets no new link until it is enabled again.
    expect(await account.getByRole('button', { name: `New link for ${EMAIL}` }).count()).toBe(0);

    await page.reload();
    await expect.poll(() => page.getByRole('region', { name: 'Sign in to Sightline' }).isVisible(), SLOW).toBe(true);
    expect(dash.problems).toEqual([]);
  });
});

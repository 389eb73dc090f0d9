import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { secondBrowser } from './support/second-browser.js';
import { createAccount, setPasswordLink } from '../src/server/auth/account-links.js';
import {
  checkPageQuality,
  SCREENSHOT_DIR,
  screenshotOnFailure,
  startDashboard,
  type Dashboard,
} from './support/dashboard-harness.js';

const SLOW = { timeout: 20_000 };
const EMAIL = 'vera@example.com';
const PASSWORD = 'a viewer reads reports';
/** What the browser logs for an answer the test asked for (401 signed out, 403 refused). */
const DELIBERATE = /^Failed to load resource: the server responded with a status of 40[13]/;

// Accounts in the dashboard (issue 43), as a new viewer lives them: an owner's set-password link,
// a password, the dashboard as a viewer (reports yes, admin controls no, the API refusing what the
// page hides), sign out, and back in through the sign-in form.
describe('dashboard: accounts and roles (a viewer)', () => {
  let dash: Dashboard;
  let link: string;
  /** The viewer's browser: a profile of its own, never signed in by the harness's printed link. */
  let viewer: BrowserContext;
  let page: Page;
  const problems: string[] = [];
  const unexpected = () => problems.filter((p) => !DELIBERATE.test(p));
  /** Who is signed in, as shown: beside the navigation at this width (a copy waits in the phone's Menu). */
  const accountMenu = (p: Page) => p.getByTestId('account-menu').filter({ visible: true });

  beforeAll(async () => {
    dash = await startDashboard();
    // As `npm run cli -- users create --email … --role viewer` does: an account without a password, and its link.
    const { token } = await createAccount(dash.store, { email: EMAIL, role: 'viewer', property_ids: [] });
    link = setPasswordLink(dash.origin, token);
    ({ context: viewer, page } = await secondBrowser(dash.browser, problems));
  }, 300_000);
  afterEach(screenshotOnFailure(() => page, 'accounts'));
  afterAll(async () => {
    await viewer?.close();
    await dash?.close();
  });

  it('shows a browser without a session the sign-in form, and says a wrong password in words', async () => {
    await page.goto(`${dash.origin}/traffic`);
    const form = page.getByRole('region', { name: 'Sign in to Sightline' });
    await expect.poll(() => form.isVisible(), SLOW).toBe(true);
    // The other ways in stay: the printed link for a new install, and a key.
    expect(await form.textContent()).toContain('one-time link the server printed');
    expect(await form.getByRole('link', { name: 'connect with an API key' }).count()).toBe(1);
    await checkPageQuality(page, 'accounts-sign-in');

    // The contract's rules before anything is sent.
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect
      .poll(() => page.locator('#sign-in-email-error').textContent())
      .toBe('an email address, e.g. ana@example.com');
    expect(await page.locator('#sign-in-password-error').textContent()).toBe('Required.');
    // No account has this password (Vera has none yet): 401, said without telling which part was wrong.
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByTestId('sign-in-error').textContent(), SLOW).toBe('Wrong email or password.');
    expect(await page.getByLabel('Password').inputValue()).toBe('');
    expect(unexpected()).toEqual([]);
  });

  it('sets the password from the link, and lands signed in on the dashboard as a viewer', async () => {
    await page.goto(link);
    await expect.poll(() => page.getByTestId('link-email').textContent(), SLOW).toBe(EMAIL);
    expect(await page.locator('main').textContent()).toContain(`Set the password for ${EMAIL}`);
    expect(await page.locator('#new-password-help').textContent()).toMatch(/^At least 10 characters\./);
    await checkPageQuality(page, 'accounts-set-password');

    const submit = page.getByRole('button', { name: 'Set password and sign in' });
    await page.getByLabel('New password').fill('too short');
    await page.getByLabel('The same password again').fill('too short');
    await submit.click();
    await expect.poll(() => page.locator('#new-password-error').textContent()).toBe('at least 10 characters');
    await page.getByLabel('New password').fill(PASSWORD);
    await page.getByLabel('The same password again').fill(`${PASSWORD}!`);
    await submit.click();
    await expect
      .poll(() => page.locator('#confirm-password-error').textContent())
      .toBe('The two passwords are not the same.');
    await page.getByLabel('The same password again').fill(PASSWORD);
    await submit.click();

    // Home is Traffic; the header says who is signed in, and with what role.
    await page.waitForURL(/\/traffic/, SLOW);
    const menu = accountMenu(page);
    await expect.poll(() => menu.textContent(), SLOW).toBe(`${EMAIL} viewerSecuritySign out`);
    await expect.poll(() => page.locator('[data-kpi] .kpi-value').count(), SLOW).toBeGreaterThan(0);
    const visitors = page.locator('[data-kpi=unique_visitors] .kpi-value');
    await expect.poll(() => visitors.textContent(), SLOW).toMatch(/^[\d,.]+K?$/);
    expect(unexpected()).toEqual([]);
    await checkPageQuality(page, 'accounts-viewer-traffic');

    // The link worked once: opened again it says so, and what to ask for.
    const again = await viewer.newPage();
    await again.goto(link);
    await expect
      .poll(() => again.getByTestId('link-unusable').textContent(), SLOW)
      .toContain('This link is used or expired');
    expect(await again.getByTestId('link-unusable').textContent()).toContain(
      'npm run cli -- users reset-password --email',
    );
    await again.close();
    problems.length = 0; // the deliberate 404 of the used link
  });

  it('hides what a viewer may not change, and says why once per page', async () => {
    await page.goto(`${dash.origin}/goals`);
    await expect.poll(() => page.locator('.goal-item').count(), SLOW).toBeGreaterThan(0);
    expect(await page.getByTestId('role-note').textContent()).toBe(
      'Your account can read reports only (viewer). Adding and deleting goals needs the editor role or higher.',
    );
    expect(await page.getByRole('button', { name: /^Delete / }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Add goal/ }).count()).toBe(0);
    await checkPageQuality(page, 'accounts-viewer-goals');

    await page.goto(`${dash.origin}/properties`);
    await expect.poll(() => page.locator('[data-testid="property-list"] tbody tr').count(), SLOW).toBe(3);
    expect(await page.getByRole('button', { name: 'Create property' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^(Edit|Delete) / }).count()).toBe(0);
    // Reading a property's snippet is still there.
    expect(await page.getByRole('button', { name: /^Show the snippet of / }).count()).toBe(3);
    expect(unexpected()).toEqual([]);
  });

  it('shows no key controls on API access, and the API refuses a viewer’s key create (403)', async () => {
    await page.goto(`${dash.origin}/api-access`);
    await expect
      .poll(() => page.getByTestId('role-note').textContent(), SLOW)
      .toBe(
        'Your account can read reports only (viewer). Creating and revoking API keys needs the admin role or higher.',
      );
    expect(await page.getByRole('button', { name: 'Create key' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Create a sign-in link' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Revoke / }).count()).toBe(0);
    await checkPageQuality(page, 'accounts-viewer-api-access');

    // What the page hides, the server refuses: the write as the dashboard would send it, CSRF token and all.
    const before = (await dash.store.listApiKeys()).length;
    const answer = await page.evaluate(async () => {
      const session = await (await fetch('/api/admin/v1/session')).json();
      const res = await fetch('/api/admin/v1/keys', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrf_token },
        body: JSON.stringify({ name: 'viewer key', property_ids: ['acme-shop'] }),
      });
      return { session, status: res.status, body: await res.json() };
    });
    expect(answer.session).toMatchObject({ role: 'viewer', account: { email: EMAIL, role: 'viewer' } });
    expect(answer.status).toBe(403);
    expect(answer.body.error).toMatchObject({ code: 'forbidden', details: { role: 'viewer', needs: 'admin' } });
    expect((await dash.store.listApiKeys()).length).toBe(before);
    problems.length = 0; // the deliberate 403
  });

  it('signs out from the header, then back in through the sign-in form', async () => {
    await page.goto(`${dash.origin}/traffic`);
    // A phone keeps its header one row: who is signed in, and the way out, fold into the Menu.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await accountMenu(page).count()).toBe(0);
    await page.getByRole('button', { name: 'Menu' }).click();
    const folded = page.getByRole('navigation').getByTestId('account-menu');
    await expect.poll(() => folded.isVisible()).toBe(true);
    expect(await folded.getByRole('button', { name: 'Sign out' }).isVisible()).toBe(true);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'accounts-viewer-phone-menu.png') });
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Sign out' }).click();
    const form = page.getByRole('region', { name: 'Sign in to Sightline' });
    await expect.poll(() => form.isVisible(), SLOW).toBe(true);
    expect(await accountMenu(page).count()).toBe(0);
    expect((await page.request.get(`${dash.origin}/api/admin/v1/session`)).status()).toBe(401);

    await page.getByLabel('Email').fill(` ${EMAIL.toUpperCase()} `); // the contract trims and lowercases
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => accountMenu(page).textContent(), SLOW).toBe(`${EMAIL} viewerSecuritySign out`);
    await expect.poll(() => page.locator('[data-kpi=unique_visitors] .kpi-value').textContent(), SLOW).toMatch(/\d/);
    expect(await form.count()).toBe(0);
    problems.length = 0; // the signed-out page's deliberate 401s
    // The owner's browser (the printed link's session) is untouched, and is told it is the owner.
    await dash.page.goto(`${dash.origin}/api-access`);
    await expect
      .poll(() => accountMenu(dash.page).textContent(), SLOW)
      .toBe('Signed in with a one-time link ownerSign out');
    expect(await dash.page.getByRole('button', { name: 'Create a sign-in link' }).count()).toBe(1);
    expect(dash.problems).toEqual([]);
  });
});

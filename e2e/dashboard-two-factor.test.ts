import { join } from 'node:path';
import { generateSync } from 'otplib';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../src/server/auth/account-links.js';
import { hashPassword } from '../src/server/auth/passwords.js';
import {
  checkPageQuality,
  SCREENSHOT_DIR,
  screenshotOnFailure,
  startDashboard,
  type Dashboard,
} from './support/dashboard-harness.js';
import { secondBrowser } from './support/second-browser.js';

const SLOW = { timeout: 20_000 };
const EMAIL = 'tess@example.com';
const PASSWORD = 'two factors are better';
/** What the browser logs for an answer the test asked for (401 signed out). */
const DELIBERATE = /^Failed to load resource: the server responded with a status of 401/;

// Two-factor sign-in in the dashboard (issue 43 §7), as an editor lives it: turn it on from the
// Security page (the key shown there goes into this test's own "authenticator app"), save the
// recovery codes, sign out, and sign in again with the password and a code.
describe('dashboard: two-factor sign-in', () => {
  let dash: Dashboard;
  let context: BrowserContext;
  let page: Page;
  let secret = '';
  const problems: string[] = [];
  const unexpected = () => problems.filter((p) => !DELIBERATE.test(p));
  /** The code the app shows; `ahead` steps on, since a code of a step already taken is refused. */
  const code = (ahead = 0) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * ahead });

  beforeAll(async () => {
    dash = await startDashboard();
    const { account } = await createAccount(dash.store, { email: EMAIL, role: 'editor', property_ids: [] });
    await dash.store.updateAccount({ ...account, password_hash: await hashPassword(PASSWORD) });
    ({ context, page } = await secondBrowser(dash.browser, problems));
  }, 300_000);
  afterEach(screenshotOnFailure(() => page, 'two-factor'));
  afterAll(async () => {
    await context?.close();
    await dash?.close();
  });

  const signInWithPassword = async () => {
    await page.goto(`${dash.origin}/traffic`);
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
  };

  it('turns on two-factor with the QR code’s key and a code, and shows the recovery codes once', async () => {
    await signInWithPassword();
    await page.waitForURL(/\/traffic/, SLOW);
    await page.getByRole('link', { name: 'Security' }).filter({ visible: true }).click();
    await page.waitForURL(/\/account\/security/, SLOW);
    await expect.poll(() => page.getByTestId('two-factor-state').textContent(), SLOW).toMatch(/is off/);
    await page.getByRole('button', { name: 'Set up two-factor' }).click();
    const qr = page.getByRole('img', { name: 'QR code of your two-factor key for Sightline' });
    await expect.poll(() => qr.isVisible(), SLOW).toBe(true);
    // Drawn by the server into the page: nothing is fetched from elsewhere.
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    secret = (await page.getByTestId('two-factor-key').textContent())!.replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'two-factor-enrolment.png'), fullPage: true });
    await checkPageQuality(page, 'two-factor-setup');

    await page.getByLabel('Code from the app').fill('12345');
    await page.getByRole('button', { name: 'Turn on two-factor' }).click();
    await expect
      .poll(() => page.locator('#two-factor-confirm-error').textContent())
      .toBe('The 6-digit code from your authenticator app.');
    await page.getByLabel('Code from the app').fill(code());
    await page.getByRole('button', { name: 'Turn on two-factor' }).click();
    const codes = page.getByTestId('recovery-codes');
    await expect.poll(() => codes.locator('li').count(), SLOW).toBe(10);
    expect(await codes.locator('li').first().textContent()).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(await codes.getByRole('button', { name: 'Copy the recovery codes' }).count()).toBe(1);
    await checkPageQuality(page, 'two-factor-recovery-codes');
    await codes.getByRole('button', { name: 'I have saved them' }).click();
    await expect.poll(() => page.getByTestId('two-factor-state').textContent(), SLOW).toMatch(/is on since/);
    expect(await page.getByTestId('two-factor-state').textContent()).toContain('10 of 10 recovery codes left');
    expect(unexpected()).toEqual([]);
  });

  it('asks for the code after the password, and signs in with it', async () => {
    await page.getByRole('button', { name: 'Sign out' }).filter({ visible: true }).click();
    await expect.poll(() => page.getByLabel('Email').isVisible(), SLOW).toBe(true);
    await signInWithPassword();
    const step = page.getByTestId('second-factor-form');
    await expect.poll(() => step.isVisible(), SLOW).toBe(true);
    await checkPageQuality(page, 'two-factor-sign-in-code');
    // The option of a recovery code is there, and back.
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    expect(await page.getByLabel('Recovery code').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Use the app’s code' }).click();
    await page.getByLabel('Code').fill('000000' === code(1) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect
      .poll(() => page.locator('#sign-in-code-error').textContent(), SLOW)
      .toBe('That code is not right, or was used already. Try the newest code.');
    await page.getByLabel('Code').fill(code(1));
    await page.getByRole('button', { name: 'Sign in' }).click();
    const menu = page.getByTestId('account-menu').filter({ visible: true });
    await expect.poll(() => menu.textContent(), SLOW).toBe(`${EMAIL} editorSecuritySign out`);
    await expect.poll(() => page.locator('[data-kpi] .kpi-value').count(), SLOW).toBeGreaterThan(0);
    problems.length = 0; // the deliberate 401s: signed out, then a wrong code
  });

  it('lets an owner require it of everyone and turn it off for a lost phone, from the Team page', async () => {
    // The harness's own browser is the printed link's session: an owner.
    const owner = dash.page;
    await owner.goto(`${dash.origin}/team`);
    const row = owner.getByRole('row').filter({ hasText: EMAIL });
    await expect.poll(() => row.locator('td').nth(4).textContent(), SLOW).toBe('on');
    const require = owner.getByLabel('Require two-factor for everyone');
    await expect.poll(() => require.isEnabled(), SLOW).toBe(true);
    // A click, not check(): the box shows the server's answer, so it ticks only once the change is saved.
    await require.click();
    await expect.poll(async () => (await dash.store.getSignInSetting('require_2fa')) ?? '', SLOW).toBe('on');
    await checkPageQuality(owner, 'two-factor-team');

    await row.getByRole('button', { name: `Turn off two-factor for ${EMAIL}` }).click();
    const dialog = owner.getByTestId('confirm-reset-two-factor');
    await dialog.getByRole('button', { name: 'Turn off two-factor' }).click();
    await expect.poll(() => row.locator('td').nth(4).textContent(), SLOW).toBe('off');
    await expect
      .poll(() => owner.getByTestId('team-notice').textContent(), SLOW)
      .toBe(`${EMAIL} signs in with the password alone until they turn two-factor on again.`);

    // Required and now without it: the next page the editor opens sends it to set two-factor up again.
    await page.goto(`${dash.origin}/traffic`);
    await page.waitForURL(/\/account\/security/, SLOW);
    await expect
      .poll(() => page.getByTestId('two-factor-required-note').textContent(), SLOW)
      .toBe('This dashboard requires two-factor sign-in. Turn it on to continue.');
    problems.length = 0; // the reports' deliberate 403s before the page moved on
  });
});

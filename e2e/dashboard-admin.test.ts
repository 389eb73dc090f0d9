import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPageQuality, startDashboard, type Dashboard } from './support/dashboard-harness.js';

const SLOW = { timeout: 20_000 };

// The admin pages over the demo data, signed in: create a property and copy its snippet, be told
// about a duplicate id on the field, create a key that works once shown, revoke it and see it fail.
describe('dashboard: Properties and API access (admin session)', () => {
  let dash: Dashboard;
  let page: Page;
  /** The admin API with the browser's own session cookie (Playwright shares the context's cookies). */
  const admin = async <T = any>(path: string): Promise<T> =>
    (await page.request.get(`${dash.origin}/api/admin/v1${path}`)).json();
  const fieldError = (id: string) => page.locator(`#${id}-error`);

  beforeAll(async () => {
    dash = await startDashboard();
    page = dash.page;
    page.setDefaultTimeout(15_000); // a missing element fails the step that wanted it, not the whole test
    await dash.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: dash.origin });
  }, 300_000);
  afterAll(async () => dash?.close());

  it('validates as you type, creates a property, shows its snippet to copy, and offers it in the header picker', async () => {
    await page.goto(`${dash.origin}/properties`);
    await expect.poll(() => page.locator('[data-testid="property-list"] tbody tr').count(), SLOW).toBe(3);

    // The contract's rule for ids, shown while typing, before anything is sent.
    await page.getByLabel('Id', { exact: true }).fill('-store');
    await expect
      .poll(() => fieldError('property-id').textContent())
      .toBe('1–64 characters of A–Z, a–z, 0–9, _ . -, starting with a letter or digit');
    expect(await page.getByLabel('Id', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Id', { exact: true }).fill('e2e-store');
    await expect.poll(() => fieldError('property-id').textContent()).toBe('');

    await page.getByLabel('Name', { exact: true }).fill('E2E Store');
    await page.getByLabel('Domain').fill('store.example');
    await page.getByLabel('Time zone').selectOption('Europe/Paris');
    await page.getByRole('button', { name: 'Create property' }).click();

    const snippet = page.getByTestId('tracker-snippet');
    await expect.poll(() => snippet.locator('h2').textContent(), SLOW).toBe('Created E2E Store (e2e-store)');
    const created = (
      await admin<{
        data: { id: string; timezone: string; domain: string; snippet: string; experiments_snippet: string }[];
      }>('/properties')
    ).data.find((p) => p.id === 'e2e-store');
    expect(created).toMatchObject({
      timezone: 'Europe/Paris',
      domain: 'store.example',
      snippet: `<script defer data-property="e2e-store" src="${dash.origin}/sightline.js"></script>`,
    });
    const shown = await snippet.locator('pre').allTextContents();
    expect(shown).toEqual([created!.snippet, created!.experiments_snippet]);

    await snippet.getByRole('button', { name: 'Copy tracker snippet' }).click();
    await expect.poll(() => snippet.getByRole('status').first().textContent()).toBe('Copied.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(created!.snippet);
    await checkPageQuality(page, 'properties');

    // The list has it, and so does the header picker on its Traffic page, without a reload.
    await expect.poll(() => page.locator('[data-testid="property-list"] tbody tr').count()).toBe(4);
    await snippet.getByRole('link', { name: "view E2E Store's Traffic" }).click();
    await page.waitForURL(/\/traffic\?.*property=e2e-store/);
    // A select's name includes its chosen option ("Property E2E Store (e2e-store)").
    const picker = page.getByRole('combobox', { name: /^Property\b/ });
    await expect
      .poll(() => picker.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent), SLOW)
      .toBe('E2E Store (e2e-store)');
    expect(await picker.locator('option').count()).toBe(4);
  });

  it("puts the server's refusal of a duplicate id on the id field", async () => {
    await page.goto(`${dash.origin}/properties`);
    await page.getByLabel('Name', { exact: true }).fill('Another shop');
    await page.getByLabel('Id', { exact: true }).fill('acme-shop');
    await page.getByRole('button', { name: 'Create property' }).click();
    await expect.poll(() => fieldError('property-id').textContent(), SLOW).toBe('property "acme-shop" already exists');
    expect(await page.getByLabel('Id', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('property-id');
    expect((await admin<{ data: unknown[] }>('/properties')).data).toHaveLength(4);
    dash.problems.length = 0; // the browser logs the deliberate 409
  });

  it('creates a key shown once with a curl quick start that works, lists it by prefix, and revokes it for good', async () => {
    await page.goto(`${dash.origin}/api-access`);
    await expect.poll(() => page.locator('[data-testid="key-list"] tbody tr').count(), SLOW).toBe(1); // the demo key

    // Nothing picked: the contract's rules in words, before any request.
    await page.getByRole('button', { name: 'Create key' }).click();
    await expect.poll(() => fieldError('key-name').textContent()).toBe('Required.');
    expect(await page.locator('#key-properties-error').textContent()).toBe('Pick at least one.');

    // Each permission says what it allows; a key made by hand starts able to read, not to change pages or reports.
    const readFigures = page.getByRole('checkbox', { name: 'Read figures and reports', exact: true });
    const runTests = page.getByRole('checkbox', { name: 'Create, change and stop split tests', exact: true });
    const configure = page.getByRole('checkbox', {
      name: 'Create, change and delete goals and saved funnels',
      exact: true,
    });
    expect([await readFigures.isChecked(), await runTests.isChecked(), await configure.isChecked()]).toEqual([
      true,
      false,
      false,
    ]);
    expect(
      await runTests.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby')!)?.textContent),
    ).toMatch(/^This changes what visitors of these sites see/);

    await page.getByLabel('Name', { exact: true }).fill('E2E reader');
    await page.getByRole('checkbox', { name: 'acme-docs' }).check();
    await page.getByRole('button', { name: 'Create key' }).click();

    const panel = page.getByTestId('new-key');
    await expect.poll(() => panel.locator('h2').textContent(), SLOW).toBe('Key “E2E reader” created');
    expect(await panel.textContent()).toContain('you will not see it again');
    const key = (await panel.getByTestId('new-key-value').textContent())!;
    const curl = (await panel.getByTestId('curl-quick-start').textContent())!;
    expect(
      curl.startsWith(
        `curl -H 'Authorization: Bearer ${key}' '${dash.origin}/api/external/v1/properties/acme-docs/traffic/summary?`,
      ),
    ).toBe(true);

    // The quick start's request, made with the key from the page, answers what the demo key sees.
    const url = /'(http[^']+)'$/.exec(curl)![1];
    const res = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.data).toEqual((await dash.api(url.slice(url.indexOf('/properties/')))).data);
    expect(body.data.page_views).toBeGreaterThan(0);
    // The key reads only the property it was made for, and cannot start a split test on it.
    expect(
      (await fetch(url.replace('acme-docs', 'acme-shop'), { headers: { authorization: `Bearer ${key}` } })).status,
    ).toBe(403);
    const started = await fetch(`${dash.origin}/api/external/v1/properties/acme-docs/split-tests`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Sneaky',
        page: '/',
        type: 'nocode',
        variants: [{ changes: [{ selector: 'h1', op: 'text', value: 'x' }] }],
      }),
    });
    expect(started.status).toBe(403);
    expect((await started.json()).error).toMatchObject({ code: 'forbidden', details: { permission: 'experiments' } });
    // Nor, reading only, save a funnel.
    const saved = await fetch(`${dash.origin}/api/external/v1/properties/acme-docs/saved-funnels`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Sneaky', steps: [{ page: '/' }] }),
    });
    expect(saved.status).toBe(403);
    expect((await saved.json()).error).toMatchObject({ code: 'forbidden', details: { permission: 'configure' } });

    await checkPageQuality(page, 'api-access');

    // Listed by name and prefix, never in full; once dismissed the key is gone from the page.
    const record = (
      await admin<{ data: { name: string; prefix: string; property_ids: string[] }[] }>('/keys')
    ).data.find((k) => k.name === 'E2E reader')!;
    expect(key.startsWith(record.prefix)).toBe(true);
    expect(record.property_ids).toEqual(['acme-docs']);
    await panel.getByRole('button', { name: 'I have copied it' }).click();
    const row = page.locator('[data-testid="key-list"] tbody tr').filter({ hasText: 'E2E reader' });
    await expect
      .poll(() => row.locator('td').allTextContents())
      .toEqual([
        'E2E reader',
        `${record.prefix}…`,
        'acme-docs',
        'Read figures and reports',
        expect.any(String),
        'ActiveRevoke',
      ]);
    const demoRow = page.locator('[data-testid="key-list"] tbody tr').filter({ hasText: 'demo' });
    expect(await demoRow.locator('td').nth(3).textContent()).toBe(
      'Read figures and reports; Create, change and stop split tests; Create, change and delete goals and saved funnels',
    );
    expect(await page.content()).not.toContain(key);

    // Revoke, confirmed in a dialog; the very next request with the key is refused.
    await row.getByRole('button', { name: 'Revoke E2E reader' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke “E2E reader”?' });
    expect(await dialog.textContent()).toContain('stops working immediately');
    await checkPageQuality(page, 'api-access-revoke');
    await dialog.getByRole('button', { name: 'Revoke key' }).click();
    await expect.poll(() => row.locator('td').last().textContent(), SLOW).toMatch(/^Revoked /);
    expect(await dialog.isVisible()).toBe(false);
    const after = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
    expect(after.status).toBe(401);
    expect((await after.json()).error.code).toBe('unauthorized');
    // The demo key is untouched.
    expect((await dash.api(url.slice(url.indexOf('/properties/')))).data).toEqual(body.data);
    expect(dash.problems).toEqual([]);
  });

  it('lets a signed-in admin create a one-time sign-in link that signs in another browser once', async () => {
    await page.goto(`${dash.origin}/api-access`);
    await page.getByRole('button', { name: 'Create a sign-in link' }).click();
    const shown = page.getByTestId('sign-in-link');
    const link = (await shown.locator('code').textContent({ timeout: 15_000 }))!;
    expect(link).toMatch(new RegExp(`^${dash.origin}/sign-in\\?token=[0-9A-Za-z]+$`));
    expect(await shown.textContent()).toContain('Works once, until');
    await checkPageQuality(page, 'api-access-sign-in-link');

    // Another browser (a fresh profile, no cookie) opens it and lands signed in on the dashboard.
    const other = await dash.browser.newContext({ locale: 'en-US' });
    const otherPage = await other.newPage();
    await otherPage.goto(link);
    await otherPage.waitForURL(`${dash.origin}/**`);
    expect((await otherPage.request.get(`${dash.origin}/api/admin/v1/session`)).status()).toBe(200);
    // A second use is refused, and the page says how to get another.
    const again = await (await dash.browser.newContext()).newPage();
    const res = await again.goto(link);
    expect(res!.status()).toBe(401);
    expect(await again.locator('body').textContent()).toContain('Create a sign-in link');
    await again.context().close();
    await other.close();
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.getByTestId('sign-in-link').count()).toBe(0);
  });

  it('explains in key mode that managing properties and keys needs the admin sign-in', async () => {
    const keyPage = await dash.context.newPage();
    await keyPage.goto(`${dash.origin}/properties`);
    await keyPage.evaluate(
      (key) =>
        sessionStorage.setItem(
          'sightline.connection',
          JSON.stringify({ mode: 'key', baseUrl: location.origin, key, propertyIds: ['acme-shop'] }),
        ),
      dash.key,
    );
    for (const path of ['/properties', '/api-access']) {
      await keyPage.goto(`${dash.origin}${path}`);
      await expect.poll(() => keyPage.locator('main').textContent(), SLOW).toContain('needs the admin sign-in');
      expect(await keyPage.getByRole('navigation').getByRole('link', { name: 'API access' }).count()).toBe(0);
    }
    await keyPage.close();
  });
});

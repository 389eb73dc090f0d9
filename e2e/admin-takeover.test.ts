import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newApiKey } from '../src/server/auth/api-keys.js';
import { issueSignInToken, signInLink } from '../src/server/auth/sign-in.js';
import { startRealServer, type RealServer } from './support/real-server.js';
import { CHROME_UA } from './support/tracker-harness.js';

// Issue 9 §1, as it was found: a key holder of `acme-shop` starts a test on the demo site whose change
// tries to use the admin's cookie, and the admin opens that page. The demo site now has its own
// origin, so whatever script runs there — through a change, or any hole in a customer's page — cannot
// write to the admin API nor read its CSRF token. The admin's key list is the witness.

/** What the attacker's script does: create an all-property key with the admin's cookie, every way a page can. */
const ATTACK = (dashboard: string) => `(async () => {
  const tries = [];
  const send = (init) => fetch('${dashboard}/api/admin/v1/keys', { method: 'POST', credentials: 'include', body: JSON.stringify({ name: 'pwned', property_ids: ['acme-shop'] }), ...init })
    .then((r) => r.status, (e) => 'blocked: ' + e.message);
  tries.push(await send({ headers: { 'content-type': 'application/json' } }));
  tries.push(await send({ headers: { 'content-type': 'text/plain' } }));
  tries.push(await send({ mode: 'no-cors', headers: { 'content-type': 'text/plain' } }));
  tries.push(await fetch('${dashboard}/api/admin/v1/session', { credentials: 'include' }).then((r) => r.text(), (e) => 'blocked: ' + e.message));
  window.__attack = tries;
})()`;

describe('a key holder cannot take over the admin through the demo site', () => {
  let server: RealServer;
  let admin: BrowserContext;
  const keyNames = async () => (await server.store.listApiKeys()).map((k) => k.name);

  beforeAll(async () => {
    server = await startRealServer({ country: 'NL' });
    admin = await server.browser.newContext({ userAgent: CHROME_UA });
    const page = await admin.newPage();
    await page.goto(signInLink(server.origin, await issueSignInToken(server.store)));
    expect((await admin.cookies()).map((c) => c.name)).toContain('sl_session');
  });
  afterAll(() => server?.close());

  it('serves the demo on another origin: /demo/ on the dashboard origin only redirects there', async () => {
    expect(new URL(server.demoOrigin).origin).not.toBe(new URL(server.origin).origin);
    const res = await fetch(`${server.origin}/demo/pricing`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${server.demoOrigin}/demo/pricing`);
  });

  it("the attacker's test runs on the page the admin opens, and the admin API refuses everything it tries", async () => {
    const { key, record } = newApiKey({
      name: 'attacker',
      propertyIds: ['acme-shop'],
      permissions: ['metrics', 'experiments'],
    });
    await server.store.createApiKey(record);
    const created = await fetch(`${server.origin}/api/external/v1/properties/acme-shop/split-tests`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Hero',
        page: '/demo/',
        type: 'nocode',
        variants: [
          {
            changes: [
              {
                selector: 'h1',
                op: 'html',
                value: `Welcome<img src=x onerror="${ATTACK(server.origin).replaceAll('"', '&quot;')}">`,
              },
            ],
          },
        ],
      }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const before = await keyNames();

    const page = await admin.newPage();
    await page.goto(`${server.origin}/demo/`); // the admin follows an old link: it lands on the demo origin
    expect(new URL(page.url()).origin).toBe(server.demoOrigin);
    // Whatever the sanitiser lets through, assume the worst: the attacker's script runs on this page.
    await page.evaluate(ATTACK(server.origin));
    const tries = await page
      .waitForFunction(() => (window as unknown as { __attack?: unknown[] }).__attack ?? false, undefined, {
        timeout: 10_000,
      })
      .then((h) => h.jsonValue() as Promise<unknown[]>);
    // JSON with the cookie: refused at the preflight (no CORS for the admin API); text/plain: 403 or opaque.
    expect(String(tries[0])).toMatch(/^blocked/);
    expect(
      tries.slice(1, 3).every((t) => t === 403 || t === 0 || String(t).startsWith('blocked')),
      JSON.stringify(tries),
    ).toBe(true);
    expect(String(tries[3])).toMatch(/^blocked/); // the CSRF token cannot be read from there
    expect(await keyNames()).toEqual(before);
    expect(before).not.toContain('pwned');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_LINK_TTL_MS } from '../auth/account-links.js';
import { hashKey } from '../auth/api-keys.js';
import { ADMIN } from '../test-support/admin-session.js';
import { createTestEnv } from '../test-support/fixtures.js';
import {
  createMailTestEnv,
  linkIn,
  MAIL_LINK_BASE,
  settleAfterAnswers,
  type MailTestEnv,
} from '../test-support/mail-test-env.js';

// "Forgot password?" (issue 43 §1): the same 202 whether the email has an account or not; a known
// one gets a one-time reset link (1 hour) by mail, an unknown one nothing; limited per address and email.

let now = Date.parse('2026-12-07T09:00:00Z');
let env: MailTestEnv;
beforeAll(async () => {
  env = await createMailTestEnv({ clock: () => now });
  await env.signedIn('ana@example.com', 'editor');
});
afterAll(() => env.close());

const ask = (email: string, ip = '203.0.113.7') =>
  env.app.inject({
    method: 'POST',
    url: `${ADMIN}/password-resets`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ email }),
    remoteAddress: ip,
  });

describe('a password reset request', () => {
  it('says mail is configured, so the sign-in page offers it', async () => {
    const r = await env.app.inject({ method: 'GET', url: `${ADMIN}/mail-status` });
    expect(r.json()).toEqual({ mail_configured: true });
  });

  it('mails a known email a one-time link valid for an hour, which sets a new password', async () => {
    const r = await ask('Ana@Example.com');
    expect(r.statusCode).toBe(202);
    expect(r.json()).toEqual({ accepted: true });
    const [mail] = await env.inbox.waitFor(1);
    expect(mail.subject).toBe('Reset your Sightline password');
    expect(mail.to).toMatchObject({ text: 'ana@example.com' });
    const token = new URL(linkIn(mail.text, `${MAIL_LINK_BASE}/set-password?token=`)).searchParams.get('token')!;
    const liveAt = (ms: number) => env.store.accountTokenAccount(hashKey(token), new Date(Date.now() + ms));
    expect(await liveAt(RESET_LINK_TTL_MS - 60_000)).not.toBeNull();
    expect(await liveAt(RESET_LINK_TTL_MS + 60_000)).toBeNull();
    const set = await env.app.inject({
      method: 'POST',
      url: `${ADMIN}/set-password`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ token, password: 'a brand new password' }),
    });
    expect(set.statusCode).toBe(200);
    const signIn = await env.app.inject({
      method: 'POST',
      url: `${ADMIN}/sign-in`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'ana@example.com', password: 'a brand new password' }),
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('answers an unknown email the same, and mails nothing', async () => {
    const known = await ask('ana@example.com', '203.0.113.8');
    const unknown = await ask('nobody@example.com', '203.0.113.8');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    await env.inbox.waitFor(2);
    // Time for a wrong message to arrive, had one gone.
    await new Promise((r) => setTimeout(r, 300));
    expect(env.inbox.to('nobody@example.com')).toHaveLength(0);
    expect(env.inbox.messages).toHaveLength(2);
  });

  it('is limited per email (3 an hour) whether or not it has an account, and per address (5 a minute)', async () => {
    for (let i = 0; i < 3; i++) expect((await ask('ghost@example.com', `198.51.100.${i}`)).statusCode).toBe(202);
    const fourth = await ask('ghost@example.com', '198.51.100.9');
    expect(fourth.statusCode).toBe(429);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(60);
    for (let i = 0; i < 5; i++) expect((await ask(`p${i}@example.com`, '192.0.2.1')).statusCode).toBe(202);
    expect((await ask('p9@example.com', '192.0.2.1')).statusCode).toBe(429);
    now += 20 * 60_000; // a third of an hour later: one more for the email
    expect((await ask('ghost@example.com', '198.51.100.9')).statusCode).toBe(202);
    expect((await ask('ghost@example.com', '198.51.100.9')).statusCode).toBe(429);
  });

  it('needs JSON from the dashboard’s own origin, as sign-in does', async () => {
    const r = await env.app.inject({
      method: 'POST',
      url: `${ADMIN}/password-resets`,
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      payload: JSON.stringify({ email: 'ana@example.com' }),
    });
    expect(r.statusCode).toBe(403);
  });
});

describe('without SMTP_URL', () => {
  it('says mail is off, and accepts a request without sending anything', async () => {
    const plain = await createTestEnv();
    try {
      expect((await plain.app.inject({ method: 'GET', url: `${ADMIN}/mail-status` })).json()).toEqual({
        mail_configured: false,
      });
      const r = await plain.app.inject({
        method: 'POST',
        url: `${ADMIN}/password-resets`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'ana@example.com' }),
      });
      expect(r.statusCode).toBe(202);
    } finally {
      await settleAfterAnswers();
      await plain.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../auth/account-links.js';
import { hashPassword } from '../auth/passwords.js';
import { ADMIN, adminCall } from '../test-support/admin-session.js';
import { createTestEnv } from '../test-support/fixtures.js';
import {
  createMailTestEnv,
  linkIn,
  MAIL_LINK_BASE,
  PASSWORD,
  settleAfterAnswers,
  type MailTestEnv,
} from '../test-support/mail-test-env.js';

// Invitations and owners' new links are mailed when SMTP_URL is set (issue 43 §3), and the answer
// says whether they were; the link read from the received message sets the password.

let env: MailTestEnv;
let owner: string;
beforeAll(async () => {
  env = await createMailTestEnv();
  owner = await env.signedIn('owner@example.com', 'owner');
});
afterAll(() => env.close());

const setPassword = (token: string) =>
  env.app.inject({
    method: 'POST',
    url: `${ADMIN}/set-password`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ token, password: PASSWORD }),
  });

describe('a mailed invitation', () => {
  it('reaches the invitee, whose link from the message sets the password and signs in', async () => {
    const r = await adminCall(env.app, 'POST', `${ADMIN}/accounts`, owner, { email: 'Vi@Example.com', role: 'viewer' });
    expect(r.status).toBe(201);
    expect(r.body.mailed).toBe(true);
    const [mail] = await env.inbox.waitFor(1);
    expect(mail.to).toMatchObject({ text: 'vi@example.com' });
    expect(mail.subject).toBe('Your Sightline account');
    const link = linkIn(mail.text, `${MAIL_LINK_BASE}/set-password?token=`);
    expect(mail.html).toContain(`href="${link}"`);
    const set = await setPassword(new URL(link).searchParams.get('token')!);
    expect(set.statusCode).toBe(200);
    expect(set.json().account.email).toBe('vi@example.com');
  });

  it('is mailed again with an owner’s new link', async () => {
    const list = await adminCall(env.app, 'GET', `${ADMIN}/accounts`, owner);
    const vi = list.body.data.find((a: { email: string }) => a.email === 'vi@example.com');
    const r = await adminCall(env.app, 'POST', `${ADMIN}/accounts/${vi.id}/link`, owner);
    expect(r.status).toBe(201);
    expect(r.body.mailed).toBe(true);
    const mails = await env.inbox.waitFor(2);
    expect(linkIn(mails[1].text, `${MAIL_LINK_BASE}/set-password?token=`)).toMatch(/token=[0-9A-Za-z]{43}$/);
  });
});

describe('without mail, or when the send fails', () => {
  it('answers mailed: false with the link to copy, as before', async () => {
    const plain = await createTestEnv();
    try {
      const { account } = await createAccount(plain.store, { email: 'o@example.com', role: 'owner', property_ids: [] });
      await plain.store.updateAccount({ ...account, password_hash: await hashPassword(PASSWORD) });
      const signIn = await plain.app.inject({
        method: 'POST',
        url: `${ADMIN}/sign-in`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'o@example.com', password: PASSWORD }),
      });
      const cookie = /^sl_session=([^;]*)/.exec(String(signIn.headers['set-cookie']))![1];
      const r = await adminCall(plain.app, 'POST', `${ADMIN}/accounts`, cookie, {
        email: 'n@example.com',
        role: 'viewer',
      });
      expect(r.status).toBe(201);
      expect(r.body).toMatchObject({ mailed: false, link: expect.stringContaining('/set-password?token=') });
    } finally {
      await settleAfterAnswers();
      await plain.close();
    }
  });

  it('answers 201 mailed: false when the SMTP server cannot be reached, and logs it without the URL', async () => {
    const dead = await createMailTestEnv({ smtpUrl: 'smtp://user:secret-pass@127.0.0.1:1' });
    try {
      const c = await dead.signedIn('o@example.com', 'owner');
      const r = await adminCall(dead.app, 'POST', `${ADMIN}/accounts`, c, { email: 'n@example.com', role: 'viewer' });
      expect(r.status).toBe(201);
      expect(r.body.mailed).toBe(false);
      expect(r.body.link).toContain('/set-password?token=');
      expect(dead.logged).toHaveLength(1);
      expect(dead.logged[0]).toMatch(
        /^mail to n@example.com \("Your Sightline account"\) was not sent: ESOCKET .*ECONNREFUSED/,
      );
      expect(dead.logged[0]).not.toContain('secret-pass');
    } finally {
      await dead.close();
    }
  });
});

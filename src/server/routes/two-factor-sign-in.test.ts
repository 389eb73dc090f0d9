import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, adminCall } from '../test-support/admin-session.js';
import { createTestEnvAt, type TestEnv } from '../test-support/fixtures.js';
import { codeAt, enrol, openPost, PASSWORD, sessionOf, signInWithCode, T } from '../test-support/two-factor-session.js';
import { FAILED_SIGN_INS_PER_ACCOUNT, FAILED_SIGN_INS_PER_ADDRESS } from './account-session-routes.js';

// Two-factor sign-in (issue 43 §1, §7): enrolment, the code step, its window (one 30 s step either
// way), replay, recovery codes and throttling. Only Date is faked, at T (10 s into a step); the rate
// budgets' clock stands still at T, so no budget refills during a test.

let env: TestEnv;
beforeEach(async () => {
  env = await createTestEnvAt(T);
});
afterEach(() => env.close());

const EMAIL = 'ana@example.com';
const status = async (session: string) => (await adminCall(env.app, 'GET', `${ADMIN}/two-factor`, session)).body;

describe('turning on two-factor', () => {
  it('shows a QR code and the key, and is on only once a current code confirms it', async () => {
    const session = await sessionOf(env, EMAIL);
    expect(await status(session)).toEqual({
      enabled: false,
      enabled_at: null,
      recovery_codes_left: 0,
      required: false,
    });
    const setup = await adminCall(env.app, 'POST', `${ADMIN}/two-factor/setup`, session);
    expect(setup.status).toBe(200);
    expect(setup.headers['cache-control']).toBe('no-store');
    const { secret, otpauth_uri, qr_svg } = setup.body;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_uri).toBe(`otpauth://totp/Sightline:ana%40example.com?secret=${secret}&issuer=Sightline`);
    expect(qr_svg).toMatch(/^<svg[^>]*>[\s\S]*<\/svg>\s*$/);
    // A code of two steps ago, then a malformed one: still off.
    const wrong = await adminCall(env.app, 'POST', `${ADMIN}/two-factor/confirm`, session, {
      code: codeAt(secret, -60),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.details.field).toBe('code');
    expect((await adminCall(env.app, 'POST', `${ADMIN}/two-factor/confirm`, session, { code: '12345' })).status).toBe(
      400,
    );
    expect((await status(session)).enabled).toBe(false);
    const right = await adminCall(env.app, 'POST', `${ADMIN}/two-factor/confirm`, session, { code: codeAt(secret, 0) });
    expect(right.status).toBe(200);
    const codes: string[] = right.body.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(await status(session)).toMatchObject({ enabled: true, recovery_codes_left: 10 });
    // Stored: the secret as the server keeps it, the recovery codes only as hashes.
    const stored = (await env.store.findAccountByEmail(EMAIL))!;
    expect(stored.totp_secret).toBe(secret);
    expect(stored.recovery_code_hashes).toHaveLength(10);
    for (const c of codes) expect(JSON.stringify(stored)).not.toContain(c.replace('-', ''));
    // On already: a new setup would replace the phone's secret unseen.
    expect((await adminCall(env.app, 'POST', `${ADMIN}/two-factor/setup`, session)).status).toBe(409);
    expect((await adminCall(env.app, 'POST', `${ADMIN}/two-factor/confirm`, session, { code: '123456' })).status).toBe(
      409,
    );
  });

  it('is turned off with the password or a current code, not with a wrong one', async () => {
    const session = await sessionOf(env, EMAIL);
    const { secret } = await enrol(env, session);
    const off = (body: unknown) => adminCall(env.app, 'POST', `${ADMIN}/two-factor/off`, session, body);
    expect((await off({})).status).toBe(400);
    const wrongPassword = await off({ password: 'not my password' });
    expect([wrongPassword.status, wrongPassword.body.error.details.field]).toEqual([400, 'password']);
    expect((await off({ code: codeAt(secret, -90) })).status).toBe(400);
    expect((await status(session)).enabled).toBe(true);
    expect((await off({ code: codeAt(secret, 0) })).body).toEqual({ enabled: false });
    expect(await status(session)).toMatchObject({ enabled: false, recovery_codes_left: 0 });
    // Off: the password alone signs in again.
    expect((await openPost(env, '/sign-in', { email: EMAIL, password: PASSWORD })).session).not.toBeNull();
    await enrol(env, session, 30);
    expect((await off({ password: PASSWORD })).body).toEqual({ enabled: false });
  });
});

describe('signing in with two-factor on', () => {
  it('makes no session with the password alone: a 5-minute code step instead', async () => {
    const { secret } = await enrol(env, await sessionOf(env, EMAIL));
    const first = await openPost(env, '/sign-in', { email: EMAIL, password: PASSWORD });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      signed_in: false,
      second_factor: 'totp',
      expires_at: new Date(T + 5 * 60_000).toISOString(),
    });
    expect(first.session).toBeNull();
    expect(String(first.headers['set-cookie'])).toMatch(
      /^sl_second_factor=[0-9A-Za-z]{43}; HttpOnly; SameSite=Strict; Path=\/api\/admin\/v1\/sign-in; Max-Age=300$/,
    );
    // Without the password step's cookie, a right code does nothing.
    const bare = await openPost(env, '/sign-in/second-factor', { code: codeAt(secret, 30) });
    expect([bare.status, bare.body.error.details.field]).toEqual([401, 'cookie']);
    // The pending token is no set-password link.
    expect((await openPost(env, '/set-password', { token: first.pending, password: 'a new password!' })).status).toBe(
      404,
    );
    vi.setSystemTime(T + 5 * 60_000);
    const late = await openPost(
      env,
      '/sign-in/second-factor',
      { code: codeAt(secret, 300) },
      `sl_second_factor=${first.pending}`,
    );
    expect(late.status).toBe(401);
    expect(late.body.error.message).toMatch(/expired/);
  });

  it('takes the code of the step before or after the server’s, not two steps off', async () => {
    const { secret } = await enrol(env, await sessionOf(env, EMAIL), -30); // taken: step s-1
    vi.setSystemTime(T + 60_000); // the server is at step s+2
    expect((await signInWithCode(env, EMAIL, codeAt(secret, 0), '203.0.113.1')).status).toBe(401); // s: two early
    expect((await signInWithCode(env, EMAIL, codeAt(secret, 120), '203.0.113.2')).status).toBe(401); // s+4: two late
    const early = await signInWithCode(env, EMAIL, codeAt(secret, 30), '203.0.113.3'); // s+1: one early
    expect(early.status).toBe(200);
    expect(early.body).toMatchObject({ signed_in: true, account: { email: EMAIL } });
    const me = await adminCall(env.app, 'GET', `${ADMIN}/session`, early.session);
    expect(me.body.account.email).toBe(EMAIL);
    const late = await signInWithCode(env, EMAIL, codeAt(secret, 90), '203.0.113.4'); // s+3: one late
    expect(late.status).toBe(200);
    expect(String(late.headers['set-cookie'])).toMatch(/sl_second_factor=; .*Max-Age=0/);
  });

  it('refuses a code used before, or one older than it, and a pending step used once', async () => {
    const { secret } = await enrol(env, await sessionOf(env, EMAIL), -30);
    const first = await openPost(env, '/sign-in', { email: EMAIL, password: PASSWORD });
    const cookie = `sl_second_factor=${first.pending}`;
    expect((await openPost(env, '/sign-in/second-factor', { code: codeAt(secret, 0) }, cookie)).status).toBe(200);
    expect((await openPost(env, '/sign-in/second-factor', { code: codeAt(secret, 30) }, cookie)).status).toBe(401);
    const replay = await signInWithCode(env, EMAIL, codeAt(secret, 0));
    expect([replay.status, replay.body.error.details.field]).toEqual([401, 'code']);
    expect((await signInWithCode(env, EMAIL, codeAt(secret, -30))).status).toBe(401);
    expect((await signInWithCode(env, EMAIL, codeAt(secret, 30))).status).toBe(200);
  });

  it('takes each recovery code once, however it is typed', async () => {
    const session = await sessionOf(env, EMAIL);
    const { recoveryCodes } = await enrol(env, session);
    expect((await signInWithCode(env, EMAIL, recoveryCodes[0])).status).toBe(200);
    expect((await signInWithCode(env, EMAIL, recoveryCodes[0])).status).toBe(401);
    expect((await signInWithCode(env, EMAIL, ` ${recoveryCodes[1].toUpperCase().replace('-', '')} `)).status).toBe(200);
    expect((await status(session)).recovery_codes_left).toBe(8);
    expect((await signInWithCode(env, EMAIL, 'abcde-fghjk')).status).toBe(401);
  });
});

describe('wrong codes', () => {
  it('are throttled per account, as wrong passwords are, whatever the address', async () => {
    const { secret } = await enrol(env, await sessionOf(env, EMAIL));
    const first = await openPost(env, '/sign-in', { email: EMAIL, password: PASSWORD });
    const cookie = `sl_second_factor=${first.pending}`;
    for (let i = 0; i < FAILED_SIGN_INS_PER_ACCOUNT; i++) {
      const wrong = await openPost(
        env,
        '/sign-in/second-factor',
        { code: codeAt(secret, -90) },
        cookie,
        `203.0.113.${i}`,
      );
      expect(wrong.status).toBe(401);
    }
    const locked = await openPost(env, '/sign-in/second-factor', { code: codeAt(secret, 0) }, cookie, '203.0.113.99');
    expect(locked.status).toBe(429);
    expect(locked.headers['retry-after']).toBe('12');
    expect(locked.body.error.message).toMatch(/for this account/);
    // The same budget as the password's: the password step waits too.
    expect((await openPost(env, '/sign-in', { email: EMAIL, password: PASSWORD }, '', '203.0.113.98')).status).toBe(
      429,
    );
  });

  it('share the address budget with wrong passwords', async () => {
    const { secret } = await enrol(env, await sessionOf(env, EMAIL));
    const ip = '192.0.2.50';
    const first = await openPost(env, '/sign-in', { email: EMAIL, password: PASSWORD }, '', ip);
    for (let i = 0; i < FAILED_SIGN_INS_PER_ADDRESS; i++)
      await openPost(env, '/sign-in', { email: `nobody${i}@example.com`, password: 'wrong password' }, '', ip);
    const locked = await openPost(
      env,
      '/sign-in/second-factor',
      { code: codeAt(secret, 0) },
      `sl_second_factor=${first.pending}`,
      ip,
    );
    expect(locked.status).toBe(429);
    expect(locked.body.error.message).toMatch(/from this address/);
  });
});

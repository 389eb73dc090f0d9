import { generateSync } from 'otplib';
import { createAccount } from '../auth/account-links.js';
import { hashPassword } from '../auth/passwords.js';
import type { AccountRole } from '../../contract/accounts.js';
import { ADMIN, adminCall } from './admin-session.js';
import type { TestEnv } from './fixtures.js';

export const PASSWORD = 'correct horse battery';
/** 10 s into a 30 s step, so a code "one step early or late" is one whole step from the server's. */
export const T = Date.parse('2026-03-02T12:00:10Z');
/** The code an authenticator app shows `offsetSeconds` from T. */
export const codeAt = (secret: string, offsetSeconds: number) =>
  generateSync({ secret, epoch: T / 1000 + offsetSeconds });

/** An account with a password (and no two-factor yet). */
export async function accountWithPassword(env: TestEnv, email: string, role: AccountRole = 'viewer') {
  const { account } = await createAccount(env.store, { email, role, property_ids: [] });
  const withHash = { ...account, password_hash: await hashPassword(PASSWORD) };
  await env.store.updateAccount(withHash);
  return withHash;
}

const cookieOf = (res: { headers: Record<string, unknown> }, name: string) => {
  const all = [res.headers['set-cookie'] ?? []].flat().map(String);
  return all.map((c) => new RegExp(`^${name}=([^;]*)`).exec(c)?.[1]).find((v) => v) ?? null;
};

/** An open POST as the sign-in page sends it (JSON, same origin), with extra cookies. */
export async function openPost(env: TestEnv, path: string, body: unknown, cookie = '', ip = '198.51.100.7') {
  const res = await env.app.inject({
    method: 'POST',
    url: `${ADMIN}${path}`,
    remoteAddress: ip,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify(body),
  });
  return {
    status: res.statusCode,
    body: res.json(),
    headers: res.headers,
    session: cookieOf(res, 'sl_session'),
    pending: cookieOf(res, 'sl_second_factor'),
  };
}

/** Email and password, then (when asked) the code: the session cookie, or the refusal. */
export async function signInWithCode(env: TestEnv, email: string, code: string, ip?: string) {
  const first = await openPost(env, '/sign-in', { email, password: PASSWORD }, '', ip);
  if (!first.pending) throw new Error(`no second-factor step (${first.status} ${JSON.stringify(first.body)})`);
  return openPost(env, '/sign-in/second-factor', { code }, `sl_second_factor=${first.pending}`, ip);
}

/** Turns two-factor on for a signed-in session, confirming with the code `confirmOffset` s from T. */
export async function enrol(env: TestEnv, session: string, confirmOffset = -30) {
  const setup = await adminCall(env.app, 'POST', `${ADMIN}/two-factor/setup`, session);
  const secret: string = setup.body.secret;
  const confirm = await adminCall(env.app, 'POST', `${ADMIN}/two-factor/confirm`, session, {
    code: codeAt(secret, confirmOffset),
  });
  if (confirm.status !== 200) throw new Error(`confirm: ${confirm.status} ${JSON.stringify(confirm.body)}`);
  return { secret, recoveryCodes: confirm.body.recovery_codes as string[] };
}

/** A signed-in session of a new account with a password. */
export async function sessionOf(env: TestEnv, email: string, role: AccountRole = 'viewer') {
  await accountWithPassword(env, email, role);
  const { session } = await openPost(env, '/sign-in', { email, password: PASSWORD });
  if (!session) throw new Error('no session');
  return session;
}

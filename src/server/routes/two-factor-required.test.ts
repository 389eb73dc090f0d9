import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, adminCall } from '../test-support/admin-session.js';
import { apiUrl, createTestEnvAt, PROP_A, type TestEnv } from '../test-support/fixtures.js';
import { codeAt, enrol, openPost, PASSWORD, sessionOf, signInWithCode, T } from '../test-support/two-factor-session.js';

// Two-factor required for everyone (`require_2fa`, issue 43 §7), and an owner turning off another
// account's two-factor (a lost phone). Date is faked at T, as in two-factor-sign-in.test.ts.

let env: TestEnv;
beforeEach(async () => {
  env = await createTestEnvAt(T);
});
afterEach(() => env.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, session: string, body?: unknown) =>
  adminCall(env.app, method, path.startsWith('/api/v1') ? path : `${ADMIN}${path}`, session, body);

/** An owner with two-factor on, who then requires it of everyone. */
async function ownerRequiring() {
  const owner = await sessionOf(env, 'owner@example.com', 'owner');
  const refused = await call('PATCH', '/two-factor/policy', owner, { required: true });
  expect([refused.status, refused.body.error.message]).toEqual([409, 'turn on two-factor for your own account first']);
  await enrol(env, owner);
  expect((await call('PATCH', '/two-factor/policy', owner, { required: true })).body).toEqual({ required: true });
  return owner;
}

describe('two-factor required for everyone', () => {
  it('lets an account without it only enrol (or sign out) until it has, then everything', async () => {
    const owner = await ownerRequiring();
    const viewer = await sessionOf(env, 'vi@example.com');
    const me = await call('GET', '/session', viewer);
    expect(me.body).toMatchObject({ account: { email: 'vi@example.com' }, must_enrol_two_factor: true });
    for (const [method, path] of [
      ['GET', '/properties'],
      ['GET', apiUrl(`/properties/${PROP_A}/traffic/summary`, { start: '2026-03-01', end: '2026-03-01' })],
      ['POST', '/sign-in-links'],
    ] as const) {
      const r = await call(method, path, viewer, method === 'GET' ? undefined : {});
      expect([path, r.status, r.body.error.code]).toEqual([path, 403, 'two_factor_required']);
    }
    expect((await call('GET', '/two-factor', viewer)).body).toMatchObject({ enabled: false, required: true });
    expect((await call('GET', '/two-factor/policy', viewer)).body).toEqual({ required: true });
    // The owner, who has it, is not held back.
    expect((await call('GET', '/properties', owner)).status).toBe(200);
    await enrol(env, viewer);
    expect((await call('GET', '/session', viewer)).body.must_enrol_two_factor).toBe(false);
    expect((await call('GET', '/properties', viewer)).status).toBe(200);
    // Required: it stays on.
    const off = await call('POST', '/two-factor/off', viewer, { password: PASSWORD });
    expect([off.status, off.body.error.code]).toEqual([409, 'conflict']);
  });

  it('still lets such a session sign out, and a new one signs in to the same limits', async () => {
    await ownerRequiring();
    const viewer = await sessionOf(env, 'vi@example.com');
    expect((await call('POST', '/sign-out', viewer)).status).toBe(200);
    expect((await call('GET', '/session', viewer)).status).toBe(401);
    const again = await openPost(env, '/sign-in', { email: 'vi@example.com', password: PASSWORD });
    expect(again.session).not.toBeNull();
    expect((await call('GET', '/properties', again.session!)).body.error.code).toBe('two_factor_required');
  });

  it('is the owner’s switch only, and off again lets everyone in', async () => {
    const owner = await ownerRequiring();
    const admin = await sessionOf(env, 'ad@example.com', 'admin');
    await enrol(env, admin);
    const refused = await call('PATCH', '/two-factor/policy', admin, { required: false });
    expect([refused.status, refused.body.error.details.needs]).toEqual([403, 'owner']);
    expect((await call('PATCH', '/two-factor/policy', owner, { required: 'yes' })).status).toBe(400);
    expect((await call('PATCH', '/two-factor/policy', owner, { required: false })).body).toEqual({ required: false });
    const viewer = await sessionOf(env, 'vi@example.com');
    expect((await call('GET', '/properties', viewer)).status).toBe(200);
  });
});

describe('an owner turning off another account’s two-factor', () => {
  it('lets the account in with its password again, shows on the Team page and is in the audit log', async () => {
    const owner = await sessionOf(env, 'owner@example.com', 'owner');
    const editor = await sessionOf(env, 'ed@example.com', 'editor');
    await enrol(env, editor);
    // Made in one (frozen) instant, the accounts are listed by their random ids: compared as a set.
    const listed = async () =>
      Object.fromEntries(
        (await call('GET', '/accounts', owner)).body.data.map((a: { email: string; two_factor: boolean }) => [
          a.email,
          a.two_factor,
        ]),
      );
    expect(await listed()).toEqual({ 'owner@example.com': false, 'ed@example.com': true });
    const id = (await env.store.findAccountByEmail('ed@example.com'))!.id;
    expect((await call('DELETE', `/accounts/${id}/two-factor`, editor)).status).toBe(403);
    expect((await call('DELETE', '/accounts/acc_nosuch/two-factor', owner)).status).toBe(404);
    const reset = await call('DELETE', `/accounts/${id}/two-factor`, owner);
    expect(reset.body).toMatchObject({ email: 'ed@example.com', two_factor: false });
    expect(await listed()).toEqual({ 'owner@example.com': false, 'ed@example.com': false });
    expect((await env.store.getAccount(id))!.totp_secret).toBeNull();
    // The old phone's codes no longer matter: the password alone signs in.
    const back = await openPost(env, '/sign-in', { email: 'ed@example.com', password: PASSWORD });
    expect(back.session).not.toBeNull();
    await vi.waitFor(async () => {
      // Date stands still here, so entries share one instant: found by action, not by place.
      const log: { action: string }[] = (await call('GET', '/audit', owner)).body.data;
      expect(log.find((e) => e.action === 'resetAccountTwoFactor')).toMatchObject({
        actor_name: 'owner@example.com',
        action: 'resetAccountTwoFactor',
        target: `id=${id}`,
        status: 200,
      });
    });
  });

  it('signs in again with its new phone after enrolling afresh', async () => {
    const owner = await sessionOf(env, 'owner@example.com', 'owner');
    const editor = await sessionOf(env, 'ed@example.com', 'editor');
    await enrol(env, editor);
    const id = (await env.store.findAccountByEmail('ed@example.com'))!.id;
    await call('DELETE', `/accounts/${id}/two-factor`, owner);
    const { secret } = await enrol(env, editor, 0);
    expect((await signInWithCode(env, 'ed@example.com', codeAt(secret, 30))).status).toBe(200);
  });
});

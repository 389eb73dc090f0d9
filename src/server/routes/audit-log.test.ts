import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../auth/account-links.js';
import { hashPassword } from '../auth/passwords.js';
import { ADMIN, adminCall } from '../test-support/admin-session.js';
import { apiUrl, createTestEnv, PROP_A, type TestEnv } from '../test-support/fixtures.js';

// The audit log (issue 43 §6), on both stores: who changed what, through the dashboard or a key.

let env: TestEnv;
let owner = '';
let editor = '';

async function signIn(email: string) {
  const res = await env.app.inject({
    method: 'POST',
    url: `${ADMIN}/sign-in`,
    remoteAddress: '198.51.100.7',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ email, password: 'correct horse battery' }),
  });
  return /^sl_session=([^;]*)/.exec(String(res.headers['set-cookie'] ?? ''))![1];
}

beforeAll(async () => {
  env = await createTestEnv();
  for (const [email, role] of [
    ['owner@example.com', 'owner'],
    ['ed@example.com', 'editor'],
  ] as const) {
    const { account } = await createAccount(env.store, { email, role, property_ids: [] });
    await env.store.updateAccount({ ...account, password_hash: await hashPassword('correct horse battery') });
  }
  owner = await signIn('owner@example.com');
  editor = await signIn('ed@example.com');
});
afterAll(() => env.close());

const log = async (cookie = owner, query = '') =>
  (await adminCall(env.app, 'GET', `${ADMIN}/audit${query}`, cookie)).body;

describe('the audit log', () => {
  it('records each change that succeeded, by whom, on what, from where; never reads or refusals', async () => {
    const goal = await adminCall(env.app, 'POST', apiUrl(`/properties/${PROP_A}/goals`), editor, {
      name: 'Signup',
      kind: 'event',
      event: 'signup',
    });
    expect(goal.status).toBe(201);
    await adminCall(env.app, 'POST', `${ADMIN}/accounts`, owner, { email: 'vi@example.com', role: 'viewer' });
    await adminCall(env.app, 'POST', `${ADMIN}/keys`, editor, { name: 'k', property_ids: [PROP_A] }); // 403: not logged
    await adminCall(env.app, 'GET', apiUrl(`/properties/${PROP_A}/goals`), editor); // a read: not logged
    const byKey = await env.app.inject({
      method: 'DELETE',
      url: apiUrl(`/properties/${PROP_A}/goals/${goal.body.id}`),
      headers: { authorization: `Bearer ${env.keys.a}` },
    });
    expect(byKey.statusCode).toBe(200);
    await expect.poll(async () => (await log()).data.length).toBe(3);
    const [deleted, invited, created] = (await log()).data;
    expect(created).toMatchObject({
      actor_kind: 'account',
      actor_name: 'ed@example.com',
      action: 'createGoal',
      target: `propertyId=${PROP_A} created=${goal.body.id}`,
      status: 201,
      address: '127.0.0.1', // where the change came from (inject's default), not where the account signed in
    });
    expect(invited).toMatchObject({ actor_name: 'owner@example.com', action: 'inviteAccount' });
    expect(invited.target).toMatch(/^created=acc_/);
    expect(deleted).toMatchObject({
      actor_kind: 'key',
      actor_id: env.records.a.id,
      action: 'deleteGoal',
      target: `propertyId=${PROP_A} goalId=${goal.body.id}`,
    });
  });

  it('is read by owners only, a page at a time', async () => {
    expect((await adminCall(env.app, 'GET', `${ADMIN}/audit`, editor)).status).toBe(403);
    const first = await log(owner, '?limit=1');
    expect(first.data).toHaveLength(1);
    const next = await log(owner, `?limit=5&before=${encodeURIComponent(first.data[0].at)}`);
    expect(next.data.every((e: { at: string }) => e.at < first.data[0].at || e.at === first.data[0].at)).toBe(true);
    expect((await adminCall(env.app, 'GET', `${ADMIN}/audit?limit=0`, owner)).status).toBe(400);
    const alone = await adminCall(env.app, 'GET', `${ADMIN}/audit?before_id=x`, owner);
    expect([alone.status, alone.body.error.details.field]).toEqual([400, 'before_id']);
  });

  it('pages by instant and id: entries written in one millisecond are each listed once', async () => {
    const at = new Date('2026-01-02T03:04:05.678Z');
    const entry = (id: string) => ({
      id,
      at,
      actor_kind: 'link' as const,
      actor_id: null,
      actor_name: 'printed link',
      action: 'createProperty',
      target: `tie=${id}`,
      status: 201,
      address: '127.0.0.1',
    });
    for (const id of ['aud_tie_a', 'aud_tie_b', 'aud_tie_c', 'aud_tie_d', 'aud_tie_e'])
      await env.store.appendAudit(entry(id));
    const seen: string[] = [];
    let query = `?limit=2&before=${encodeURIComponent('2026-01-02T03:04:06Z')}`;
    for (let page = 0; page < 5; page++) {
      const { data } = await log(owner, query);
      seen.push(...data.map((e: { target: string }) => e.target));
      if (data.length < 2) break;
      const last = data.at(-1);
      query = `?limit=2&before=${encodeURIComponent(last.at)}&before_id=${last.id}`;
    }
    expect(seen).toEqual(['tie=aud_tie_e', 'tie=aud_tie_d', 'tie=aud_tie_c', 'tie=aud_tie_b', 'tie=aud_tie_a']);
  });
});

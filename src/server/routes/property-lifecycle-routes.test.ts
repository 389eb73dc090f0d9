import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  adminProperty,
  deletePropertyResponse,
  propertiesResponse,
  propertyStatusResponse,
} from '../../contract/admin.js';
import { adminCall, signInAdmin } from '../test-support/admin-session.js';
import { apiUrl, createTestEnv, insert, PROP_A, PROP_B, session, type TestEnv } from '../test-support/fixtures.js';

let env: TestEnv;
let cookie: string;
beforeEach(async () => {
  env = await createTestEnv();
  cookie = await signInAdmin(env.app, env.store);
});
afterEach(() => env.close());

const ADMIN = '/api/admin/v1';
const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  payload?: unknown,
  as: string | null = cookie,
) => adminCall(env.app, method, `${ADMIN}${path}`, as, payload);
const listed = async () => propertiesResponse.parse((await call('GET', '/properties')).body).data;

describe('PATCH /properties/{id}', () => {
  it('changes name, domain and zone, keeps what is left out, and the list shows the new values', async () => {
    const res = await call('PATCH', `/properties/${PROP_A}`, {
      name: '  Shop  ',
      domain: 'https://Shop.Example.com/',
      timezone: 'Europe/Paris',
    });
    expect(res.status).toBe(200);
    const edited = adminProperty.parse(res.body);
    expect(edited).toMatchObject({ id: PROP_A, name: 'Shop', domain: 'shop.example.com', timezone: 'Europe/Paris' });
    expect(edited.snippet).toContain(`data-property="${PROP_A}"`);

    const nameOnly = adminProperty.parse((await call('PATCH', `/properties/${PROP_A}`, { name: 'Shop 2' })).body);
    expect(nameOnly).toMatchObject({ name: 'Shop 2', domain: 'shop.example.com', timezone: 'Europe/Paris' });
    // null and "" both clear the domain.
    expect(adminProperty.parse((await call('PATCH', `/properties/${PROP_A}`, { domain: '' })).body).domain).toBeNull();
    // Back to the first name: the same row as at creation, which ClickHouse must not drop as a duplicate insert.
    await call('PATCH', `/properties/${PROP_A}`, { name: 'Site A', domain: 'a.example', timezone: 'UTC' });
    await call('PATCH', `/properties/${PROP_A}`, { name: 'Other' });
    await call('PATCH', `/properties/${PROP_A}`, { name: 'Site A' });
    const [a, b] = await listed();
    expect(a).toMatchObject({ id: PROP_A, name: 'Site A', domain: 'a.example', timezone: 'UTC' });
    expect(b).toMatchObject({ id: PROP_B, name: 'Site B' });
  });

  it('refuses an id change, an empty body, a bad domain, name or zone in the error envelope, and a property that does not exist', async () => {
    const cases: [unknown, string][] = [
      [{ id: 'new-id' }, 'body'],
      [{}, 'body'],
      [{ domain: 'shop.example.com/path' }, 'domain'],
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(201) }, 'name'],
      [{ timezone: 'Mars/Olympus' }, 'timezone'],
      [{ timezone: 5 }, 'timezone'],
    ];
    for (const [body, field] of cases) {
      const res = await call('PATCH', `/properties/${PROP_A}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('invalid_request');
      expect(JSON.stringify(res.body.error), JSON.stringify(body)).toContain(field);
    }
    const missing = await call('PATCH', '/properties/no-such-site', { name: 'x' });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('not_found');
    expect((await call('PATCH', '/properties/Bad%20Id', { name: 'x' })).status).toBe(400);
    expect((await call('PATCH', `/properties/${PROP_A}`, { name: 'x' }, null)).status).toBe(401);
    expect((await listed())[0].name).toBe('Site A');
  });
});

describe('GET /properties/{id}/status', () => {
  it('says null before the first event, then the latest event time, from the last day or from older sessions', async () => {
    const status = async (id: string) =>
      propertyStatusResponse.parse((await call('GET', `/properties/${id}/status`)).body);
    expect(await status(PROP_A)).toEqual({ id: PROP_A, last_event_at: null });

    // Only old traffic: found through the sessions (nothing in the last day).
    const old = session('s-old', 'v1');
    await insert(
      env.store,
      [old.pv('2026-01-10T09:00:00Z', '/'), old.click('2026-01-10T09:03:00Z', '/', '#buy')],
      new Date('2026-01-10T10:00:00Z'),
    );
    expect(await status(PROP_A)).toEqual({ id: PROP_A, last_event_at: '2026-01-10T09:03:00.000Z' });
    expect(await status(PROP_B)).toEqual({ id: PROP_B, last_event_at: null });

    // A recent event, a custom one without a page view, is the latest.
    const justNow = new Date(Date.now() - 60_000);
    await insert(env.store, [
      {
        property_id: PROP_A,
        visitor_id: 'v2',
        session_id: 's-new',
        type: 'custom',
        name: 'Signup',
        ts: justNow.toISOString(),
        path: '/',
      },
    ]);
    expect((await status(PROP_A)).last_event_at).toBe(justNow.toISOString());

    expect((await call('GET', '/properties/no-such-site/status')).status).toBe(404);
  });
});

describe('DELETE /properties/{id}', () => {
  it('deletes a property without events; its id is never given again and the dashboard no longer reads it', async () => {
    const res = await call('DELETE', `/properties/${PROP_B}`);
    expect(res.status).toBe(200);
    expect(deletePropertyResponse.parse(res.body)).toEqual({ id: PROP_B, deleted: true });
    expect((await listed()).map((p) => p.id)).toEqual([PROP_A]);
    expect((await call('DELETE', `/properties/${PROP_B}`)).status).toBe(404);
    expect((await call('PATCH', `/properties/${PROP_B}`, { name: 'Back' })).status).toBe(404);
    expect((await call('GET', `/properties/${PROP_B}/status`)).status).toBe(404);

    const again = await call('POST', '/properties', { id: PROP_B, name: 'New B' });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'conflict', details: { field: 'id' } });
    expect(again.body.error.message).toContain('deleted');
    expect((await listed()).map((p) => p.id)).toEqual([PROP_A]);

    // The dashboard's reads (the admin session) no longer find it.
    const read = await adminCall(
      env.app,
      'GET',
      apiUrl(`/properties/${PROP_B}/traffic/summary`, { start: '2026-03-01', end: '2026-03-07' }),
      cookie,
    );
    expect(read.status).toBe(404);
  });

  it('refuses while the property has events, saying when the latest arrived, and keeps it', async () => {
    const s = session('s1', 'v1');
    await insert(env.store, [s.pv('2026-02-01T12:00:00Z', '/pricing')], new Date('2026-02-01T12:00:01Z'));
    const res = await call('DELETE', `/properties/${PROP_A}`);
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      code: 'conflict',
      details: { field: 'id', last_event_at: '2026-02-01T12:00:00.000Z' },
    });
    expect((await listed()).map((p) => p.id)).toEqual([PROP_A, PROP_B]);
    expect((await call('DELETE', `/properties/${PROP_A}`, undefined, null)).status).toBe(401);
  });
});

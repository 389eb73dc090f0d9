import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKeyResponse, keysResponse, propertiesResponse } from '../../contract/admin.js';
import { buildApp } from '../app.js';
import { ADMIN, adminClient } from '../test-support/admin-session.js';
import { apiUrl, createTestEnv, get, post, PROP_A, PROP_B, type TestEnv } from '../test-support/fixtures.js';

// The admin API's properties and API keys, as a signed-in admin uses them. Signing in and the
// session itself: admin-session-routes.test.ts.

let env: TestEnv;
beforeEach(async () => {
  env = await createTestEnv();
});
afterEach(() => env.close());

const { signIn, call } = adminClient(() => env);

describe('properties', () => {
  it('lists every property with both tracker tags on the request origin', async () => {
    const cookie = await signIn();
    const res = await call('GET', `${ADMIN}/properties`, cookie, undefined, { host: 'stats.example.org:8443' });
    expect(res.status).toBe(200);
    const { data } = propertiesResponse.parse(res.body);
    expect(data.map((p) => p.id)).toEqual([PROP_A, PROP_B]);
    expect(data[0]).toMatchObject({ name: 'Site A', domain: 'a.example', timezone: 'UTC' });
    expect(data[0].snippet).toBe(
      '<script defer data-property="site-a" src="http://stats.example.org:8443/sightline.js"></script>',
    );
    expect(data[0].experiments_snippet).toBe(
      '<script src="http://stats.example.org:8443/sightline.js?p=site-a"></script>',
    );
    const odd = await call('GET', `${ADMIN}/properties`, cookie, undefined, { host: 'x"><script>' });
    expect(odd.body.data[0].snippet).toBe(
      '<script defer data-property="site-a" src="https://YOUR-SIGHTLINE-HOST/sightline.js"></script>',
    );
  });

  it('says where each site opens, for preview links: https on its domain, none without one, the demo site for the demo shop', async () => {
    const cookie = await signIn();
    const bare = await call('POST', `${ADMIN}/properties`, cookie, { id: 'no-domain', name: 'No domain' });
    expect(bare.body.site_origin).toBeNull();
    await env.store.createProperty({
      id: 'acme-shop',
      name: 'Acme Shop',
      domain: 'shop.acme.example',
      timezone: 'UTC',
    });
    const listed = propertiesResponse.parse((await call('GET', `${ADMIN}/properties`, cookie)).body).data;
    expect(Object.fromEntries(listed.map((p) => [p.id, p.site_origin]))).toEqual({
      [PROP_A]: 'https://a.example',
      [PROP_B]: 'https://b.example',
      'no-domain': null,
      'acme-shop': 'https://shop.acme.example',
    });
    // A server running the demo site: the demo shop's pages are there (its made-up domain serves nothing).
    const demo = await buildApp({ store: env.store, demoSiteOrigin: () => 'http://127.0.0.1:3001' });
    try {
      const res = await demo.inject({ url: `${ADMIN}/properties`, headers: { cookie: `sl_session=${cookie}` } });
      const sites = Object.fromEntries(propertiesResponse.parse(res.json()).data.map((p) => [p.id, p.site_origin]));
      expect([sites['acme-shop'], sites[PROP_A]]).toEqual(['http://127.0.0.1:3001', 'https://a.example']);
    } finally {
      await demo.close();
    }
  });

  it('creates one (201), defaulting to UTC, and it is then readable through the session', async () => {
    const cookie = await signIn();
    const res = await call('POST', `${ADMIN}/properties`, cookie, { id: 'shop', name: 'Shop', domain: 'shop.example' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ id: 'shop', name: 'Shop', domain: 'shop.example', timezone: 'UTC' });
    expect(res.body.snippet).toContain('data-property="shop"');
    const berlin = await call('POST', `${ADMIN}/properties`, cookie, {
      id: 'blog',
      name: 'Blog',
      timezone: 'Europe/Berlin',
    });
    expect(berlin.body).toMatchObject({ domain: null, timezone: 'Europe/Berlin' });
    const list = propertiesResponse.parse((await call('GET', `${ADMIN}/properties`, cookie)).body);
    expect(list.data.map((p) => p.id)).toEqual([PROP_A, PROP_B, 'shop', 'blog']);
    expect((await call('GET', apiUrl('/properties/shop/saved-funnels'), cookie)).status).toBe(200);
  });

  it('names the field it refuses: id, name, timezone; a taken id is 409', async () => {
    const cookie = await signIn();
    const cases: [unknown, number, string][] = [
      [{ id: '-bad', name: 'X' }, 400, 'id'],
      [{ id: 'a b', name: 'X' }, 400, 'id'],
      [{ name: 'X' }, 400, 'id'],
      [{ id: 'ok', name: '' }, 400, 'name'],
      [{ id: 'ok', name: 'X', timezone: 'Mars/Olympus' }, 400, 'timezone'],
      [{ id: PROP_A, name: 'Again' }, 409, 'id'],
    ];
    for (const [body, status, field] of cases) {
      const res = await call('POST', `${ADMIN}/properties`, cookie, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.error.details.field, JSON.stringify(body)).toBe(field);
    }
    expect(propertiesResponse.parse((await call('GET', `${ADMIN}/properties`, cookie)).body).data).toHaveLength(2);
  });
});

describe('API keys', () => {
  it('creates a key that is shown once and works as a Bearer key; lists never show the key or hash', async () => {
    const cookie = await signIn();
    const res = await call('POST', `${ADMIN}/keys`, cookie, { name: 'CI export', property_ids: [PROP_B] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { key, record } = createKeyResponse.parse(res.body);
    expect(key).toMatch(/^sl_[0-9A-Za-z]{43}$/);
    expect(record).toMatchObject({
      name: 'CI export',
      prefix: key.slice(0, 11),
      property_ids: [PROP_B],
      permissions: ['metrics', 'experiments', 'configure'],
      revoked_at: null,
    });
    expect(JSON.stringify(res.body).split(key.slice(11)).length).toBe(2); // the key's secret part appears exactly once

    expect((await get(env, key, `/properties/${PROP_B}/saved-funnels`)).status).toBe(200);
    expect((await get(env, key, `/properties/${PROP_A}/saved-funnels`)).status).toBe(403);

    const list = await call('GET', `${ADMIN}/keys`, cookie);
    const text = JSON.stringify(list.body);
    const parsed = keysResponse.parse(list.body);
    expect(parsed.data.map((k) => k.name)).toContain('CI export');
    expect(parsed.data).toHaveLength(5);
    for (const [k, r] of [
      [key, undefined],
      ...Object.entries(env.keys).map(([n, k]) => [k, env.records[n as keyof typeof env.records]] as const),
    ] as const) {
      expect(text).not.toContain(k.slice(11));
      if (r) expect(text).not.toContain(r.hash);
    }
    expect(text).not.toMatch(/"(key|hash)"/);
  });

  it('refuses an unknown property on property_ids and a bad permission', async () => {
    const cookie = await signIn();
    const unknown = await call('POST', `${ADMIN}/keys`, cookie, { name: 'x', property_ids: [PROP_A, 'nope'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details).toMatchObject({ field: 'property_ids', property_ids: ['nope'] });
    const empty = await call('POST', `${ADMIN}/keys`, cookie, { name: 'x', property_ids: [] });
    expect(empty.body.error.details.field).toBe('property_ids');
    const perm = await call('POST', `${ADMIN}/keys`, cookie, {
      name: 'x',
      property_ids: [PROP_A],
      permissions: 'admin',
    });
    expect(perm.body.error.details.field).toBe('permissions');
    const none = await call('POST', `${ADMIN}/keys`, cookie, {
      name: 'x',
      property_ids: [PROP_A],
      permissions: 'none',
    });
    expect(none.body.record.permissions).toEqual([]);
    expect(keysResponse.parse((await call('GET', `${ADMIN}/keys`, cookie)).body).data).toHaveLength(5);
  });

  it('gives a key the permissions asked for, and the API holds it to them', async () => {
    const cookie = await signIn();
    const create = async (permissions?: unknown) => {
      const res = await call('POST', `${ADMIN}/keys`, cookie, {
        name: 'p',
        property_ids: [PROP_A],
        ...(permissions === undefined ? {} : { permissions }),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return createKeyResponse.parse(res.body);
    };
    const experiment = {
      name: 'Headline',
      page: '/',
      type: 'nocode',
      variants: [{ changes: [{ selector: 'h1', op: 'text', value: 'Hi' }] }],
    };
    const tests = `/properties/${PROP_A}/split-tests`;

    const reader = await create(['metrics']);
    expect(reader.record.permissions).toEqual(['metrics']);
    expect((await get(env, reader.key, tests)).status).toBe(200);
    const refused = await post(env, reader.key, tests, experiment);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'forbidden', details: { permission: 'experiments' } });

    const runner = await create(['experiments']);
    const made = await post(env, runner.key, tests, experiment);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((await get(env, runner.key, tests)).body.error.details).toEqual({ permission: 'metrics' });
    expect((await post(env, runner.key, `${tests}/${made.body.experiment_id}/stop`, {})).status).toBe(200);

    // The old single string "metrics" is the metrics permission, as the CLI's --permissions metrics.
    expect((await create('metrics')).record.permissions).toEqual(['metrics']);
    expect((await create()).record.permissions).toEqual(['metrics', 'experiments', 'configure']);
    expect((await create([])).record.permissions).toEqual([]);
    const listed = keysResponse
      .parse((await call('GET', `${ADMIN}/keys`, cookie)).body)
      .data.filter((k) => k.name === 'p');
    expect(listed.map((k) => k.permissions.join('+')).sort()).toEqual([
      '',
      'experiments',
      'metrics',
      'metrics',
      'metrics+experiments+configure',
    ]);
  });

  it('keeps goals and saved funnels to configure: a key made with the old string "metrics" reads them only', async () => {
    const cookie = await signIn();
    const create = async (permissions: unknown) =>
      createKeyResponse.parse(
        (await call('POST', `${ADMIN}/keys`, cookie, { name: 'g', property_ids: [PROP_A], permissions })).body,
      );
    const funnels = `/properties/${PROP_A}/saved-funnels`;
    const funnel = { name: 'Signup', steps: [{ page: '/' }, { page: '/signup' }] };

    const reader = await create('metrics');
    const refused = await post(env, reader.key, funnels, funnel);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      code: 'forbidden',
      message: 'this API key lacks the configure permission',
      details: { permission: 'configure' },
    });
    expect((await get(env, reader.key, funnels)).status).toBe(200);

    const configurer = await create(['configure']);
    expect(configurer.record.permissions).toEqual(['configure']);
    expect((await post(env, configurer.key, funnels, funnel)).status).toBe(201);
  });

  it('revokes a key: 401 on its very next request, even right after a cached success; twice is 404', async () => {
    const cookie = await signIn();
    const path = `/properties/${PROP_A}/saved-funnels`;
    expect((await get(env, env.keys.a, path)).status).toBe(200); // now cached for 5 s
    const res = await call('DELETE', `${ADMIN}/keys/${env.records.a.id}`, cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: env.records.a.id, revoked: true });
    expect((await get(env, env.keys.a, path)).status).toBe(401);
    expect((await get(env, env.keys.both, path)).status).toBe(200);
    const listed = keysResponse
      .parse((await call('GET', `${ADMIN}/keys`, cookie)).body)
      .data.find((k) => k.id === env.records.a.id);
    expect(listed?.revoked_at).not.toBeNull();
    for (const id of [env.records.a.id, 'key_unknown']) {
      const again = await call('DELETE', `${ADMIN}/keys/${id}`, cookie);
      expect(again.status).toBe(404);
      expect(again.body.error.code).toBe('not_found');
    }
  });
});

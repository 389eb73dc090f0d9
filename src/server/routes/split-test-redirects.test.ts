import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope } from '../../contract/common.js';
import { addKey, createTestEnv, endpointPath, get, post, type TestEnv } from '../test-support/fixtures.js';

// A redirect variant sends every visitor it gets to its URL: it must stay on the property's own site
// (site-a is served from a.example). Browsers read `//host` and `/\host` as another site.
let env: TestEnv;
let noDomainKey: string;
beforeAll(async () => {
  env = await createTestEnv();
  await env.store.createProperty({ id: 'no-domain', name: 'No domain', domain: null, timezone: 'UTC' });
  noDomainKey = (await addKey(env.store, ['no-domain'])).key;
});
afterAll(() => env.close());

const listPath = endpointPath('splitTests');
const redirect = (...urls: string[]) => ({
  name: 'Layout',
  page: '/pricing',
  type: 'redirect',
  variants: urls.map((url) => ({ url })),
});

describe('redirect variants stay on the property’s site', () => {
  it.each([
    ['a protocol-relative URL', '//evil.example/phish'],
    ['a backslash after the slash', '/\\evil.example'],
    ['a backslash further on', '/a\\b'],
    ['another site', 'https://evil.example/phish'],
    ['a host that only starts with the domain', 'https://a.example.evil.example/'],
    ['the domain as a user name', 'https://a.example@evil.example/'],
    ['credentials before the domain', 'https://user@a.example/b'],
    ['a path on the domain that leads elsewhere', 'https://a.example//evil.example'],
    ['a query string', 'https://a.example/b?x=1'],
    ['a script URL', 'javascript:alert(1)'],
    ['a data URL', 'data:text/html,<script>alert(1)</script>'],
  ])('refuses %s with a 400 on variants.N.url, and stores nothing', async (_why, url) => {
    const r = await post(env, env.keys.a, listPath, redirect('/b', url));
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(errorEnvelope.parse(r.body).error).toMatchObject({
      code: 'invalid_request',
      details: { field: 'variants.1.url' },
    });
    expect((await get(env, env.keys.a, listPath)).body.data).toEqual([]);
  });

  it('takes an absolute URL on the domain and stores it as the path the page script follows', async () => {
    const r = await post(env, env.keys.a, listPath, redirect('https://A.example/b', 'http://a.example/c'));
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.variants.map((v: { url?: string }) => v.url)).toEqual([undefined, '/b', '/c']);
    const config = await env.app.inject({ url: '/api/tracker/config?property=site-a' });
    expect(config.json().experiments[0].variants).toEqual([{ changes: [] }, { url: '/b' }, { url: '/c' }]);
  });

  it('checks a URL’s path like a path: not the page itself, not twice', async () => {
    const same = await post(env, env.keys.a, listPath, redirect('https://a.example/pricing'));
    expect(errorEnvelope.parse(same.body).error.details.field).toBe('variants.0.url');
    const twice = await post(env, env.keys.a, listPath, redirect('/d', 'https://a.example/d'));
    expect(errorEnvelope.parse(twice.body).error.details.field).toBe('variants.1.url');
  });

  it('takes only paths for a property without a domain', async () => {
    const path = endpointPath('splitTests', { propertyId: 'no-domain' });
    const refused = await post(env, noDomainKey, path, redirect('https://a.example/b'));
    expect(refused.status).toBe(400);
    expect(errorEnvelope.parse(refused.body).error).toMatchObject({
      message: expect.stringContaining('no domain'),
      details: { field: 'variants.0.url' },
    });
    expect((await post(env, noDomainKey, path, redirect('/b'))).status).toBe(201);
  });
});

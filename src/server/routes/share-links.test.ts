import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { ADMIN, adminCall, signInAdmin } from '../test-support/admin-session.js';
import { apiUrl, createTestEnv, insert, PROP_A, PROP_B, session, type TestEnv } from '../test-support/fixtures.js';

// Share links (issue 43 §4), on both stores: an admin makes one; anyone holding it reads the reports
// it allows, of its one property, through its filters, and nothing else; revoked or expired, nothing.

const SHARE = '/api/share/v1';
const RANGE = 'start=2026-03-01&end=2026-03-07&timezone=UTC';
let now = Date.parse('2026-03-10T12:00:00Z');
let env: TestEnv;
let admin = '';

beforeAll(async () => {
  env = await createTestEnv({ clock: () => now });
  admin = await signInAdmin(env.app, env.store);
  // Two visitors read /blog, one /shop: a link forced to /blog counts 2 of the 3.
  const [a, b, c] = [session('s1', 'v1'), session('s2', 'v2'), session('s3', 'v3')];
  await insert(env.store, [
    a.pv('2026-03-05T10:00:00Z', '/blog'),
    b.pv('2026-03-05T11:00:00Z', '/blog'),
    c.pv('2026-03-05T12:00:00Z', '/shop'),
  ]);
});
afterAll(() => env.close());

const BLOG_ONLY = [['is', 'page', ['/blog']]];

async function makeLink(body: Record<string, unknown>, property = PROP_A) {
  const res = await adminCall(env.app, 'POST', `${ADMIN}/properties/${property}/share-links`, admin, {
    label: 'Board',
    reports: ['traffic'],
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const token = /\/share\/([0-9A-Za-z]+)$/.exec(res.body.link)![1];
  return { token, id: res.body.record.id as string, record: res.body.record };
}

const inject = async (method: 'GET' | 'POST', url: string, cookie?: string, payload?: unknown, ip = '203.0.113.9') => {
  const res = await env.app.inject({
    method,
    url,
    remoteAddress: ip,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
    },
    ...(method === 'POST' ? { payload: JSON.stringify(payload ?? {}) } : {}),
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
};

/** Opens the link as its page does; the share session's `name=value` for the next requests. */
async function open(token: string, password?: string) {
  const res = await inject('POST', `${SHARE}/open/${token}`, undefined, password ? { password } : {});
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return String(res.headers['set-cookie']).split(';')[0];
}

const summary = (id: string, cookie: string | undefined, extra = '', property = PROP_A) =>
  inject('GET', `${SHARE}/links/${id}/properties/${property}/traffic/summary?${RANGE}${extra}`, cookie);

describe('making share links', () => {
  it('gives the link once; the list shows its state, never the token', async () => {
    const { token, id, record } = await makeLink({ filters: BLOG_ONLY, expires_at: '2030-01-01T00:00:00Z' });
    expect(record).toMatchObject({ label: 'Board', reports: ['traffic'], password: false, state: 'active' });
    const list = await adminCall(env.app, 'GET', `${ADMIN}/properties/${PROP_A}/share-links`, admin);
    expect(list.body.data.find((l: { id: string }) => l.id === id)).toEqual(record);
    expect(JSON.stringify(list.body)).not.toContain(token);
  });

  it('refuses an embed link without origins, an http origin, and an expiry in the past', async () => {
    const post = (body: object) =>
      adminCall(env.app, 'POST', `${ADMIN}/properties/${PROP_A}/share-links`, admin, {
        label: 'x',
        reports: ['traffic'],
        ...body,
      });
    expect((await post({ embed: true })).body.error.details.field).toBe('frame_ancestors');
    expect((await post({ embed: true, frame_ancestors: ['http://blog.example.com'] })).status).toBe(400);
    expect((await post({ expires_at: '2020-01-01T00:00:00Z' })).body.error.details.field).toBe('expires_at');
    expect((await post({ reports: ['experiments'] })).status).toBe(400);
  });
});

describe('a share session', () => {
  let link: { token: string; id: string };
  let cookie = '';
  beforeAll(async () => {
    link = await makeLink({ filters: BLOG_ONLY });
    cookie = await open(link.token);
  });

  it('opens without a password and reads the Traffic reports of its property, through its filters', async () => {
    const view = await inject('GET', `${SHARE}/open/${link.token}`, cookie);
    expect(view.body).toMatchObject({
      link_id: link.id,
      property: { id: PROP_A, name: 'Site A', timezone: 'UTC' },
      reports: ['traffic'],
      needs_password: false,
      opened: true,
    });
    expect(cookie).toMatch(new RegExp(`^sl_share_${link.id}=`));
    const res = await summary(link.id, cookie);
    expect(res.status).toBe(200);
    expect(res.body.data.unique_visitors).toBe(2); // /blog's two, not /shop's
  });

  it('keeps its filters whatever the viewer sends: the viewer narrows, never widens', async () => {
    const enc = (f: unknown) => `&filters=${encodeURIComponent(JSON.stringify(f))}`;
    expect((await summary(link.id, cookie, enc([]))).body.data.unique_visitors).toBe(2);
    expect((await summary(link.id, cookie, enc([['is', 'page', ['/shop']]]))).body.data.unique_visitors).toBe(0);
    expect((await summary(link.id, cookie, enc([['is_not', 'page', ['/nowhere']]]))).body.data.unique_visitors).toBe(2);
    expect((await summary(link.id, cookie, '&filters=not-json')).status).toBe(400);
  });

  it('reaches no admin route, no external API, no other property, report or write', async () => {
    // The cookie is scoped to the share prefix; even sent by hand elsewhere it speaks for nobody.
    expect((await inject('GET', `${ADMIN}/properties`, cookie)).status).toBe(401);
    expect((await inject('GET', `${ADMIN}/properties/${PROP_A}/share-links`, cookie)).status).toBe(401);
    expect((await inject('GET', `${ADMIN}/keys`, cookie)).status).toBe(401);
    expect((await inject('GET', apiUrl(`/properties/${PROP_A}/traffic/summary?${RANGE}`), cookie)).status).toBe(401);
    const other = await summary(link.id, cookie, '', PROP_B);
    expect(other.status).toBe(403);
    expect((await summary(link.id, cookie, '', 'no-such-site')).status).toBe(403); // the same as one that exists
    const pages = await inject(
      'GET',
      `${SHARE}/links/${link.id}/properties/${PROP_A}/pages/breakdown?${RANGE}`,
      cookie,
    );
    expect(pages.status).toBe(403);
    for (const path of ['goals', 'saved-funnels', 'split-tests', 'funnels/suggestions'])
      expect((await inject('GET', `${SHARE}/links/${link.id}/properties/${PROP_A}/${path}`, cookie)).status).toBe(404);
    expect((await inject('POST', `${SHARE}/links/${link.id}/properties/${PROP_A}/goals`, cookie, {})).status).toBe(404);
    expect(
      (await inject('POST', `${SHARE}/links/${link.id}/properties/aggregate/traffic/summary`, cookie)).status,
    ).toBe(404);
  });

  it('needs its own cookie: none, or another link’s, is 401', async () => {
    expect((await summary(link.id, undefined)).status).toBe(401);
    const other = await makeLink({});
    const otherCookie = await open(other.token);
    expect((await summary(link.id, otherCookie.replace(other.id, link.id))).status).toBe(401);
    expect((await summary(other.id, otherCookie)).body.data.unique_visitors).toBe(3); // no filters: all three
  });
});

describe('a password-protected link', () => {
  it('opens only with its password, and throttles wrong ones per link', async () => {
    const { token, id } = await makeLink({ password: 'open sesame' });
    const view = await inject('GET', `${SHARE}/open/${token}`);
    expect(view.body).toMatchObject({ needs_password: true, opened: false });
    expect((await inject('POST', `${SHARE}/open/${token}`, undefined, {})).status).toBe(401);
    const cookie = await open(token, 'open sesame');
    expect((await summary(id, cookie)).status).toBe(200);
    // A cookie made for the link without its password does not stand in for one made with it.
    for (let i = 0; i < 4; i++)
      expect(
        (await inject('POST', `${SHARE}/open/${token}`, undefined, { password: 'guess' }, `198.51.100.${i}`)).status,
      ).toBe(401);
    const locked = await inject(
      'POST',
      `${SHARE}/open/${token}`,
      undefined,
      { password: 'open sesame' },
      '198.51.100.99',
    );
    expect(locked.status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    now += 60_000; // the budget refills
    expect((await inject('POST', `${SHARE}/open/${token}`, undefined, { password: 'open sesame' })).status).toBe(200);
  });

  it('is refused from another origin and as anything but JSON', async () => {
    const { token } = await makeLink({});
    const foreign = await env.app.inject({
      method: 'POST',
      url: `${SHARE}/open/${token}`,
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
      payload: '{}',
    });
    expect(foreign.statusCode).toBe(403);
    const form = await env.app.inject({
      method: 'POST',
      url: `${SHARE}/open/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=1',
    });
    expect(form.statusCode).toBe(415);
  });
});

describe('the end of a link', () => {
  it('expires: its page says so and its sessions read nothing more', async () => {
    const { token, id } = await makeLink({ expires_at: new Date(now + 3_600_000).toISOString() });
    const cookie = await open(token);
    expect((await summary(id, cookie)).status).toBe(200);
    now += 2 * 3_600_000;
    const gone = await inject('GET', `${SHARE}/open/${token}`);
    expect(gone.status).toBe(404);
    expect(gone.body.error.details.state).toBe('expired');
    expect((await summary(id, cookie)).status).toBe(404);
  });

  it('is revoked at once, by an admin of its property only', async () => {
    const { token, id } = await makeLink({});
    const cookie = await open(token);
    const url = `${ADMIN}/properties/${PROP_B}/share-links/${id}`;
    expect((await adminCall(env.app, 'DELETE', url, admin)).status).toBe(404); // not PROP_B's
    const revoked = await adminCall(env.app, 'DELETE', `${ADMIN}/properties/${PROP_A}/share-links/${id}`, admin);
    expect(revoked.body).toEqual({ id, revoked: true });
    expect((await summary(id, cookie)).body.error.details.state).toBe('revoked');
    expect((await inject('GET', `${SHARE}/open/${token}`)).body.error.details.state).toBe('revoked');
    expect((await adminCall(env.app, 'DELETE', `${ADMIN}/properties/${PROP_A}/share-links/${id}`, admin)).status).toBe(
      404,
    );
    const list = await adminCall(env.app, 'GET', `${ADMIN}/properties/${PROP_A}/share-links`, admin);
    expect(list.body.data.find((l: { id: string }) => l.id === id).state).toBe('revoked');
  });
});

describe('the share page’s frames', () => {
  let app: FastifyInstance;
  const dist = mkdtempSync(join(tmpdir(), 'sightline-share-page-'));
  beforeAll(async () => {
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Sightline</title>');
    app = await buildApp({ store: env.store, distDir: dist, clock: () => now });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });
  const frames = async (url: string) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    return {
      ancestors: /frame-ancestors ([^;]*)/.exec(String(res.headers['content-security-policy']))![1],
      xfo: res.headers['x-frame-options'],
    };
  };

  it('lets only an embed link’s page be framed, and only by the origins its owner named', async () => {
    const embed = await makeLink({
      embed: true,
      frame_ancestors: ['https://blog.example.com', 'https://intranet.example'],
    });
    const plain = await makeLink({ frame_ancestors: ['https://blog.example.com'] });
    expect(await frames(`/share/${embed.token}?embed=1`)).toEqual({
      ancestors: 'https://blog.example.com https://intranet.example',
      xfo: undefined,
    });
    expect(await frames(`/share/${embed.token}`)).toEqual({ ancestors: "'none'", xfo: 'DENY' });
    expect(await frames(`/share/${plain.token}?embed=1`)).toEqual({ ancestors: "'none'", xfo: 'DENY' });
    expect(await frames('/traffic')).toEqual({ ancestors: "'none'", xfo: 'DENY' });
    await adminCall(env.app, 'DELETE', `${ADMIN}/properties/${PROP_A}/share-links/${embed.id}`, admin);
    expect(await frames(`/share/${embed.token}?embed=1`)).toEqual({ ancestors: "'none'", xfo: 'DENY' });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope } from '../../contract/common.js';
import { endpoints, type Endpoint } from '../../contract/endpoints.js';
import { fillPath } from '../../contract/path-template.js';
import { csrfTokenFor } from '../auth/csrf.js';
import { issueSignInToken } from '../auth/sign-in.js';
import { createTestEnv, endpointPath, get, post, PROP_A, type TestEnv } from '../test-support/fixtures.js';

// NUL and lone surrogates (half of a UTF-16 pair, e.g. "\ud800" in JSON) were stored and read back.
// Every string a client sends is refused with them, wherever it sits: 400 naming the field.
let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

const NUL = 'a\u0000b';
const HIGH = 'a\ud800b';
const LOW = '\udc00b';

function expectRefused(res: { statusCode: number; body: string }, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  const { error } = errorEnvelope.parse(JSON.parse(res.body));
  expect(error).toMatchObject({ code: 'invalid_request', details: { field } });
  expect(error.message).toContain('NUL character or a lone surrogate');
}
const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: string) =>
  env.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${env.keys.both}`, 'content-type': 'application/json' },
    ...(payload === undefined ? {} : { payload }),
  });
const ids: Record<string, string> = { propertyId: PROP_A, experimentId: 'exp_x', funnelId: 'f_x' };
const path = (e: Endpoint) => `/api/external/v1${fillPath(e.path, (name) => ids[name] ?? `{${name}}`)}`;

describe('the API refuses NUL and lone surrogates, naming the field', () => {
  const table = Object.entries(endpoints) as [string, Endpoint][];
  // Every endpoint of the table, so one added later cannot forget: a key it does not even know about.
  it.each(table.filter(([, e]) => e.query))('%s: in a query parameter', async (_name, e) => {
    expectRefused(await inject('GET', `${path(e)}?note=a%00b`), 'note');
  });
  it.each(table.filter(([, e]) => e.body))('%s: in the body', async (_name, e) => {
    expectRefused(await inject(e.method, path(e), JSON.stringify({ note: HIGH })), 'note');
  });

  it('in a path parameter', async () => {
    expectRefused(await inject('GET', `/api/external/v1/properties/${PROP_A}/split-tests/exp%00x`), 'experimentId');
  });

  it('inside a parameter’s own JSON (funnel steps)', async () => {
    const steps = encodeURIComponent('[{"page":"/"},{"page":"/a\\ud800"}]');
    expectRefused(
      await inject('GET', `${path(endpoints.funnel)}?start=2026-03-01&end=2026-03-07&steps=${steps}`),
      'steps.1.page',
    );
  });

  it('in split tests, and stores nothing', async () => {
    const list = endpointPath('splitTests');
    const body = (name: string, value: string) => ({
      name,
      page: '/p',
      type: 'nocode',
      variants: [{ changes: [{ selector: 'h1', op: 'text', value }] }],
    });
    for (const [payload, field] of [
      [body(NUL, 'x'), 'name'],
      [body('n', LOW), 'variants.0.changes.0.value'],
    ] as const) {
      const r = await post(env, env.keys.a, list, payload);
      expect([r.status, r.body.error?.details.field]).toEqual([400, field]);
    }
    expect((await get(env, env.keys.a, list)).body.data).toEqual([]);
  });

  it('in a saved funnel’s name', async () => {
    const r = await post(env, env.keys.a, endpointPath('saveFunnel'), { name: HIGH, steps: [{ page: '/' }] });
    expect([r.status, r.body.error?.details.field]).toEqual([400, 'name']);
  });

  it('in an admin body', async () => {
    const cookie = /sl_session=([^;]*)/.exec(
      String(
        (await env.app.inject({ url: `/sign-in?token=${await issueSignInToken(env.store)}` })).headers['set-cookie'],
      ),
    )![1];
    const res = await env.app.inject({
      method: 'POST',
      url: '/api/admin/v1/properties',
      headers: {
        cookie: `sl_session=${cookie}`,
        'content-type': 'application/json',
        'x-csrf-token': csrfTokenFor(cookie),
      },
      payload: JSON.stringify({ id: 'site-c', name: NUL, timezone: 'UTC' }),
    });
    expectRefused(res, 'name');
  });

  it('keeps real text: a surrogate pair (emoji), other scripts and escapes', async () => {
    const r = await post(env, env.keys.a, endpointPath('saveFunnel'), {
      name: 'Checkout 😀 ẞ \u202e \\u0000 %00',
      steps: [{ page: '/' }],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.name).toBe('Checkout 😀 ẞ \u202e \\u0000 %00');
  });
});

describe('collect refuses them too, naming the event’s field', () => {
  const event = { type: 'click', property_id: PROP_A, visitor_id: 'v1', session_id: 's1', path: '/', target: 'button' };
  const send = (payload: string) =>
    env.app.inject({ method: 'POST', url: '/api/collect', headers: { 'content-type': 'text/plain' }, payload });

  it.each([
    ['NUL in one event', JSON.stringify({ ...event, target: NUL }), 'target'],
    [
      'a lone high surrogate in a batch',
      JSON.stringify({ events: [event, { ...event, referrer: HIGH }] }),
      'events.1.referrer',
    ],
    [
      'a lone low surrogate, written as a JSON escape',
      JSON.stringify({ events: [{ ...event, utm_source: 'x' }] }).replace('"x"', '"\\udc00"'),
      'events.0.utm_source',
    ],
    [
      'NUL in a snapshot element’s style name',
      JSON.stringify({
        ...event,
        type: 'snapshot',
        elements: [{ selector: 'h1', tag: 'h1', kind: 'heading', styles: { ['c\u0000']: 'red' } }],
      }),
      'elements.0.styles',
    ],
  ])('%s', async (_why, payload, field) => {
    expectRefused(await send(payload), field);
  });

  it('stores none of them', async () => {
    expect(await env.store.countEvents([PROP_A])).toBe(0);
  });
});

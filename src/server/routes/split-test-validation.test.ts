import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope } from '../../contract/common.js';
import { MAX_RUNNING_TESTS } from '../../contract/experiments.js';
import { createTestEnv, endpointPath, get, patch, post, PROP_B, type TestEnv } from '../test-support/fixtures.js';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

const listPath = endpointPath('splitTests');
const text = { selector: 'h1', op: 'text', value: 'Try it free' };
const nocode = { name: 'Headline', page: '/pricing', type: 'nocode', variants: [{ changes: [text] }] };
const redirect = { name: 'Layout', page: '/pricing', type: 'redirect', variants: [{ url: '/pricing-b' }] };
const without = (body: Record<string, unknown>, field: string) =>
  Object.fromEntries(Object.entries(body).filter(([k]) => k !== field));
const withChange = (change: unknown) => ({ ...nocode, variants: [{ changes: [change] }] });
/** n variants of one html change of `size` characters. */
const bigHtml = (n: number, size: number) => ({
  ...nocode,
  variants: Array.from({ length: n }, () => ({ changes: [{ selector: 'main', op: 'html', value: 'x'.repeat(size) }] })),
});
/** 50 css properties of 500 characters each: every one allowed, 25,000+ characters together. */
const bigCss = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`prop${i}`, 'y'.repeat(500)]));

/** [why, body, the field the 400 must name] */
const rejected: [string, unknown, string][] = [
  ['missing name', without(nocode, 'name'), 'name'],
  ['blank name', { ...nocode, name: '   ' }, 'name'],
  ['missing page', without(nocode, 'page'), 'page'],
  ['page without leading slash', { ...nocode, page: 'pricing' }, 'page'],
  ['page with a query string', { ...nocode, page: '/pricing?plan=pro' }, 'page'],
  ['missing type', without(nocode, 'type'), 'type'],
  ['unknown type', { ...nocode, type: 'multivariate' }, 'type'],
  ['unsupported goal', { ...nocode, goal: 'signups' }, 'goal'],
  ['missing variants', without(nocode, 'variants'), 'variants'],
  ['no variants', { ...nocode, variants: [] }, 'variants'],
  [
    'too many variants (11 besides the control)',
    { ...nocode, variants: Array.from({ length: 11 }, () => ({ changes: [text] })) },
    'variants',
  ],
  ['nocode variant without changes', { ...nocode, variants: [{ label: 'B' }] }, 'variants.0.changes'],
  ['nocode variant with no change in it', { ...nocode, variants: [{ changes: [] }] }, 'variants.0.changes'],
  ['unknown op', withChange({ selector: 'h1', op: 'rotate', value: '90deg' }), 'variants.0.changes.0.op'],
  ['change without selector', withChange({ op: 'text', value: 'x' }), 'variants.0.changes.0.selector'],
  [
    'selector that is not CSS (###)',
    withChange({ selector: '###', op: 'text', value: 'x' }),
    'variants.0.changes.0.selector',
  ],
  [
    'selector ending in a combinator',
    withChange({ selector: 'div >', op: 'delete', value: '' }),
    'variants.0.changes.0.selector',
  ],
  [
    'selector of a pseudo-element',
    withChange({ selector: 'a::before', op: 'text', value: 'x' }),
    'variants.0.changes.0.selector',
  ],
  [
    'css value that is not an object',
    withChange({ selector: 'h1', op: 'css', value: 'color: red' }),
    'variants.0.changes.0.value',
  ],
  [
    'css property not in camel case',
    withChange({ selector: 'h1', op: 'css', value: { 'background-color': 'red' } }),
    'variants.0.changes.0.value.background-color',
  ],
  [
    'text value that is not a string',
    withChange({ selector: 'h1', op: 'text', value: { text: 'x' } }),
    'variants.0.changes.0.value',
  ],
  [
    'delete with a non-empty value',
    withChange({ selector: 'h1', op: 'delete', value: 'gone' }),
    'variants.0.changes.0.value',
  ],
  ['duplicate without a value', withChange({ selector: 'h1', op: 'duplicate' }), 'variants.0.changes.0.value'],
  ['html value over 20,000 characters', bigHtml(1, 20_001), 'variants.0.changes.0.value'],
  [
    'css value over 20,000 characters as JSON',
    { ...nocode, variants: [{ changes: [text, text, text, { selector: 'h1', op: 'css', value: bigCss }] }] },
    'variants.0.changes.3.value',
  ],
  ['variants over 50,000 characters together (3 × 20,000)', bigHtml(3, 20_000), 'variants'],
  ['redirect variant without url', { ...redirect, variants: [{ label: 'B' }] }, 'variants.0.url'],
  [
    'redirect url that is not a path',
    { ...redirect, variants: [{ url: 'https://elsewhere.example/' }] },
    'variants.0.url',
  ],
  ['redirect url equal to the page', { ...redirect, variants: [{ url: '/pricing' }] }, 'variants.0.url'],
  ['two redirect variants with one url', { ...redirect, variants: [{ url: '/b' }, { url: '/b' }] }, 'variants.1.url'],
  ['auto_stop_days 0', { ...nocode, auto_stop_days: 0 }, 'auto_stop_days'],
  ['auto_stop_days 366', { ...nocode, auto_stop_days: 366 }, 'auto_stop_days'],
  ['auto_stop_days not an integer', { ...nocode, auto_stop_days: 1.5 }, 'auto_stop_days'],
  ['auto_stop_days as a string', { ...nocode, auto_stop_days: '7' }, 'auto_stop_days'],
  ['destination_page without goal_target', { ...nocode, goal: 'destination_page' }, 'goal_target'],
  [
    'destination_page goal_target that is not a path',
    { ...nocode, goal: 'destination_page', goal_target: 'thanks' },
    'goal_target',
  ],
  ['external_destination without goal_target', { ...nocode, goal: 'external_destination' }, 'goal_target'],
  [
    'external_destination goal_target neither URL nor host',
    { ...nocode, goal: 'external_destination', goal_target: 'not a host' },
    'goal_target',
  ],
  [
    'session_time goal_target that is not whole seconds',
    { ...nocode, goal: 'session_time', goal_target: '1.5' },
    'goal_target',
  ],
  ['session_time goal_target 0', { ...nocode, goal: 'session_time', goal_target: '0' }, 'goal_target'],
  [
    'goal_target for a goal that has none (default click_through)',
    { ...nocode, goal_target: '/thanks' },
    'goal_target',
  ],
  ['goal_target for revenue', { ...nocode, goal: 'revenue', goal_target: 'EUR' }, 'goal_target'],
];

describe('POST split-tests: every 400 names its field', () => {
  it.each(rejected)('%s', async (_why, body, field) => {
    const r = await post(env, env.keys.a, listPath, body);
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(errorEnvelope.parse(r.body).error).toMatchObject({ code: 'invalid_request', details: { field } });
  });

  it('says in words why a selector is refused, where the page script would have skipped it silently', async () => {
    const r = await post(env, env.keys.a, listPath, {
      ...nocode,
      variants: [{ changes: [text] }, { changes: [text, { selector: '###', op: 'text', value: 'x' }] }],
    });
    expect(r.status).toBe(400);
    expect(errorEnvelope.parse(r.body).error).toMatchObject({
      code: 'invalid_request',
      message: expect.stringContaining(
        'not a valid CSS selector: “#” must be followed by an id name, e.g. #signup, but “#” follows it',
      ),
      details: { field: 'variants.1.changes.1.selector' },
    });
  });

  it('creates nothing for any of them, and a body that is not an object is a 400 too', async () => {
    for (const body of ['"text"', '[]', 'null']) {
      const res = await env.app.inject({
        method: 'POST',
        url: `/api/external/v1${listPath}`,
        payload: body,
        headers: { authorization: `Bearer ${env.keys.a}`, 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(400);
    }
    expect((await get(env, env.keys.a, listPath)).body.data).toEqual([]);
  });

  it('accepts the boundaries: auto_stop_days 1 and 365, a selector list, 10 variants, a host or a URL prefix as external target', async () => {
    const ok = [
      { ...nocode, auto_stop_days: 1 },
      withChange({
        selector: 'section.section article.card:nth-of-type(1) > h3, [data-track="pricing-pro"]',
        op: 'text',
        value: 'x',
      }),
      {
        ...nocode,
        auto_stop_days: 365,
        variants: Array.from({ length: 10 }, () => ({
          changes: [text, { selector: 'h1', op: 'css', value: { color: 'red', fontSize: 18 } }],
        })),
      },
      { ...nocode, goal: 'external_destination', goal_target: 'partner.example' },
      { ...nocode, goal: 'external_destination', goal_target: 'https://partner.example/signup' },
      { ...redirect, variants: [{ url: '/b' }, { url: '/c' }] },
      bigHtml(2, 20_000),
    ];
    for (const body of ok) expect((await post(env, env.keys.a, listPath, body)).status).toBe(201);
  });
});

describe('POST split-tests: running tests per property', () => {
  const listB = endpointPath('splitTests', { propertyId: PROP_B });
  const createB = () => post(env, env.keys.b, listB, nocode);

  it(`runs at most ${MAX_RUNNING_TESTS} at once: one more is a 409 until one stops, even when several arrive together`, async () => {
    const ids: string[] = [];
    for (let i = 0; i < MAX_RUNNING_TESTS; i++) {
      const r = await createB();
      expect(r.status).toBe(201);
      ids.push(r.body.experiment_id);
    }
    const refused = await createB();
    expect(refused.status).toBe(409);
    expect(errorEnvelope.parse(refused.body).error).toMatchObject({
      code: 'conflict',
      details: { field: 'propertyId', running: MAX_RUNNING_TESTS, max: MAX_RUNNING_TESTS },
    });

    expect(
      (await post(env, env.keys.b, endpointPath('stopSplitTest', { propertyId: PROP_B, experimentId: ids[0] }), {}))
        .status,
    ).toBe(200);
    const together = await Promise.all([createB(), createB(), createB()]);
    expect(together.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const active = (await get(env, env.keys.b, listB, { status: 'active', limit: 100 })).body.data;
    expect(active).toHaveLength(MAX_RUNNING_TESTS);
  });
});

describe('PATCH and stop: 400 before anything changes', () => {
  it('names the field', async () => {
    const created = await post(env, env.keys.a, listPath, nocode);
    const path = endpointPath('updateSplitTest', { experimentId: created.body.experiment_id });
    const cases: [unknown, string][] = [
      [{}, 'name'], // neither field: nothing to change
      [{ name: '' }, 'name'],
      [{ name: 42 }, 'name'],
      [{ auto_stop_days: 0 }, 'auto_stop_days'],
      [{ auto_stop_days: 366 }, 'auto_stop_days'],
      [{ auto_stop_days: 2.5 }, 'auto_stop_days'],
    ];
    for (const [body, field] of cases) {
      const r = await patch(env, env.keys.a, path, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.details.field).toBe(field);
    }
    const stopPath = endpointPath('stopSplitTest', { experimentId: created.body.experiment_id });
    for (const body of [{ reason: '' }, { reason: 7 }]) {
      const r = await post(env, env.keys.a, stopPath, body);
      expect(r.status).toBe(400);
      expect(r.body.error.details.field).toBe('reason');
    }
    const after = await get(env, env.keys.a, endpointPath('splitTest', { experimentId: created.body.experiment_id }));
    expect(after.body).toMatchObject({ name: 'Headline', status: 'active', auto_stop_days: null });
  });

  it('rejects a bad status or limit on the list', async () => {
    for (const [query, field] of [
      [{ status: 'running' }, 'status'],
      [{ limit: 0 }, 'limit'],
      [{ limit: 101 }, 'limit'],
      [{ limit: 'x' }, 'limit'],
    ] as const) {
      const r = await get(env, env.keys.a, listPath, query);
      expect(r.status).toBe(400);
      expect(r.body.error.details.field).toBe(field);
    }
  });
});

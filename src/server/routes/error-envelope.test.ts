import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope } from '../../contract/common.js';
import {
  addKey,
  apiUrl,
  createTestEnv,
  del,
  endpointPath,
  get,
  post,
  PROP_A,
  PROP_B,
  type Reply,
  type TestEnv,
} from '../test-support/fixtures.js';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

const range = { start: '2026-03-01', end: '2026-03-07' };
const summary = endpointPath('trafficSummary');

/** Asserts the error envelope, its status and code, and (when given) the field it names. */
function expectError(r: Reply, status: number, code: string, field?: string) {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  const { error } = errorEnvelope.parse(r.body);
  expect(error.code).toBe(code);
  if (field !== undefined) expect(error.details.field).toBe(field);
  return error;
}

describe('401 unauthorized', () => {
  const raw = (authorization?: string) =>
    env.app.inject({
      method: 'GET',
      url: apiUrl(summary, range),
      headers: authorization === undefined ? {} : { authorization },
    });

  it.each([
    ['no header', undefined],
    ['another scheme', 'Token abc'],
    ['an empty bearer', 'Bearer '],
    ['two tokens', 'Bearer sl_aaaaaaaaaaaaaaaaaaaaaaaaaaaa sl_bbb'],
    ['a key that does not exist', `Bearer sl_${'A'.repeat(43)}`],
    ['a key of the wrong shape', 'Bearer not-a-key'],
  ])('for %s', async (_what, header) => {
    const res = await raw(header);
    expectError(
      { status: res.statusCode, headers: res.headers, body: res.json() },
      401,
      'unauthorized',
      'Authorization',
    );
  });

  it('for a revoked key', async () => {
    const { key, record } = await addKey(env.store, [PROP_A]);
    await env.store.revokeApiKey(record.id, new Date());
    expectError(await get(env, key, summary, range), 401, 'unauthorized');
  });
});

describe('403 forbidden', () => {
  it("for another property's key", async () => {
    const e = expectError(await get(env, env.keys.b, summary, range), 403, 'forbidden', 'propertyId');
    expect(e.details.property_ids).toEqual([PROP_A]);
  });

  it('for a key without the metrics permission', async () => {
    const e = expectError(await get(env, env.keys.none, summary, range), 403, 'forbidden');
    expect(e.details.permission).toBe('metrics');
  });

  it('for an aggregate that lists a property the key cannot read', async () => {
    const r = await post(
      env,
      env.keys.b,
      '/properties/aggregate/traffic/trends',
      { propertyIds: [PROP_B, PROP_A] },
      range,
    );
    expect(expectError(r, 403, 'forbidden', 'propertyIds').details.property_ids).toEqual([PROP_A]);
  });
});

describe('400 invalid_request names the parameter', () => {
  const steps = JSON.stringify([{ page: '/' }]);
  const cases: [string, string, Record<string, string | number>, string][] = [
    ['a start that is no date', 'trafficSummary', { start: 'yesterday', end: '2026-03-07' }, 'start'],
    ['a calendar date that does not exist', 'trafficSummary', { start: '2026-02-30', end: '2026-03-07' }, 'start'],
    ['an end that is no date', 'trafficSummary', { start: '2026-03-01', end: '03/07/2026' }, 'end'],
    ['a missing start', 'trafficSummary', { end: '2026-03-07' }, 'start'],
    ['end before start', 'trafficSummary', { start: '2026-03-07T00:00:00Z', end: '2026-03-01T00:00:00Z' }, 'end'],
    ['an unknown time zone', 'trafficTrends', { ...range, timezone: 'Europe/Atlantis' }, 'timezone'],
    ['an unknown granularity', 'trafficTrends', { ...range, granularity: 'minute' }, 'granularity'],
    ['a range over 732 days', 'trafficSummary', { start: '2024-01-01', end: '2026-01-03' }, 'end'],
    [
      'more than 500 buckets',
      'trafficTrends',
      { start: '2026-01-01', end: '2026-01-31', granularity: 'hour' },
      'granularity',
    ],
    [
      'more than 500 click buckets',
      'clicksBreakdown',
      { start: '2026-01-01', end: '2026-01-31', granularity: 'hour' },
      'granularity',
    ],
    ['limit above 50', 'trafficBreakdown', { ...range, limit: 51 }, 'limit'],
    ['limit below 1', 'pagesBreakdown', { ...range, limit: 0 }, 'limit'],
    ['a limit that is no number', 'entryExitPages', { ...range, limit: 'ten' }, 'limit'],
    ['a fractional limit', 'clicksBreakdown', { ...range, limit: 2.5 }, 'limit'],
    ['a missing page', 'pageDetails', range, 'page'],
    ['a page without a leading /', 'clickDetails', { ...range, page: 'pricing' }, 'page'],
    ['a page with a query string', 'formDetails', { ...range, page: '/a?b=c' }, 'page'],
    ['a missing suggestions page', 'funnelSuggestions', {}, 'page'],
    ['missing steps', 'funnel', range, 'steps'],
    ['steps that are not JSON', 'funnel', { ...range, steps: '[{page:/}' }, 'steps'],
    ['an empty steps array', 'funnelSankey', { ...range, steps: '[]' }, 'steps'],
    ['a step page without /', 'funnel', { ...range, steps: '[{"page":"pricing"}]' }, 'steps.0.page'],
    ['an unknown breakdownBy', 'funnel', { ...range, steps, breakdownBy: 'hostname' }, 'breakdownBy'],
    ['an unknown mode', 'funnel', { ...range, steps, mode: 'strict' }, 'mode'],
    ['maxPaths 0', 'funnelSankey', { ...range, steps, maxPaths: 0 }, 'maxPaths'],
  ];
  it.each(cases)('for %s', async (_what, name, query, field) => {
    expectError(await get(env, env.keys.a, endpointPath(name as never), query), 400, 'invalid_request', field);
  });

  const saved = endpointPath('saveFunnel');
  it.each([
    ['an empty body', {}, 'name'],
    ['a blank name', { name: '   ', steps: [{ page: '/' }] }, 'name'],
    ['steps that are no array', { name: 'x', steps: '/a,/b' }, 'steps'],
    ['no steps', { name: 'x', steps: [] }, 'steps'],
    ['a step without /', { name: 'x', steps: [{ page: 'a' }] }, 'steps.0.page'],
    ['an id that is no string', { id: 7, name: 'x', steps: [{ page: '/' }] }, 'id'],
  ])('for a saved funnel with %s', async (_what, body, field) => {
    expectError(await post(env, env.keys.a, saved, body), 400, 'invalid_request', field);
  });

  const agg = '/properties/aggregate/traffic/summary';
  it('for an aggregate without a body, with empty or bad propertyIds', async () => {
    const noBody = await env.app.inject({
      method: 'POST',
      url: apiUrl(agg, range),
      headers: { authorization: `Bearer ${env.keys.both}` },
    });
    expectError(
      { status: noBody.statusCode, headers: noBody.headers, body: noBody.json() },
      400,
      'invalid_request',
      'propertyIds',
    );
    expectError(await post(env, env.keys.both, agg, { propertyIds: [] }, range), 400, 'invalid_request', 'propertyIds');
    expectError(
      await post(env, env.keys.both, agg, { propertyIds: 'site-a' }, range),
      400,
      'invalid_request',
      'propertyIds',
    );
    expectError(
      await post(env, env.keys.both, agg, { propertyIds: ['../etc'] }, range),
      400,
      'invalid_request',
      'propertyIds.0',
    );
    // the query is checked too
    expectError(
      await post(env, env.keys.both, agg, { propertyIds: [PROP_A] }, { start: 'x', end: 'y' }),
      400,
      'invalid_request',
      'start',
    );
  });

  it('for bad percent-encoding or an over-long segment in the path', async () => {
    expectError(
      await get(env, env.keys.a, '/properties/site-%zz/traffic/summary', range),
      400,
      'invalid_request',
      'url',
    );
    expectError(await del(env, env.keys.a, '/properties/site-a/saved-funnels/%E0%A4%A'), 400, 'invalid_request', 'url');
    expectError(
      await get(env, env.keys.a, `/properties/${'a'.repeat(600)}/traffic/summary`, range),
      400,
      'invalid_request',
      'url',
    );
  });

  it('for a malformed JSON body', async () => {
    const res = await env.app.inject({
      method: 'POST',
      url: apiUrl(agg, range),
      payload: '{"propertyIds": [',
      headers: { authorization: `Bearer ${env.keys.both}`, 'content-type': 'application/json' },
    });
    expectError({ status: res.statusCode, headers: res.headers, body: res.json() }, 400, 'invalid_request', 'body');
  });
});

describe('404 not_found', () => {
  it('for unknown routes, inside and outside the API', async () => {
    expectError(await get(env, env.keys.a, '/properties/site-a/traffic/nothing', range), 404, 'not_found');
    const outside = await env.app.inject({ method: 'GET', url: '/nothing-here' });
    expectError({ status: outside.statusCode, headers: outside.headers, body: outside.json() }, 404, 'not_found');
  });

  it('for an unknown saved funnel id', async () => {
    expectError(
      await del(env, env.keys.a, endpointPath('deleteFunnel', { funnelId: 'fnl_missing' })),
      404,
      'not_found',
      'funnelId',
    );
  });
});

describe('429 rate_limited', () => {
  it('after the per-minute budget, with retry-after', async () => {
    const limited = await createTestEnv({ rateLimitPerMinute: 3 });
    try {
      for (let i = 0; i < 3; i++) expect((await get(limited, limited.keys.a, summary, range)).status).toBe(200);
      const r = await get(limited, limited.keys.a, summary, range);
      expectError(r, 429, 'rate_limited');
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
      // another key has its own budget
      expect((await get(limited, limited.keys.both, summary, range)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('500 internal_error', () => {
  it('hides what went wrong in the store', async () => {
    const broken = await createTestEnv({
      wrapStore: (s) => ({
        ...s,
        trafficSummary: async () => {
          throw new Error('connection refused at /var/lib/secret/db.duckdb');
        },
      }),
    });
    try {
      const r = await get(broken, broken.keys.a, summary, range);
      expectError(r, 500, 'internal_error');
      const text = JSON.stringify(r.body);
      expect(text).not.toMatch(/secret|connection refused|"stack"|\.ts:|\bat \//);
      // the rest of the service still answers
      expect((await get(broken, broken.keys.a, endpointPath('trafficTrends'), range)).status).toBe(200);
    } finally {
      await broken.close();
    }
  });
});

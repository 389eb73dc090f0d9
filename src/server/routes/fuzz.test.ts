import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope } from '../../contract/common.js';
import { API_PREFIX, endpoints, type Endpoint } from '../../contract/endpoints.js';
import { createTestEnv, report, type TestEnv } from '../test-support/fixtures.js';
import { loadMarchDataset, MARCH } from '../test-support/march-dataset.js';

let env: TestEnv;
let eventsBefore: number;
beforeAll(async () => {
  env = await createTestEnv();
  await loadMarchDataset(env.store);
  eventsBefore = await env.store.countEvents();
});
afterAll(() => env.close());

const RUNS = 100;

const hostile = [
  "'; DROP TABLE events; --",
  '1; DELETE FROM sessions',
  "' OR '1'='1",
  '" OR ""="',
  '$1',
  '$start',
  '?',
  ':start',
  '\\',
  "\\'",
  '9'.repeat(400),
  '1e309',
  '-1',
  '0',
  '1.5',
  'NaN',
  'Infinity',
  '-0',
  '0x10',
  ' 5 ',
  '',
  ' ',
  '\u0000',
  '\u202e',
  '😀',
  'ẞ',
  'İ',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  'null',
  '[]',
  '{}',
  'true',
  '2026-03-01',
  '2026-03-01T00:00:00Z',
  '2026-02-30',
  '0000-01-01',
  '9999-12-31T23:59:59+14:00',
  '2026-03-01T25:00:00Z',
  'UTC',
  'America/New_York',
  'Etc/GMT+14',
  'hour',
  'day',
  'week',
  'month',
  'unbounded',
  'sequential',
  'device',
  '/',
  '/pricing',
  '[{"page":"/"}]',
  '[{"page":"/"},{"page":"/pricing"}]',
  '[{"page":"x"}]',
  '[{"page":"/\'; DROP TABLE events; --"}]',
  '{"page":"/"}',
  `[${Array.from({ length: 30 }, () => '{"page":"/"}').join(',')}]`,
  '[' + '['.repeat(500),
];
/** Percent-encoding garbage that goes into the URL as it is. */
const rawGarbage = [
  '%',
  '%%',
  '%zz',
  '%E0%A4%A',
  '%C0%AF',
  '%00',
  '%FF%FE',
  '%25%',
  '%u0041',
  '%2',
  '+%2B+',
  '%ED%A0%80',
];
const names = [
  'start',
  'end',
  'timezone',
  'limit',
  'page',
  'source',
  'granularity',
  'steps',
  'mode',
  'breakdownBy',
  'maxPaths',
  'minSessions',
  '__proto__',
  'constructor',
  'start[]',
  'limit[0]',
  'a.b',
];

function encode(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return escape(s); // lone surrogates
  }
}

const value = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...hostile).map(encode) },
  { weight: 2, arbitrary: fc.constantFrom(...rawGarbage) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }).map(encode) },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double()).map((n) => encode(String(n))) },
  {
    weight: 1,
    arbitrary: fc
      .date({ min: new Date('1960-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((d) => encode(d.toISOString())),
  },
);
const name = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...names) },
  { weight: 1, arbitrary: fc.string({ maxLength: 10 }).map(encode) },
);
/** A query string: sometimes a valid base, then hostile pairs (repeats such as limit=1&limit=2 included). */
const queryString = fc.tuple(fc.boolean(), fc.array(fc.tuple(name, value), { maxLength: 6 })).map(([valid, pairs]) => {
  const base = valid
    ? [`start=${MARCH.start}`, `end=${MARCH.end}`, 'page=%2F', `steps=${encode('[{"page":"/"},{"page":"/pricing"}]')}`]
    : [];
  return [...base, ...pairs.map(([k, v]) => `${k}=${v}`)].join('&');
});
/** The property segment: usually site-a, sometimes hostile. */
const propertySegment = fc.oneof(
  { weight: 6, arbitrary: fc.constant('site-a') },
  { weight: 1, arbitrary: value },
  { weight: 1, arbitrary: fc.constant('a'.repeat(600)) },
);

/** How often each status came back: the runs must reach the reports, not only the validators. */
const statuses = new Map<number, number>();

async function expectSafe(
  res: { statusCode: number; json(): unknown; body: string },
  schema: { parse(v: unknown): unknown },
  okStatus: number,
) {
  statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
  expect(res.statusCode, res.body).toBeLessThan(500);
  const body = res.json();
  if (res.statusCode >= 400) errorEnvelope.parse(body);
  else if (res.statusCode === okStatus) schema.parse(body);
}

const table = Object.entries(endpoints) as [string, Endpoint][];
const auth = () => ({ authorization: `Bearer ${env.keys.both}` });

describe('hostile input never breaks the service', () => {
  it.each(table.filter(([, e]) => e.method === 'GET'))('GET %s with random query strings', async (_name, e) => {
    await fc.assert(
      fc.asyncProperty(propertySegment, queryString, async (prop, qs) => {
        const url = `${API_PREFIX}${e.path.replace('{propertyId}', prop)}?${qs}`;
        await expectSafe(await env.app.inject({ method: 'GET', url, headers: auth() }), e.response, 200);
      }),
      { numRuns: RUNS },
    );
  });

  const jsonBody = fc.oneof(
    fc.jsonValue(),
    fc.record(
      {
        propertyIds: fc.oneof(
          fc.array(fc.oneof(fc.constantFrom('site-a', 'site-b', ...hostile), fc.string())),
          fc.jsonValue(),
        ),
      },
      { requiredKeys: [] },
    ),
    fc.record(
      {
        id: fc.oneof(fc.string(), fc.constantFrom(...hostile), fc.jsonValue()),
        name: fc.oneof(fc.string(), fc.jsonValue()),
        steps: fc.array(fc.record({ page: fc.oneof(fc.constantFrom(...hostile), fc.string()) })),
      },
      { requiredKeys: [] },
    ),
  );
  const payload = fc.oneof(
    { weight: 4, arbitrary: jsonBody.map((b) => ({ text: JSON.stringify(b) ?? 'null', type: 'application/json' })) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary' }).map((t) => ({ text: t, type: 'application/json' })) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1')
        .map((type) => ({ text: '{"propertyIds":["site-a"]}', type })),
    },
  );

  const posts: [string, string, { parse(v: unknown): unknown }, number][] = [
    ...table
      .filter(([, e]) => e.aggregatePath)
      .map(
        ([n, e]) =>
          [`aggregate ${n}`, e.aggregatePath!, e.response, 200] as [
            string,
            string,
            { parse(v: unknown): unknown },
            number,
          ],
      ),
    ['saveFunnel', endpoints.saveFunnel.path.replace('{propertyId}', 'site-a'), endpoints.saveFunnel.response, 201],
    [
      'createSplitTest',
      endpoints.createSplitTest.path.replace('{propertyId}', 'site-a'),
      endpoints.createSplitTest.response,
      201,
    ],
  ];
  it.each(posts)('POST %s with random bodies', async (_name, path, schema, okStatus) => {
    await fc.assert(
      fc.asyncProperty(payload, queryString, async (p, qs) => {
        const res = await env.app.inject({
          method: 'POST',
          url: `${API_PREFIX}${path}?${qs}`,
          payload: p.text,
          headers: { ...auth(), 'content-type': p.type },
        });
        await expectSafe(res, schema, okStatus);
      }),
      { numRuns: RUNS },
    );
  });

  it('DELETE saved-funnels with random ids', async () => {
    await fc.assert(
      fc.asyncProperty(propertySegment, value, async (prop, id) => {
        const res = await env.app.inject({
          method: 'DELETE',
          url: `${API_PREFIX}/properties/${prop}/saved-funnels/${id}`,
          headers: auth(),
        });
        await expectSafe(res, endpoints.deleteFunnel.response, 200);
      }),
      { numRuns: RUNS },
    );
  });

  it('leaves the events and the figures as they were', async () => {
    expect(statuses.get(200)).toBeGreaterThan(20);
    expect(statuses.get(400)).toBeGreaterThan(100);
    expect(await env.store.countEvents()).toBe(eventsBefore);
    const r = await report(env, 'trafficSummary', MARCH);
    expect(r.data).toMatchObject({ page_views: 14, sessions: 6, unique_visitors: 5 });
  });
});

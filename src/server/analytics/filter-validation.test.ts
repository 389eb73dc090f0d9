import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope } from '../../contract/common.js';
import { endpoints, MAX_AGGREGATE_PROPERTIES, type Endpoint, type EndpointName } from '../../contract/endpoints.js';
import {
  filterDimensions,
  filterOperators,
  MAX_FILTER_VALUES,
  MAX_FILTERS_PARAM_LENGTH,
} from '../../contract/filters.js';
import {
  addKey,
  apiUrl,
  createTestEnv,
  endpointPath,
  get,
  post,
  PROP_A,
  PROP_B,
  type Reply,
  type TestEnv,
} from '../test-support/fixtures.js';
import { RANGE } from '../test-support/filter-dataset.js';

// A bad `filters` is a 400 `invalid_request` naming `filters` and the index in the wire form
// (`filters.1.0` is the second filter's operator), with a message that says what is allowed; never a 500.
let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

const summary = (filters: string) => get(env, env.keys.a, endpointPath('trafficSummary'), { ...RANGE, filters });

function expect400(r: Reply, field: string): string {
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  const { error } = errorEnvelope.parse(r.body);
  expect(error.code).toBe('invalid_request');
  expect(error.details.field).toBe(field);
  return error.message;
}

/** The seed API's analytics reports (the goals report, added with issue 12, is tested with goals). */
const analyticsNames: EndpointName[] = [
  'trafficTrends',
  'trafficSummary',
  'trafficRealtime',
  'trafficBreakdown',
  'entryExitPages',
  'pagesBreakdown',
  'pageDetails',
  'clicksBreakdown',
  'clickDetails',
  'formsBreakdown',
  'formDetails',
  'funnel',
  'funnelSankey',
  'funnelSuggestions',
];

const tuple = (op: string, dimension: string, values: unknown[]) => [op, dimension, values];
const SHAPE = /\[operator, dimension, \[values\]\]/;

describe('a bad filter is a 400 on filters and its index', () => {
  it('not JSON', async () => {
    expect(expect400(await summary('country=US'), 'filters')).toMatch(SHAPE);
  });

  it('an unknown operator, also in the second filter, listing the operators', async () => {
    const first = expect400(await summary(JSON.stringify([tuple('equals', 'country', ['US'])])), 'filters.0.0');
    for (const op of filterOperators) expect(first).toContain(`"${op}"`);
    expect400(
      await summary(JSON.stringify([tuple('is', 'country', ['US']), tuple('IS', 'country', ['US'])])),
      'filters.1.0',
    );
  });

  it('an unknown dimension, listing the dimensions', async () => {
    const message = expect400(await summary(JSON.stringify([tuple('is', 'city', ['Paris'])])), 'filters.0.1');
    for (const d of filterDimensions) expect(message).toContain(`"${d}"`);
    expect400(
      await summary(JSON.stringify([tuple('is', 'country', ['US']), tuple('is', 'hostname', ['a.example'])])),
      'filters.1.1',
    );
  });

  it('null with an operator other than is / is_not', async () => {
    for (const op of ['contains', 'not_contains', 'matches']) {
      const message = expect400(
        await summary(JSON.stringify([tuple(op, 'referrer', ['google.com', null])])),
        'filters.0.2.1',
      );
      expect(message).toMatch(/"is" and "is_not"/);
    }
  });

  it('values: none, too many, empty, too long, not text', async () => {
    expect(expect400(await summary(JSON.stringify([tuple('is', 'country', [])])), 'filters.0.2')).toMatch(/1/);
    expect(
      expect400(await summary(JSON.stringify([tuple('is', 'country', Array(21).fill('US'))])), 'filters.0.2'),
    ).toMatch(/20/);
    expect400(await summary(JSON.stringify([tuple('is', 'country', ['US', ''])])), 'filters.0.2.1');
    expect(
      expect400(await summary(JSON.stringify([tuple('is', 'page', ['/'.repeat(1025)])])), 'filters.0.2.0'),
    ).toMatch(/1024/);
    expect400(await summary(JSON.stringify([tuple('is', 'country', [1])])), 'filters.0.2.0');
    expect400(await summary(JSON.stringify([tuple('is', 'country', [{ code: 'US' }])])), 'filters.0.2.0');
    expect400(await summary(JSON.stringify([tuple('is', 'country', [['US']])])), 'filters.0.2.0');
    expect400(await summary(JSON.stringify([['is', 'country', 'US']])), 'filters.0.2');
  });

  it('too many filters, or too long a parameter', async () => {
    const eleven = Array.from({ length: 11 }, () => tuple('is_not', 'country', ['ZZ']));
    expect(expect400(await summary(JSON.stringify(eleven)), 'filters')).toMatch(/10/);
    expect((await summary(JSON.stringify(eleven.slice(0, 10)))).status).toBe(200); // ten is the most
  });
});

describe('odd shapes are 400s, never 500s', () => {
  // [what it is, the parameter, the field named]
  const shapes: [string, string, string][] = [
    ['an object, not an array', '{"is":"country"}', 'filters'],
    ['an empty object', '{}', 'filters'],
    ['a string', '"US"', 'filters'],
    ['null', 'null', 'filters'],
    ['a number', '42', 'filters'],
    ['a number too large', '1e999', 'filters'],
    ['a null filter', '[null]', 'filters.0'],
    ['an empty filter', '[[]]', 'filters.0'],
    ['one filter without the outer array', '["is","country",["US"]]', 'filters.0'],
    ['values missing', '[["is","country"]]', 'filters.0'],
    ['a fourth element', '[["is","country",["US"],"extra"]]', 'filters.0'],
    ['nested one level too deep', '[[["is","country",["US"]]]]', 'filters.0'],
    ['nested 14,000 deep (within the length limit)', `${'['.repeat(14_000)}${']'.repeat(14_000)}`, 'filters.0'],
    ['cut short', '[["is","country",["US"]]', 'filters'],
  ];

  it.each(shapes)('%s', async (_what, raw, field) => {
    expect400(await summary(raw), field);
  });

  it('says which shape a filter has when the shape is wrong', async () => {
    for (const raw of ['{"is":"country"}', '[["is","country"]]', '[[["is","country",["US"]]]]']) {
      expect(expect400(await summary(raw), raw.startsWith('{') ? 'filters' : 'filters.0'), raw).toMatch(SHAPE);
    }
  });

  it('a parameter over 30,000 characters, or given twice', async () => {
    expect(expect400(await summary('x'.repeat(30_001)), 'filters')).toMatch(/30000|30,000/);
    const url = `${apiUrl(endpointPath('trafficSummary'), RANGE)}&filters=%5B%5D&filters=%5B%5D`;
    const twice = await env.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${env.keys.a}` } });
    expect(twice.statusCode).toBe(400);
    expect(errorEnvelope.parse(twice.json()).error.details.field).toBe('filters');
  });

  it('text a database cannot hold (NUL, a lone surrogate) is a 400 on the value', async () => {
    expect400(await summary('[["is","country",["U\\u0000S"]]]'), 'filters.0.2.0');
    expect400(await summary('[["is","page",["/\\ud800"]]]'), 'filters.0.2.0');
  });

  it('a valid empty list and null (unknown) with is are accepted', async () => {
    expect((await summary('[]')).status).toBe(200);
    expect((await summary('[["is","country",[null]],["is_not","browser",[null,"Chrome"]]]')).status).toBe(200);
  });
});

describe('every analytics endpoint and aggregate checks filters', () => {
  const extra: Partial<Record<EndpointName, Record<string, string>>> = {
    pageDetails: { page: '/' },
    clickDetails: { page: '/' },
    formDetails: { page: '/' },
    funnel: { steps: JSON.stringify([{ page: '/' }, { page: '/pricing' }]) },
    funnelSankey: { steps: JSON.stringify([{ page: '/' }, { page: '/pricing' }]) },
  };
  const analytics = analyticsNames.map((n): [EndpointName, Endpoint] => [n, endpoints[n]]);
  const queryOf = (name: EndpointName, filters: string): Record<string, string> => {
    const dated: Record<string, string> =
      name === 'trafficRealtime' ? {} : name === 'funnelSuggestions' ? { page: '/' } : RANGE;
    return { ...dated, ...extra[name], filters };
  };
  const bad = JSON.stringify([tuple('is', 'country', ['US']), tuple('is', 'planet', ['Mars'])]);
  const good = JSON.stringify([tuple('is', 'browser', ['Chrome']), tuple('contains', 'page', ['/'])]);

  it.each(analytics.map(([n]) => n))('%s: 400 on a bad filter, 200 on a good one', async (name) => {
    expect400(await get(env, env.keys.a, endpointPath(name), queryOf(name, bad)), 'filters.1.1');
    const ok = await get(env, env.keys.a, endpointPath(name), queryOf(name, good));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it.each(analytics.filter(([, e]) => e.aggregatePath).map(([n, e]) => [n, e.aggregatePath!]))(
    '%s aggregate: 400 on a bad filter, 200 on a good one',
    async (name, path) => {
      expect400(
        await post(env, env.keys.both, path, { propertyIds: [PROP_A, PROP_B] }, queryOf(name as EndpointName, bad)),
        'filters.1.1',
      );
      const ok = await post(
        env,
        env.keys.both,
        path,
        { propertyIds: [PROP_A, PROP_B] },
        queryOf(name as EndpointName, good),
      );
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    },
  );
});

describe('the widest filters over the most properties', () => {
  // Each property's sessions and goals are matched apart (a store may spell a filter once per
  // property), so the widest request spells long SQL: ten filters filling the parameter, over twenty
  // properties with goals of their own, one goal filter naming click goals only. (The embedded store
  // with a thousand goals in a filter: store/duckdb/goal-filter-many-goals.test.ts.)
  it('every aggregate answers them', async () => {
    const ids = [PROP_A, PROP_B, ...Array.from({ length: MAX_AGGREGATE_PROPERTIES - 2 }, (_, i) => `many-${i}`)];
    for (const id of ids.slice(2))
      await env.store.createProperty({ id, name: id, domain: `${id}.example`, timezone: 'UTC' });
    const key = (await addKey(env.store, ids)).key;
    const created_at = new Date('2026-05-01T00:00:00.000Z');
    for (const id of ids) {
      const goal = { property_id: id, event: null, source: null, created_at };
      await env.store.createGoal({
        ...goal,
        id: `${id}-page`,
        name: 'Goal page',
        kind: 'page',
        page: '/a/**',
        target: null,
      });
      await env.store.createGoal({
        ...goal,
        id: `${id}-click`,
        name: 'Goal click',
        kind: 'click',
        page: null,
        target: 'a.cta',
      });
    }
    const valueFilters: [string, string][] = [
      ['is_not', 'country'],
      ['not_contains', 'referrer'],
      ['is_not', 'utm_source'],
      ['is_not', 'utm_medium'],
      ['matches', 'utm_campaign'],
      ['is_not', 'browser'],
      ['is_not', 'os'],
      ['not_contains', 'entry_page'],
    ];
    const filtersOf = (length: number) =>
      JSON.stringify([
        tuple('contains', 'goal', ['Goal']),
        tuple('is_not', 'goal', ['Goal click']),
        ...valueFilters.map(([op, d], i) =>
          tuple(
            op,
            d,
            Array.from({ length: MAX_FILTER_VALUES }, (_, j) => `${i}-${j}-`.padEnd(length, 'x')),
          ),
        ),
      ]);
    let length = 1;
    while (filtersOf(length + 1).length <= MAX_FILTERS_PARAM_LENGTH) length++;
    const widest = filtersOf(length);
    expect(widest.length).toBeGreaterThan(MAX_FILTERS_PARAM_LENGTH - 200);
    const aggregates = analyticsNames.flatMap((n) => {
      const e: Endpoint = endpoints[n];
      return e.aggregatePath ? [[n, e.aggregatePath] as const] : [];
    });
    expect(aggregates).toHaveLength(7);
    for (const [name, path] of aggregates) {
      const r = await post(env, key, path, { propertyIds: ids }, { ...RANGE, filters: widest });
      expect(r.status, `${name}: ${JSON.stringify(r.body)}`).toBe(200);
    }
  });
});

describe('openapi.json', () => {
  it('documents the optional filters query parameter on every analytics endpoint and aggregate', async () => {
    const r = await env.app.inject({ method: 'GET', url: '/api/external/v1/openapi.json' });
    type Param = { name: string; in: string; required?: boolean; description?: string };
    const doc = r.json() as { paths: Record<string, Record<string, { parameters?: Param[] }>> };
    const operations = analyticsNames.flatMap((n) => {
      const e: Endpoint = endpoints[n];
      return [['get', e.path], ...(e.aggregatePath ? [['post', e.aggregatePath]] : [])];
    });
    expect(operations).toHaveLength(14 + 7);
    for (const [method, path] of operations) {
      const f = doc.paths[path]?.[method]?.parameters?.find((p) => p.name === 'filters');
      expect(f, `${method} ${path}`).toMatchObject({ in: 'query' });
      expect(f?.required).toBeFalsy();
      for (const word of ['is_not', 'not_contains', 'matches', 'browser', 'utm_campaign', 'null'])
        expect(f?.description ?? '', `${method} ${path}`).toContain(word);
    }
    // and nowhere it means nothing
    expect(
      doc.paths['/properties/{propertyId}/saved-funnels'].get.parameters?.some((p) => p.name === 'filters'),
    ).toBeFalsy();
  });
});

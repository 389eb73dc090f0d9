import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope } from '../../contract/common.js';
import { endpoints } from '../../contract/endpoints.js';
import {
  addKey,
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
import { GOAL_RANGE } from '../test-support/goal-dataset.js';

// Goals CRUD and validation (docs/decisions.md "Goals"): /properties/{propertyId}/goals.
let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

const listPath = (propertyId = PROP_A) => endpointPath('goals', { propertyId });
const deletePath = (goalId: string, propertyId = PROP_A) => endpointPath('deleteGoal', { propertyId, goalId });
const create = (body: unknown, key = env.keys.a, propertyId = PROP_A) =>
  post(env, key, endpointPath('createGoal', { propertyId }), body);
const list = async (propertyId = PROP_A, key = env.keys.a) => {
  const r = await get(env, key, listPath(propertyId));
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return endpoints.goals.response.parse(r.body).data;
};
const pause = () => new Promise((done) => setTimeout(done, 3)); // distinct created_at for "oldest first"

function expectError(r: Reply, status: number, code: string, field: string) {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  const { error } = errorEnvelope.parse(r.body);
  expect(error.code).toBe(code);
  expect(error.details.field).toBe(field);
}

// `gol_` + 9 random bytes in base62 = 13 characters, as randomId makes every id
const ID = /^gol_[A-Za-z0-9]{13}$/;

describe('creating goals', () => {
  // Each kind answers 201 with id, name, kind, created_at and the fields its kind uses, no others.
  const kinds: [string, Record<string, unknown>, Record<string, string>][] = [
    ['a page', { name: 'Pricing page', kind: 'page', page: '/pricing' }, { page: '/pricing' }],
    ['a page pattern with *', { name: 'A blog post', kind: 'page', page: '/blog/*' }, { page: '/blog/*' }],
    ['a page pattern with **', { name: 'Anything in docs', kind: 'page', page: '/docs/**' }, { page: '/docs/**' }],
    ['an event', { name: 'Signed up', kind: 'event', event: 'Signup' }, { event: 'Signup' }],
    ['a click on any page', { name: 'Buy', kind: 'click', target: 'a.buy' }, { target: 'a.buy' }],
    [
      'a click on some pages',
      { name: 'Buy on pricing', kind: 'click', target: 'a.buy', page: '/pricing/*' },
      { target: 'a.buy', page: '/pricing/*' },
    ],
    [
      'a form by target, source and page',
      { name: 'Hero signup', kind: 'form', target: 'form#signup', source: 'hero', page: '/signup' },
      { target: 'form#signup', source: 'hero', page: '/signup' },
    ],
    ['a form by source alone', { name: 'Footer forms', kind: 'form', source: 'footer' }, { source: 'footer' }],
    ['any form', { name: 'Any form', kind: 'form' }, {}],
  ];

  it.each(kinds)('%s', async (_, body, fields) => {
    const r = await create(body);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toEqual({
      id: expect.stringMatching(ID),
      name: body.name,
      kind: body.kind,
      created_at: expect.any(String),
      ...fields,
    });
    expect(new Date(r.body.created_at).toISOString()).toBe(r.body.created_at);
    expect((await list()).find((g) => g.id === r.body.id)).toEqual(r.body);
  });

  it('trims the name, the event name and the pattern', async () => {
    const r = await create({ name: '  Trimmed  ', kind: 'event', event: ' Trial started ' });
    expect(r.body).toMatchObject({ name: 'Trimmed', event: 'Trial started' });
    const p = await create({ name: 'Trimmed page', kind: 'page', page: ' /trial ' });
    expect(p.body).toMatchObject({ page: '/trial' });
  });

  it('takes a name of 120 characters', async () => {
    const r = await create({ name: 'n'.repeat(120), kind: 'form' });
    expect(r.status).toBe(201);
    expect(r.body.name).toHaveLength(120);
  });
});

describe('the list and delete', () => {
  it('lists oldest first; delete answers 200, then 404 on goalId', async () => {
    const p = PROP_B; // a property of its own, so the list is exactly these three
    const made: string[] = [];
    for (const name of ['First', 'Second', 'Third']) {
      const r = await create({ name, kind: 'event', event: name }, env.keys.b, p);
      expect(r.status).toBe(201);
      made.push(r.body.id);
      await pause();
    }
    expect((await list(p, env.keys.b)).map((g) => g.name)).toEqual(['First', 'Second', 'Third']);

    const gone = await del(env, env.keys.b, deletePath(made[1], p));
    expect(gone.status).toBe(200);
    expect(endpoints.deleteGoal.response.parse(gone.body)).toEqual({ id: made[1], deleted: true });
    expect((await list(p, env.keys.b)).map((g) => g.id)).toEqual([made[0], made[2]]);

    expectError(await del(env, env.keys.b, deletePath(made[1], p)), 404, 'not_found', 'goalId');
    expectError(await del(env, env.keys.b, deletePath('gol_doesnotexist', p)), 404, 'not_found', 'goalId');
    for (const id of [made[0], made[2]]) expect((await del(env, env.keys.b, deletePath(id, p))).status).toBe(200);
    expect(await list(p, env.keys.b)).toEqual([]);
  });

  it("keeps each property's goals to itself: another property's goal id is a 404 there", async () => {
    const mine = await create({ name: 'Site A only', kind: 'page', page: '/a-only' });
    expect(mine.status).toBe(201);
    expect((await list(PROP_B, env.keys.b)).some((g) => g.id === mine.body.id)).toBe(false);
    expectError(await del(env, env.keys.b, deletePath(mine.body.id, PROP_B)), 404, 'not_found', 'goalId');
    // a key for both properties, through site-b's route
    expectError(await del(env, env.keys.both, deletePath(mine.body.id, PROP_B)), 404, 'not_found', 'goalId');
    expect((await list()).some((g) => g.id === mine.body.id)).toBe(true);
  });
});

describe('conflicts', () => {
  it('refuses a name the property has, ignoring case and spaces around it: 409 conflict on name', async () => {
    expect((await create({ name: 'Newsletter', kind: 'event', event: 'Subscribe' })).status).toBe(201);
    expectError(await create({ name: 'NEWSLETTER', kind: 'page', page: '/news' }), 409, 'conflict', 'name');
    expectError(await create({ name: ' newsletter ', kind: 'form' }), 409, 'conflict', 'name');
    // another property may use it
    expect((await create({ name: 'newsletter', kind: 'form' }, env.keys.b, PROP_B)).status).toBe(201);
  });

  it("takes a deleted goal's name again", async () => {
    const first = await create({ name: 'Reused', kind: 'form' });
    expect((await del(env, env.keys.a, deletePath(first.body.id))).status).toBe(200);
    expect((await create({ name: 'reused', kind: 'form' })).status).toBe(201);
  });

  it('refuses the 101st goal of a property: 409 conflict on propertyId', async () => {
    const fresh = 'site-goals-max';
    await env.store.createProperty({ id: fresh, name: 'Many goals', domain: 'many.example', timezone: 'UTC' });
    const key = (await addKey(env.store, [fresh])).key;
    for (let i = 1; i <= 100; i++) {
      const r = await create({ name: `Goal ${i}`, kind: 'page', page: `/p${i}` }, key, fresh);
      expect(r.status, `goal ${i}: ${JSON.stringify(r.body)}`).toBe(201);
    }
    expectError(
      await create({ name: 'Goal 101', kind: 'page', page: '/p101' }, key, fresh),
      409,
      'conflict',
      'propertyId',
    );
    expect(await list(fresh, key)).toHaveLength(100);
  });
});

describe('bad bodies are a 400 naming the field', () => {
  const bad: [string, unknown, string][] = [
    ['an unknown kind', { name: 'X', kind: 'visit', page: '/x' }, 'kind'],
    ['no kind', { name: 'X', page: '/x' }, 'kind'],
    ['a page goal without page', { name: 'X', kind: 'page' }, 'page'],
    ['a pattern without its leading slash', { name: 'X', kind: 'page', page: 'pricing' }, 'page'],
    ['a full URL as pattern', { name: 'X', kind: 'page', page: 'https://a.example/pricing' }, 'page'],
    ['a pattern with a query string', { name: 'X', kind: 'page', page: '/pricing?plan=pro' }, 'page'],
    ['a click page without its leading slash', { name: 'X', kind: 'click', target: 'a.buy', page: 'pricing' }, 'page'],
    ['an empty name', { name: '', kind: 'form' }, 'name'],
    ['a name of spaces', { name: '   ', kind: 'form' }, 'name'],
    ['a name of 121 characters', { name: 'n'.repeat(121), kind: 'form' }, 'name'],
    ['no name', { kind: 'form' }, 'name'],
    ['an event goal without event', { name: 'X', kind: 'event' }, 'event'],
    ['an event name of 121 characters', { name: 'X', kind: 'event', event: 'e'.repeat(121) }, 'event'],
    ['a click goal without target', { name: 'X', kind: 'click', page: '/pricing' }, 'target'],
    ['an empty click target', { name: 'X', kind: 'click', target: ' ' }, 'target'],
    ['an empty form source', { name: 'X', kind: 'form', source: '' }, 'source'],
  ];

  it.each(bad)('%s', async (_, body, field) => {
    const before = (await list()).length;
    const r = await create(body);
    expectError(r, 400, 'invalid_request', field);
    expect(await list()).toHaveLength(before);
  });

  it('a body that is not an object', async () => {
    for (const body of [['page'], null]) expect((await create(body)).status, JSON.stringify(body)).toBe(400);
  });
});

describe('access', () => {
  const calls = (key: string) => [
    get(env, key, listPath()),
    create({ name: 'Probe', kind: 'form' }, key),
    del(env, key, deletePath('gol_probe000000')),
    get(env, key, endpointPath('goalsReport'), GOAL_RANGE),
  ];

  it('refuses a key without access to the property: 403 on propertyId, nothing created', async () => {
    for (const r of await Promise.all(calls(env.keys.b))) expectError(r, 403, 'forbidden', 'propertyId');
    expect((await list()).some((g) => g.name === 'Probe')).toBe(false);
  });

  it('reads with metrics and writes with configure: a metrics-only key may not create or delete a goal', async () => {
    const experimentsOnly = (await addKey(env.store, [PROP_A], ['experiments'])).key;
    const metricsOnly = (await addKey(env.store, [PROP_A], ['metrics'])).key;
    const configureOnly = (await addKey(env.store, [PROP_A], ['configure'])).key;
    const [readList, write, remove, readReport] = [0, 1, 2, 3];
    const needs = (i: number) => (i === write || i === remove ? 'configure' : 'metrics');
    for (const key of [env.keys.none, experimentsOnly, metricsOnly, configureOnly]) {
      const replies = await Promise.all(calls(key));
      for (const [i, r] of replies.entries()) {
        const mayRead = key === metricsOnly && (i === readList || i === readReport);
        const mayWrite = key === configureOnly && (i === write || i === remove);
        if (mayRead || mayWrite) continue;
        expect(r.status, `${key === metricsOnly ? 'metrics' : 'other'} key, call ${i}`).toBe(403);
        expect(r.body.error).toMatchObject({
          code: 'forbidden',
          message: `this API key lacks the ${needs(i)} permission`,
          details: { permission: needs(i) },
        });
      }
    }
    // Only the configure key's create went through.
    const probes = (await list()).filter((g) => g.name === 'Probe');
    expect(probes).toHaveLength(1);
    expect((await del(env, configureOnly, deletePath(probes[0].id))).status).toBe(200);

    expect((await get(env, metricsOnly, listPath())).status).toBe(200);
    expect((await get(env, metricsOnly, endpointPath('goalsReport'), GOAL_RANGE)).status).toBe(200);
    const made = await create({ name: 'Configure key goal', kind: 'form' }, configureOnly);
    expect(made.status).toBe(201);
    expect((await list(PROP_A, metricsOnly)).map((g) => g.name)).toContain('Configure key goal');
    expect((await del(env, metricsOnly, deletePath(made.body.id))).status).toBe(403);
    expect((await del(env, configureOnly, deletePath(made.body.id))).status).toBe(200);
  });

  it('needs a key', async () => {
    expect((await get(env, null, listPath())).status).toBe(401);
    expect((await post(env, null, endpointPath('createGoal'), { name: 'Anonymous', kind: 'form' })).status).toBe(401);
  });
});

describe('openapi.json', () => {
  it('documents the four goal endpoints, the report with its filters', async () => {
    const r = await env.app.inject({ method: 'GET', url: '/api/external/v1/openapi.json' });
    type Operation = { parameters?: { name: string }[]; requestBody?: unknown; responses?: Record<string, unknown> };
    const paths = (r.json() as { paths: Record<string, Record<string, Operation>> }).paths;
    expect(Object.keys(paths['/properties/{propertyId}/goals']).sort()).toEqual(['get', 'post']);
    expect(paths['/properties/{propertyId}/goals'].post.requestBody).toBeDefined();
    expect(paths['/properties/{propertyId}/goals'].post.responses?.['201']).toBeDefined();
    expect(Object.keys(paths['/properties/{propertyId}/goals/{goalId}'])).toEqual(['delete']);
    const reportParams = paths['/properties/{propertyId}/goals/report'].get.parameters?.map((p) => p.name);
    for (const name of ['start', 'end', 'timezone', 'filters']) expect(reportParams).toContain(name);
  });
});

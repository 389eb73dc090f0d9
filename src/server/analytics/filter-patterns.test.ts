import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_EVENT_NAME_LENGTH } from '../../contract/event-limits.js';
import { createTestEnv, endpointPath, post, type TestEnv } from '../test-support/fixtures.js';
import { filtersQuery } from '../test-support/filter-dataset.js';
import { createGoals, GOAL_RANGE, loadGoalDataset } from '../test-support/goal-dataset.js';

// Issue 41 §1: a `matches` filter on the goal dimension ran as a backtracking RegExp on the main
// thread. `**` 13 times and a `Z` held traffic/summary, /healthz and collect for 11 s. Patterns now
// run on RE2 (linear in text × pattern) and are bounded in length and wildcards.
let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
  await loadGoalDataset(env.store);
  await createGoals(env);
  // The longest goal name there can be: a backtracking engine tries every way of splitting it.
  const long = 'a'.repeat(MAX_EVENT_NAME_LENGTH);
  const r = await post(env, env.keys.a, endpointPath('createGoal'), { name: long, kind: 'event', event: long });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
});
afterAll(() => env.close());

const summaryUnder = (...filters: [string, string, string[]][]) =>
  env.app.inject({
    method: 'GET',
    url: `/api/external/v1/properties/site-a/traffic/summary?${new URLSearchParams({ ...GOAL_RANGE, ...filtersQuery(...filters) })}`,
    headers: { authorization: `Bearer ${env.keys.a}` },
  });

describe('goal patterns', () => {
  it('a pattern that backtracks for hours on a RegExp answers, and /healthz answers beside it', async () => {
    // 8 runs of `.*` then Z, against 120 a's: about 10^11 ways to split for a backtracking engine
    // (40 a's already took 1.1 s); RE2 reads the name once.
    const evil = `${'*'.repeat(16)}Z`;
    const reportDone = summaryUnder(['matches', 'goal', [evil]]);
    const health = await env.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    const r = await reportDone;
    expect(r.statusCode, r.body).toBe(200);
    // it names no goal, so it keeps no session
    expect(r.json().data).toMatchObject({ unique_visitors: 0, sessions: 0 });
  });

  it('match goals by name as the SQL side matches pages: `*` within a segment, `**` anything, whole name', async () => {
    const visitors = async (...filters: [string, string, string[]][]) => {
      const r = await summaryUnder(...filters);
      expect(r.statusCode, r.body).toBe(200);
      return r.json().data.unique_visitors as number;
    };
    const signup = await visitors(['is', 'goal', ['Signup']]);
    expect(signup).toBeGreaterThan(0);
    expect(await visitors(['matches', 'goal', ['Sign*']])).toBe(signup);
    expect(await visitors(['matches', 'goal', ['ign*']])).toBe(0); // the whole name, not a part
    const docs = await visitors(['is', 'goal', ['Docs pages', 'Docs tree']]);
    expect(docs).toBeGreaterThan(0);
    expect(await visitors(['matches', 'goal', ['Docs *']])).toBe(docs);
    expect(await visitors(['matches', 'goal', ['**tree']])).toBe(await visitors(['is', 'goal', ['Docs tree']]));
  });
});

describe('pattern bounds', () => {
  const field = async (filters: [string, string, string[]][]) => {
    const r = await summaryUnder(...filters);
    expect(r.statusCode, r.body).toBe(400);
    const error = r.json().error;
    expect(error.code).toBe('invalid_request');
    return [error.details.field, error.message];
  };

  it('refuse a pattern with more than 16 "*" or 256 characters, on any dimension, naming the value', async () => {
    // the pattern of the attack: 26 stars
    expect(await field([['matches', 'goal', [`${'*'.repeat(26)}Z`]]])).toEqual([
      'filters.0.2.0',
      expect.stringMatching(/at most 16 "\*" \(this one has 26\)/),
    ]);
    expect(
      await field([
        ['is', 'country', ['US']],
        ['matches', 'page', ['/a', `/${'x'.repeat(256)}`]],
      ]),
    ).toEqual(['filters.1.2.1', expect.stringMatching(/at most 256 characters/)]);
    // within the bounds: answered
    expect((await summaryUnder(['matches', 'page', [`/${'*/'.repeat(15)}*`]])).statusCode).toBe(200);
    // the bounds are for patterns: `is` keeps its own (1,024 characters, any "*")
    expect((await summaryUnder(['is', 'page', [`/${'*'.repeat(40)}`]])).statusCode).toBe(200);
  });

  it('refuse a page goal whose pattern has more than 16 "*"', async () => {
    const r = await post(env, env.keys.a, endpointPath('createGoal'), {
      name: 'Deep',
      kind: 'page',
      page: `/${'**/'.repeat(9)}`,
    });
    expect(r.status).toBe(400);
    expect(r.body.error.details.field).toBe('page');
  });
});

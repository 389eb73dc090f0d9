import { afterEach, describe, expect, it } from 'vitest';
import { apiUrl, createTestEnv, endpointPath, type TestEnv } from '../test-support/fixtures.js';

// Issue 41: no report may keep the server from everyone else. A report over its budget is answered
// 503 in the envelope (and logged), while /healthz and collect go on. How the stores stop its queries:
// store/duckdb/report-budget.test.ts.
let env: TestEnv;
afterEach(() => env.close());

const summary = apiUrl(endpointPath('trafficSummary'), {
  start: '2026-03-01',
  end: '2026-03-07',
  filters: JSON.stringify([['is', 'goal', ['Signup']]]),
});

describe('the report budget', () => {
  it('answers 503 with Retry-After once a report outlives it, and the server answers others meanwhile', async () => {
    // The goals lookup of a goal filter stands for a slow read: it answers after 3 s.
    env = await createTestEnv({
      reportBudgetMs: 200,
      wrapStore: (s) => ({
        ...s,
        listGoals: async (id: string) => {
          await new Promise((done) => setTimeout(done, 3_000));
          return s.listGoals(id);
        },
      }),
    });
    const started = Date.now();
    const slow = env.app.inject({ method: 'GET', url: summary, headers: { authorization: `Bearer ${env.keys.a}` } });
    expect((await env.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const r = await slow;
    expect(r.statusCode).toBe(503);
    expect(Date.now() - started).toBeLessThan(3_000); // answered at the budget, not when the read ended
    expect(r.headers['retry-after']).toBe('5');
    expect(r.json().error).toMatchObject({
      code: 'internal_error',
      details: { reason: 'report_over_budget', budget_ms: 200, retry_after_seconds: 5 },
    });
    expect(r.json().error.message).toMatch(/longer than its budget of 0.2 s and was stopped/);
  });

  it('leaves a report within it alone', async () => {
    env = await createTestEnv({ reportBudgetMs: 30_000 });
    const r = await env.app.inject({ method: 'GET', url: summary, headers: { authorization: `Bearer ${env.keys.a}` } });
    expect(r.statusCode, r.body).toBe(200);
  });
});

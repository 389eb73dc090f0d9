import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, pageview } from '../test-support/collect-requests.js';
import { createTestEnv, report, type TestEnv } from '../test-support/fixtures.js';

// Issue 13 §8: a page collected percent-encoded (as browsers send it), decomposed, or plain is one
// page, and a funnel step typed "/café" (even with spaces around) finds it.
let env: TestEnv;
const today = new Date().toISOString().slice(0, 10);
const range = { start: today, end: today };

beforeAll(async () => {
  env = await createTestEnv();
  const r = await collect(env.app, {
    events: [
      pageview({ session_id: 's1', visitor_id: 'v1', path: '/caf%C3%A9' }),
      pageview({ session_id: 's1', visitor_id: 'v1', path: '/signup' }),
      pageview({ session_id: 's2', visitor_id: 'v2', path: '/cafe\u0301' }),
      pageview({ session_id: 's3', visitor_id: 'v3', path: '/café' }),
      pageview({ session_id: 's3', visitor_id: 'v3', path: '/a%20b' }),
    ],
  });
  expect(r.status, JSON.stringify(r.body)).toBe(202);
});
afterAll(() => env.close());

describe('paths as people type them', () => {
  it('stores the three spellings of /café as one page, and keeps an ASCII escape', async () => {
    const pages = await report(env, 'pagesBreakdown', range);
    expect(pages.data.map((p) => [p.path, p.page_views])).toEqual([
      ['/café', 3],
      ['/a%20b', 1],
      ['/signup', 1],
    ]);
  });

  it('finds them from a funnel step typed with spaces around', async () => {
    const funnel = await report(env, 'funnel', {
      ...range,
      steps: JSON.stringify([{ page: ' /café ' }, { page: '/signup' }]),
    });
    expect(funnel.data.steps.map((s) => [s.page, s.sessions])).toEqual([
      ['/café', 3],
      ['/signup', 1],
    ]);
  });

  it('reads an encoded page parameter the same way', async () => {
    const details = await report(env, 'pageDetails', { ...range, page: '/caf%C3%A9' });
    expect(details.data.page_views).toBe(3);
  });
});

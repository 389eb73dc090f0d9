import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, report, type TestEnv } from '../test-support/fixtures.js';
import { loadMarchDataset, MARCH } from '../test-support/march-dataset.js';
import { seedFields } from '../test-support/seed-fields.js';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
  await loadMarchDataset(env.store);
});
afterAll(() => env.close());

const DAYS = ['2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10'].map((d) => `${d}T00:00:00.000Z`);

describe('clicks', () => {
  it('breaks clicks down by page and target, with a zero-filled trend and distinct-session totals', async () => {
    const r = await report(env, 'clicksBreakdown', MARCH);
    expect(r.meta).toMatchObject({ granularity: 'day', bucket_count: 5, limit: 10 });
    // a.signup: s1 once, s2 twice, s6 once = 4 clicks by 3 sessions; button.buy: s4. The bot's click never counts.
    expect(seedFields(r.data)).toEqual([
      { page: '/pricing', target: 'a.signup', clicks: 4, unique_clicks: 3 },
      { page: '/pricing', target: 'button.buy', clicks: 1, unique_clicks: 1 },
    ]);
    expect(r.trend.map((b) => b.bucket_start)).toEqual(DAYS);
    // 03-06 s1; 03-07 s2 ×2; 03-08 none; 03-09 s4 + s6; 03-10 none
    expect(r.trend.map((b) => [b.clicks, b.unique_clicks])).toEqual([
      [1, 1],
      [2, 1],
      [0, 0],
      [2, 2],
      [0, 0],
    ]);
    // sessions s1 s2 s4 s6 clicked: 4, not 3 + 1
    expect(r.summary).toEqual({ total_clicks: 5, total_unique_clicks: 4 });
  });

  it('limits rows but not the totals', async () => {
    const r = await report(env, 'clicksBreakdown', { ...MARCH, limit: 1 });
    expect(r.data.map((x) => x.target)).toEqual(['a.signup']);
    expect(r.summary).toEqual({ total_clicks: 5, total_unique_clicks: 4 });
  });

  it('gives one page with shares of its clicks', async () => {
    const r = await report(env, 'clickDetails', { ...MARCH, page: '/pricing' });
    expect(r.meta).toMatchObject({ page: '/pricing', granularity: 'day', bucket_count: 5 });
    // 4 of 5 and 1 of 5
    expect(seedFields(r.data.clicks)).toEqual([
      { target: 'a.signup', clicks: 4, unique_clicks: 3, share: 0.8 },
      { target: 'button.buy', clicks: 1, unique_clicks: 1, share: 0.2 },
    ]);
    expect(r.summary).toEqual({ total_clicks: 5, total_unique_clicks: 4 });
    const none = await report(env, 'clickDetails', { ...MARCH, page: '/signup' });
    expect(none.data.clicks).toEqual([]);
    expect(none.trend.every((b) => b.clicks === 0)).toBe(true);
  });

  it('buckets the click trend in the requested zone', async () => {
    // New York: s1 09:04 EST 03-06, s2 11:00 EST 03-07, s4 06:06 EDT and s6 16:04 EDT on 03-09
    const r = await report(env, 'clicksBreakdown', {
      start: '2026-03-06',
      end: '2026-03-09',
      timezone: 'America/New_York',
    });
    expect(r.trend.map((b) => b.bucket_start.slice(-6))).toEqual(['-05:00', '-05:00', '-05:00', '-04:00']);
    expect(r.trend.map((b) => b.clicks)).toEqual([1, 2, 0, 2]);
  });
});

describe('forms', () => {
  it('counts every submit and each submitting session once, with the unique_sessions alias', async () => {
    const r = await report(env, 'formsBreakdown', MARCH);
    // form#signup: s1 twice (a repeated submit) + s3 once = 3 by 2 sessions; form#newsletter: s7
    expect(seedFields(r.data)).toEqual([
      { page: '/signup', target: 'form#signup', submissions: 3, unique_submissions: 2, unique_sessions: 2 },
      { page: '/', target: 'form#newsletter', submissions: 1, unique_submissions: 1, unique_sessions: 1 },
    ]);
    // 03-06 s1 ×2; 03-08 s3; 03-10 s7
    expect(r.trend.map((b) => [b.submissions, b.unique_submissions, b.unique_sessions])).toEqual([
      [2, 1, 1],
      [0, 0, 0],
      [1, 1, 1],
      [0, 0, 0],
      [1, 1, 1],
    ]);
    expect(r.summary).toEqual({ total_submissions: 4, total_unique_submissions: 3, unique_sessions: 3 });
    for (const row of [...r.data, ...r.trend]) {
      expect(row.unique_sessions).toBe(row.unique_submissions);
      expect(row.submissions).toBeGreaterThanOrEqual(row.unique_submissions);
    }
  });

  it('filters by source', async () => {
    // hero: only s1's two submits; s3 sent none, s7 footer
    const hero = await report(env, 'formsBreakdown', { ...MARCH, source: 'hero' });
    expect(seedFields(hero.data)).toEqual([
      { page: '/signup', target: 'form#signup', submissions: 2, unique_submissions: 1, unique_sessions: 1 },
    ]);
    expect(hero.trend.map((b) => b.submissions)).toEqual([2, 0, 0, 0, 0]);
    expect(hero.summary).toEqual({ total_submissions: 2, total_unique_submissions: 1, unique_sessions: 1 });
    const footer = await report(env, 'formsBreakdown', { ...MARCH, source: 'footer' });
    expect(footer.summary).toEqual({ total_submissions: 1, total_unique_submissions: 1, unique_sessions: 1 });
    const nothing = await report(env, 'formsBreakdown', { ...MARCH, source: "'; DROP TABLE events; --" });
    expect(nothing.data).toEqual([]);
  });

  it('gives one page with shares of its submissions, with and without source', async () => {
    const all = await report(env, 'formDetails', { ...MARCH, page: '/signup' });
    expect(all.meta).toMatchObject({ page: '/signup', granularity: 'day', bucket_count: 5 });
    expect(seedFields(all.data.forms)).toEqual([
      { target: 'form#signup', submissions: 3, unique_submissions: 2, unique_sessions: 2, share: 1 },
    ]);
    expect(all.summary).toEqual({ total_submissions: 3, total_unique_submissions: 2, unique_sessions: 2 });
    const hero = await report(env, 'formDetails', { ...MARCH, page: '/signup', source: 'hero' });
    expect(seedFields(hero.data.forms)).toEqual([
      { target: 'form#signup', submissions: 2, unique_submissions: 1, unique_sessions: 1, share: 1 },
    ]);
    expect(hero.trend.map((b) => b.unique_sessions)).toEqual([1, 0, 0, 0, 0]);
    const home = await report(env, 'formDetails', { ...MARCH, page: '/' });
    expect(seedFields(home.data.forms)).toEqual([
      { target: 'form#newsletter', submissions: 1, unique_submissions: 1, unique_sessions: 1, share: 1 },
    ]);
  });

  it('sums weekly buckets to the same totals', async () => {
    const r = await report(env, 'formsBreakdown', { ...MARCH, granularity: 'week' });
    // weeks from Mon 03-02 (s1 ×2, s3) and Mon 03-09 (s7)
    expect(r.trend.map((b) => [b.bucket_start, b.submissions, b.unique_submissions])).toEqual([
      ['2026-03-02T00:00:00.000Z', 3, 2],
      ['2026-03-09T00:00:00.000Z', 1, 1],
    ]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recommendationsResponse } from '../../contract/recommendations.js';
import { createTestEnv, get, PROP_A, type TestEnv } from '../test-support/fixtures.js';
import { loadRecommendationDataset } from '../test-support/recommendation-dataset.js';

const PATH = `/properties/${PROP_A}/split-test-recommendations`;
let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
  // The route reads "the last 30 days up to now", so the data is laid out before the real now.
  await loadRecommendationDataset(env.store, new Date());
});
afterAll(() => env.close());

describe('GET split-test-recommendations', () => {
  it('answers the contract, with the page figures quoted in the analysis and insights', async () => {
    const r = await get(env, env.keys.a, PATH, { page: '/' });
    expect(r.status).toBe(200);
    const body = recommendationsResponse.parse(r.body);
    expect(body.meta).toEqual({
      property_id: PROP_A,
      page: '/',
      page_url: 'https://a.example/',
      engine: 'deterministic',
    });
    // Worked out in recommendation-dataset.ts: 40 views, 30 of 40 landings bounced, 40 of 85 sessions
    // landed here, scroll 0.2, 15 clicks of which nav a.docs 10, 28 of 40 views on mobile.
    expect(body.overall_analysis).toContain('In the last 30 days / had 40 page views from 40 unique visitors.');
    expect(body.overall_analysis).toContain(
      "40 sessions (47% of the property's 85) started here, and 75% of them left without viewing another page.",
    );
    expect(body.overall_analysis).toContain('Visitors scrolled 20% of the page on average.');
    expect(body.overall_analysis).toContain('It received 15 clicks (38% of page views); nav a.docs took 67% of them.');
    expect(body.overall_analysis).toContain('70% of its views came from mobile devices.');
    expect(body.overall_analysis).toContain('no language model');
    expect(body.key_insights).toEqual([
      '40 page views and 40 unique visitors in the last 30 days',
      'Bounce rate 75% over 40 entries; average scroll depth 20%',
      "47% of the property's 85 sessions started on this page",
      '15 clicks, 38% of page views; nav a.docs has 67% of them (10)',
      '70% of page views on mobile, 30% on desktop',
    ]);
    // Ranked as ranking.test.ts works out: the headline rests on 30 bounced landings, #hero-cta's ideas on 2 clicks.
    expect(body.recommendations.map((x) => x.element_selector)).toEqual([
      'nav a.docs',
      '#hero-title',
      '#hero-cta',
      '#hero-cta',
      '#menu-toggle',
    ]);
    // every recommendation rests on at least one quoted figure
    for (const x of body.recommendations) expect(x.evidence?.some((s) => /\d+%/.test(s))).toBe(true);
  });

  it('quotes form figures on a form page and says when nothing is worth testing', async () => {
    const signup = recommendationsResponse.parse((await get(env, env.keys.a, PATH, { page: '/signup' })).body);
    expect(signup.key_insights).toContain('1 form submission, 4.0% of page views (#signup-form: 1)');
    expect(signup.overall_analysis).toContain('Forms on it were submitted 1 time (4.0% of page views).');
    const pricing = recommendationsResponse.parse((await get(env, env.keys.a, PATH, { page: '/pricing' })).body);
    expect(pricing.recommendations).toEqual([]);
    expect(pricing.overall_analysis).toContain('None of the rules found a change these figures support.');
    expect(pricing.key_insights.length).toBeGreaterThanOrEqual(3);
  });

  it('is 404 not_found on page for a page without page views in the window', async () => {
    for (const page of ['/nowhere', '/archive']) {
      const r = await get(env, env.keys.a, PATH, { page });
      expect(r.status).toBe(404);
      expect(r.body.error).toMatchObject({ code: 'not_found', details: { field: 'page' } });
    }
  });

  it('checks the key first, then the page parameter', async () => {
    expect((await get(env, null, PATH, { page: '/' })).status).toBe(401);
    const other = await get(env, env.keys.b, PATH, { page: '/' });
    expect(other.status).toBe(403);
    expect(other.body.error.code).toBe('forbidden');
    expect((await get(env, env.keys.none, PATH, { page: '/' })).status).toBe(403);
    for (const query of [{}, { page: 'no-slash' }] as Record<string, string>[]) {
      const r = await get(env, env.keys.a, PATH, query);
      expect(r.status).toBe(400);
      expect(r.body.error.details.field).toBe('page');
    }
  });

  it('gives the same answer twice', async () => {
    const a = await get(env, env.keys.a, PATH, { page: '/' });
    const b = await get(env, env.keys.both, PATH, { page: '/' });
    expect(b.body).toEqual(a.body);
  });
});

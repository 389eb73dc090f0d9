import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageElementsResponse } from '../../contract/page-elements.js';
import { createTestEnv, get, PROP_A, type TestEnv } from '../test-support/fixtures.js';
import { loadRecommendationDataset, SNAPSHOTS } from '../test-support/recommendation-dataset.js';

const PATH = `/properties/${PROP_A}/pages/elements`;
let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
  await loadRecommendationDataset(env.store, new Date());
});
afterAll(() => env.close());

// What the wizard checks a typed selector against (issue 13 §14a): the snapshot the recommender reads.
describe('GET pages/elements', () => {
  it('lists the snapshot’s elements with their selector, tag, kind and text, and when it was sent', async () => {
    const r = await get(env, env.keys.a, PATH, { page: '/' });
    expect(r.status).toBe(200);
    const body = pageElementsResponse.parse(r.body);
    expect(body.page).toBe('/');
    expect(body.seen_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(body.elements).toEqual(
      SNAPSHOTS['/']!.map(({ selector, tag, kind, text }) => ({ selector, tag, kind, text })),
    );
  });

  it('says there is no snapshot for a page the tracker never sent one of', async () => {
    const r = await get(env, env.keys.a, PATH, { page: '/docs' });
    expect(r.body).toEqual({ page: '/docs', seen_at: null, elements: [] });
  });

  it('checks the key first, then the page parameter', async () => {
    expect((await get(env, null, PATH, { page: '/' })).status).toBe(401);
    expect((await get(env, env.keys.b, PATH, { page: '/' })).status).toBe(403);
    const bad = await get(env, env.keys.a, PATH, { page: 'no-slash' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.field).toBe('page');
  });
});

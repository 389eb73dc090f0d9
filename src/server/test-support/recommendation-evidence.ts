import { afterAll, beforeAll } from 'vitest';
import { gatherPageEvidence, type PageEvidence } from '../recommendations/page-evidence.js';
import { createTestEnv, PROP_A, type TestEnv } from './fixtures.js';
import { loadRecommendationDataset } from './recommendation-dataset.js';

/** The moment the recommendation tests read the dataset at (its 30-day window ends here). */
export const RECOMMENDATION_NOW = new Date('2026-03-20T12:00:00Z');

/**
 * For a test file: a fresh store with the recommendation dataset, and the evidence of its pages,
 * gathered once before the file's tests (and the store closed after them).
 */
export function useRecommendationEvidence(): { ev: Record<string, PageEvidence>; env: () => TestEnv } {
  let env: TestEnv;
  const ev: Record<string, PageEvidence> = {};
  beforeAll(async () => {
    env = await createTestEnv();
    await loadRecommendationDataset(env.store, RECOMMENDATION_NOW);
    for (const page of ['/', '/pricing', '/signup', '/docs'])
      ev[page] = await gatherPageEvidence(env.store, PROP_A, page, RECOMMENDATION_NOW);
  });
  afterAll(() => env.close());
  return { ev, env: () => env };
}

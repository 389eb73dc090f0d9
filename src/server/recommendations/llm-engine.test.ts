import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recommendationsResponse } from '../../contract/recommendations.js';
import { createTestEnv, get, PROP_A, type TestEnv } from '../test-support/fixtures.js';
import { startLlmStandIn, type StandInMode } from '../test-support/llm-stand-in.js';
import { loadRecommendationDataset } from '../test-support/recommendation-dataset.js';
import { DETERMINISTIC_NOTE } from './analysis.js';
import { LLM_NOTE, llmConfigFromEnv, LLM_TIMEOUT_MS, type LlmConfig } from './llm-engine.js';
import { recommendationsFor, type RecommendationsResponse } from './recommend.js';

const NOW = new Date();
let env: TestEnv;
let standIn: Awaited<ReturnType<typeof startLlmStandIn>>;
let cfg: LlmConfig;
let plain: RecommendationsResponse;
beforeAll(async () => {
  standIn = await startLlmStandIn();
  cfg = { url: standIn.url, model: 'stand-in-1', apiKey: 'sk-test', timeoutMs: 300 };
  env = await createTestEnv();
  await loadRecommendationDataset(env.store, NOW);
  plain = await recommendationsFor(env.store, PROP_A, '/', { now: NOW });
});
afterAll(async () => {
  await env.close();
  await standIn.close();
});

const setMode = (mode: StandInMode) => (standIn.state.mode = mode);
const withLlm = (mode: StandInMode) => {
  setMode(mode);
  return recommendationsFor(env.store, PROP_A, '/', { now: NOW, llm: cfg });
};
const fallback = () => ({ ...plain, meta: { ...plain.meta, engine: 'deterministic (llm unavailable)' } });

describe('language-model engine', () => {
  it('reads its configuration from the environment', () => {
    expect(llmConfigFromEnv({})).toBeNull();
    expect(llmConfigFromEnv({ RECOMMENDER_LLM_URL: 'http://127.0.0.1:9/v1/' })).toBeNull();
    expect(llmConfigFromEnv({ RECOMMENDER_LLM_URL: 'http://127.0.0.1:9/v1/', RECOMMENDER_LLM_MODEL: 'm' })).toEqual({
      url: 'http://127.0.0.1:9/v1',
      model: 'm',
      apiKey: undefined,
      timeoutMs: LLM_TIMEOUT_MS,
    });
    expect(LLM_TIMEOUT_MS).toBe(5_000);
  });

  it('rewords titles, text variants and the analysis, keeping figures, selectors and scores', async () => {
    const r = recommendationsResponse.parse(await withLlm('enrich'));
    expect(r.meta.engine).toBe('deterministic+llm');
    expect(r.overall_analysis).toBe(`The home page loses three in four landings (75%).${LLM_NOTE}`);
    expect(r.key_insights).toEqual(['75% bounce', '20% scroll', '70% mobile']);
    expect(r.recommendations.map((x) => x.id)).toEqual(plain.recommendations.map((x) => x.id));
    r.recommendations.forEach((x, i) => {
      const p = plain.recommendations[i];
      expect(x.title).toBe(`LLM: ${p.title}`);
      expect(x.variant_value).toBe(
        x.change_type === 'text' ? `${p.variant_value} today` : '{"backgroundColor":"#123456","fontSize":"18px"}',
      );
      expect([x.element_selector, x.control_value, x.confidence_score, x.expected_impact, x.evidence]).toEqual([
        p.element_selector,
        p.control_value,
        p.confidence_score,
        p.expected_impact,
        p.evidence,
      ]);
    });
    // what the model was sent: the model name, the key, the page's figures and the rules' answer
    const sent = standIn.state.requests.at(-1)!;
    expect(sent.headers.authorization).toBe('Bearer sk-test');
    expect(sent.body.model).toBe('stand-in-1');
    const user = JSON.parse(sent.body.messages[1].content);
    expect(user.figures).toMatchObject({ page: '/', pageViews: 40, bounceRate: 0.75, mobileShare: 0.7 });
    expect(user.elements.map((e: { selector: string }) => e.selector)).toContain('#hero-cta');
    expect(user.recommendations.map((x: { id: string }) => x.id)).toEqual(plain.recommendations.map((x) => x.id));
  });

  it('drops suggestions on selectors the evidence does not know, and new recommendations', async () => {
    const r = await withLlm('invent');
    expect(r.meta.engine).toBe('deterministic+llm');
    const selectors = r.recommendations.map((x) => x.element_selector);
    expect(selectors).not.toContain('#invented');
    expect(selectors).not.toContain('#made-up');
    expect(r.recommendations).toEqual(plain.recommendations);
    // no analysis from the model: the rules' one stays, without its "no language model" sentence
    expect(r.overall_analysis).toBe(plain.overall_analysis.replace(DETERMINISTIC_NOTE, '') + LLM_NOTE);
  });

  it("keeps the rules' css when the model's would not map to a valid change", async () => {
    const r = await withLlm('bad-css');
    expect(r.recommendations).toEqual(plain.recommendations);
  });

  it('falls back to the deterministic answer on garbage, a wrong shape, an error or no server', async () => {
    for (const mode of ['garbage', 'bad-shape', 'error'] as const) expect(await withLlm(mode)).toEqual(fallback());
    const down = await recommendationsFor(env.store, PROP_A, '/', {
      now: NOW,
      llm: { ...cfg, url: 'http://127.0.0.1:1/v1' },
    });
    expect(down).toEqual(fallback());
  });

  it('gives up after the timeout', async () => {
    const started = Date.now();
    expect(await withLlm('slow')).toEqual(fallback());
    expect(Date.now() - started).toBeLessThan(standIn.state.delayMs);
  });
});

describe('language-model engine through the API', () => {
  let app: TestEnv;
  const saved = { ...process.env };
  beforeAll(async () => {
    Object.assign(process.env, { RECOMMENDER_LLM_URL: standIn.url, RECOMMENDER_LLM_MODEL: 'stand-in-2' });
    app = await createTestEnv();
    await loadRecommendationDataset(app.store, NOW);
  });
  afterAll(async () => {
    for (const k of ['RECOMMENDER_LLM_URL', 'RECOMMENDER_LLM_MODEL']) if (!(k in saved)) delete process.env[k];
    await app.close();
  });

  it('uses the endpoint named by the environment', async () => {
    setMode('enrich');
    const r = await get(app, app.keys.a, `/properties/${PROP_A}/split-test-recommendations`, { page: '/signup' });
    expect(r.status).toBe(200);
    expect(r.body.meta.engine).toBe('deterministic+llm');
    expect(r.body.recommendations[0].title).toMatch(/^LLM: /);
    expect(standIn.state.requests.at(-1)!.body.model).toBe('stand-in-2');
    expect(standIn.state.requests.at(-1)!.headers.authorization).toBeUndefined();
  });
});

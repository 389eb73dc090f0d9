import { z } from 'zod';
import { change, type Change } from '../../contract/experiments.js';
import { recommendationToChange, type recommendationsResponse } from '../../contract/recommendations.js';
import { DETERMINISTIC_NOTE } from './analysis.js';
import { collectedTextOf, plainTitle } from './format.js';
import type { PageEvidence } from './page-evidence.js';

type Response = z.infer<typeof recommendationsResponse>;

/** A slow model must not hold the API's request: past this the deterministic answer goes out. */
export const LLM_TIMEOUT_MS = 5_000;

export interface LlmConfig {
  /** OpenAI-compatible base URL, e.g. `http://127.0.0.1:11434/v1`; `/chat/completions` is appended. */
  url: string;
  model: string;
  apiKey?: string;
  timeoutMs: number;
}

/** `RECOMMENDER_LLM_URL` + `RECOMMENDER_LLM_MODEL` (+ optional `RECOMMENDER_LLM_API_KEY`); null when unset. */
export function llmConfigFromEnv(env: NodeJS.ProcessEnv = process.env): LlmConfig | null {
  const url = env.RECOMMENDER_LLM_URL?.trim();
  const model = env.RECOMMENDER_LLM_MODEL?.trim();
  if (!url || !model) return null;
  return {
    url: url.replace(/\/+$/, ''),
    model,
    apiKey: env.RECOMMENDER_LLM_API_KEY?.trim() || undefined,
    timeoutMs: LLM_TIMEOUT_MS,
  };
}

const completion = z.object({ choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1) });
/** What the model may send back: rewordings keyed by id, nothing that changes a figure or a score. */
const llmReply = z.object({
  overall_analysis: z.string().trim().min(1).max(4000).optional(),
  key_insights: z.array(z.string().trim().min(1).max(300)).min(3).max(6).optional(),
  recommendations: z
    .array(
      z.object({
        id: z.string(),
        element_selector: z.string(),
        title: z.string().trim().min(1).max(200).optional(),
        variant_value: z.string().trim().min(1).max(2000).optional(),
      }),
    )
    .max(20)
    .default([]),
});
type LlmReply = z.infer<typeof llmReply>;

const INSTRUCTIONS = [
  "You improve A/B test recommendations for one web page. You get the page's figures, its elements and the recommendations of a rules engine.",
  "You may rewrite each recommendation's title and variant_value (for change_type css: a JSON object of camel-case CSS properties, as a string), and the overall_analysis and key_insights (3 to 6).",
  'Never change an id or an element_selector, never add recommendations, and quote only figures you were given.',
  'Reply with one JSON object: {"overall_analysis": string, "key_insights": string[], "recommendations": [{"id", "element_selector", "title", "variant_value"}]}.',
].join(' ');

export const LLM_NOTE = " A language model reworded the text; figures, elements, confidence and impact are the rules'.";

/** Every selector the evidence knows: the snapshot's elements and the click and form targets. */
export function knownSelectors(ev: PageEvidence): Set<string> {
  return new Set([
    ...(ev.snapshot?.elements ?? []).map((e) => e.selector),
    ...ev.clicks.targets.map((t) => t.target),
    ...ev.forms.targets.map((t) => t.target),
  ]);
}

async function ask(ev: PageEvidence, base: Response, cfg: LlmConfig): Promise<LlmReply> {
  const { snapshot, window: _w, ...figures } = ev;
  const res = await fetch(`${cfg.url}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cfg.apiKey ? { authorization: `Bearer ${cfg.apiKey}` } : {}) },
    body: JSON.stringify({
      model: cfg.model,
      temperature: 0,
      response_format: { type: 'json_object' },
      messages: [
        { role: 'system', content: INSTRUCTIONS },
        {
          role: 'user',
          content: JSON.stringify({
            figures,
            elements: snapshot?.elements ?? [],
            analysis: base.overall_analysis,
            key_insights: base.key_insights,
            recommendations: base.recommendations,
          }),
        },
      ],
    }),
    signal: AbortSignal.timeout(cfg.timeoutMs),
  });
  if (!res.ok) throw new Error(`LLM answered ${res.status}`);
  const content = completion.parse(await res.json()).choices[0].message.content;
  // Models like to wrap JSON in a Markdown fence even when asked not to.
  const json = content
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
  return llmReply.parse(JSON.parse(json));
}

/** A rewritten variant is kept only if it still maps to a valid change of the same kind. */
function validVariant(r: Response['recommendations'][number], value: string | undefined): string | null {
  if (value === undefined) return null;
  try {
    const mapped: Change = change.parse(recommendationToChange({ ...r, variant_value: value }));
    return mapped.op === r.change_type ? value : null;
  } catch {
    return null;
  }
}

/**
 * Lets the model reword the deterministic answer. Suggestions for a selector the evidence doesn't
 * know (or an id the rules didn't produce) are dropped: the model must not invent elements. Any
 * failure, bad reply or timeout returns the deterministic answer, marked as such in meta.engine.
 */
export async function enrichWithLlm(base: Response, ev: PageEvidence, cfg: LlmConfig): Promise<Response> {
  let answer: LlmReply;
  try {
    answer = await ask(ev, base, cfg);
  } catch {
    return { ...base, meta: { ...base.meta, engine: 'deterministic (llm unavailable)' } };
  }
  const known = knownSelectors(ev);
  const patches = new Map(
    answer.recommendations
      .filter(
        (p) =>
          known.has(p.element_selector) &&
          base.recommendations.some((r) => r.id === p.id && r.element_selector === p.element_selector),
      )
      .map((p) => [p.id, p]),
  );
  return {
    meta: { ...base.meta, engine: 'deterministic+llm' },
    overall_analysis: (answer.overall_analysis ?? base.overall_analysis.replace(DETERMINISTIC_NOTE, '')) + LLM_NOTE,
    key_insights: answer.key_insights ?? base.key_insights,
    recommendations: base.recommendations.map((r) => {
      const p = patches.get(r.id);
      if (!p) return r;
      // A model may copy the page's text (which anyone can send) into its title: reviewed like ours.
      const title = p.title ? plainTitle(p.title) || r.title : r.title;
      return {
        ...r,
        title,
        collected_text: collectedTextOf(title),
        variant_value: validVariant(r, p.variant_value) ?? r.variant_value,
      };
    }),
  };
}

import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';

export type StandInMode = 'enrich' | 'garbage' | 'bad-shape' | 'error' | 'slow' | 'invent' | 'bad-css';

interface ChatRequest {
  model: string;
  temperature?: number;
  messages: { role: string; content: string }[];
}
interface Rec {
  id: string;
  element_selector: string;
  change_type: string;
  title: string;
  variant_value: string;
}

/** What the stand-in answers in each mode, given the recommendations it was sent. */
function answer(mode: StandInMode, recs: Rec[]): unknown {
  if (mode === 'garbage') return 'Sure! Here are some ideas: make the button bigger.';
  if (mode === 'bad-shape') return { overall_analysis: 'ok', key_insights: ['only one'], recommendations: [] };
  if (mode === 'invent') {
    return {
      recommendations: [
        { id: recs[0].id, element_selector: '#invented', title: 'Moved to an element that does not exist' },
        { id: 'rec_new', element_selector: '#made-up', title: 'A brand new idea', variant_value: 'Buy now' },
      ],
    };
  }
  if (mode === 'bad-css') {
    return {
      recommendations: recs
        .filter((r) => r.change_type === 'css')
        .map((r) => ({ id: r.id, element_selector: r.element_selector, variant_value: '{"background-color":"red"}' })),
    };
  }
  return {
    overall_analysis: 'The home page loses three in four landings (75%).',
    key_insights: ['75% bounce', '20% scroll', '70% mobile'],
    recommendations: recs.map((r) => ({
      id: r.id,
      element_selector: r.element_selector,
      title: `LLM: ${r.title}`,
      variant_value:
        r.change_type === 'text' ? `${r.variant_value} today` : '{"backgroundColor":"#123456","fontSize":"18px"}',
    })),
  };
}

/**
 * A local stand-in for an OpenAI-compatible `/v1/chat/completions`, switched between a helpful model,
 * garbage, errors and a slow one; it records each request so tests can see what was sent.
 */
export async function startLlmStandIn() {
  const app = Fastify({ forceCloseConnections: true });
  const state = {
    mode: 'enrich' as StandInMode,
    delayMs: 1_500,
    requests: [] as { headers: Record<string, unknown>; body: ChatRequest }[],
  };
  app.post('/v1/chat/completions', async (request, reply) => {
    const body = request.body as ChatRequest;
    state.requests.push({ headers: request.headers, body });
    if (state.mode === 'error') return reply.status(500).send({ error: { message: 'overloaded' } });
    if (state.mode === 'slow') await new Promise((r) => setTimeout(r, state.delayMs));
    const recs: Rec[] = JSON.parse(body.messages[1].content).recommendations;
    const out = answer(state.mode, recs);
    // Fenced, as real models often answer even in JSON mode.
    const content = typeof out === 'string' ? out : `\`\`\`json\n${JSON.stringify(out)}\n\`\`\``;
    return {
      id: 'cmpl-1',
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/v1`;
  return { url, state, close: () => app.close() };
}

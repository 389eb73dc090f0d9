import type { FastifyInstance } from 'fastify';
import { PROP_A, type Reply } from './fixtures.js';

/** User agents as browsers send them (inject's default agent counts as a bot). */
export const UA = {
  desktop:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 12_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1 Mobile/15E148 Safari/604.1',
  androidTablet:
    'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
};

export interface CollectOptions {
  headers?: Record<string, string>;
  /** Sent as the body text as it is (with `text/plain` unless headers say otherwise). */
  raw?: string;
  userAgent?: string;
}

/** POST /api/collect as a desktop browser on a page of site-a (a.example) sends it; objects go as JSON, `raw` as text/plain. */
export async function collect(app: FastifyInstance, body: unknown, opts: CollectOptions = {}): Promise<Reply> {
  const raw = opts.raw !== undefined;
  const res = await app.inject({
    method: 'POST',
    url: '/api/collect',
    headers: {
      'user-agent': opts.userAgent ?? UA.desktop,
      origin: 'https://a.example',
      'content-type': raw ? 'text/plain;charset=UTF-8' : 'application/json',
      ...opts.headers,
    },
    payload: raw ? opts.raw : JSON.stringify(body),
  });
  let parsed: unknown = res.body;
  try {
    parsed = res.json();
  } catch {
    // empty or non-JSON bodies stay text
  }
  return { status: res.statusCode, headers: res.headers, body: parsed };
}

/** A valid page view of site-a; `extra` overrides or adds fields. */
export const pageview = (extra: Record<string, unknown> = {}) => ({
  type: 'pageview',
  property_id: PROP_A,
  visitor_id: 'v1',
  session_id: 's1',
  path: '/',
  ...extra,
});

/** A range from yesterday to tomorrow (UTC dates), which holds anything collect writes now. */
export function aroundToday(): { start: string; end: string } {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  return { start: day(-1), end: day(1) };
}

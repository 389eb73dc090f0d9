import type { FastifyInstance } from 'fastify';
import { vi } from 'vitest';
import type { z } from 'zod';
import { keyPermissions } from '../../contract/admin.js';
import { API_PREFIX, endpoints, type Endpoint, type EndpointName } from '../../contract/endpoints.js';
import { eventSchema, type EventInput } from '../../contract/events.js';
import { fillPath } from '../../contract/path-template.js';
import { buildApp } from '../app.js';
import { newApiKey } from '../auth/api-keys.js';
import { normalizeEvent } from '../ingest/normalize-event.js';
import type { ApiKeyRecord, Store } from '../store/store.js';
import { openTestStore } from './test-store.js';

export const PROP_A = 'site-a';
export const PROP_B = 'site-b';
export const BOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

export interface TestKeys {
  /** every permission on site-a only */
  a: string;
  /** every permission on site-b only */
  b: string;
  /** every permission on both properties */
  both: string;
  /** site-a, but no permission */
  none: string;
}

export interface TestEnv {
  app: FastifyInstance;
  store: Store;
  keys: TestKeys;
  records: Record<keyof TestKeys, ApiKeyRecord>;
  close(): Promise<void>;
}

/** Creates an API key in the store and returns the key text (shown once) and its record. */
export async function addKey(store: Store, propertyIds: string[], permissions: string[] = [...keyPermissions]) {
  const created = newApiKey({ name: `test ${propertyIds.join(',')}`, propertyIds, permissions });
  await store.createApiKey(created.record);
  return created;
}

/**
 * A fresh store (of the kind under test: test-store.ts) with site-a and site-b, one key per property, one for both and one without any
 * permission, and the app over it. `wrapStore` lets a test swap store methods (e.g. to fail).
 */
export async function createTestEnv(
  opts: {
    rateLimitPerMinute?: number;
    wrapStore?: (s: Store) => Store;
    clock?: () => number;
    reportBudgetMs?: number;
  } = {},
): Promise<TestEnv> {
  const store = await openTestStore();
  await store.createProperty({ id: PROP_A, name: 'Site A', domain: 'a.example', timezone: 'UTC' });
  await store.createProperty({ id: PROP_B, name: 'Site B', domain: 'b.example', timezone: 'UTC' });
  const a = await addKey(store, [PROP_A]);
  const b = await addKey(store, [PROP_B]);
  const both = await addKey(store, [PROP_A, PROP_B]);
  const none = await addKey(store, [PROP_A], []);
  const app = await buildApp({
    store: opts.wrapStore ? opts.wrapStore(store) : store,
    rateLimitPerMinute: opts.rateLimitPerMinute ?? 100_000,
    clock: opts.clock,
    reportBudgetMs: opts.reportBudgetMs,
  });
  await app.ready();
  return {
    app,
    store,
    keys: { a: a.key, b: b.key, both: both.key, none: none.key },
    records: { a: a.record, b: b.record, both: both.record, none: none.record },
    async close() {
      await app.close();
      await store.close();
    },
  };
}

/**
 * createTestEnv with the clock stopped at `time`: only Date is faked (timers still run), and the rate
 * budgets' clock stands still, so no budget refills during a test. Its `close` gives the real Date back.
 */
export async function createTestEnvAt(time: number): Promise<TestEnv> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(time);
  const env = await createTestEnv({ clock: () => time });
  return {
    ...env,
    async close() {
      await env.close();
      vi.useRealTimers();
    },
  };
}

/** `/api/external/v1` + path + query string (values are URL-encoded). */
export function apiUrl(path: string, query: Record<string, string | number> = {}): string {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return `${API_PREFIX}${path}${qs ? `?${qs}` : ''}`;
}

export interface Reply {
  status: number;
  headers: Record<string, unknown>;
  // Tests parse bodies with the contract; `any` keeps the assertions short.
  body: any;
}

async function send(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  key: string | null,
  url: string,
  payload?: unknown,
): Promise<Reply> {
  const res = await app.inject({
    method,
    url,
    headers: key ? { authorization: `Bearer ${key}` } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  let body: unknown = res.body;
  try {
    body = res.json();
  } catch {
    // non-JSON bodies stay text
  }
  return { status: res.statusCode, headers: res.headers, body };
}

export const get = (env: TestEnv, key: string | null, path: string, query: Record<string, string | number> = {}) =>
  send(env.app, 'GET', key, apiUrl(path, query));
export const post = (
  env: TestEnv,
  key: string | null,
  path: string,
  body: unknown,
  query: Record<string, string | number> = {},
) => send(env.app, 'POST', key, apiUrl(path, query), body);
export const del = (env: TestEnv, key: string | null, path: string) => send(env.app, 'DELETE', key, apiUrl(path));
export const patch = (env: TestEnv, key: string | null, path: string, body: unknown) =>
  send(env.app, 'PATCH', key, apiUrl(path), body);

type Extra = Partial<EventInput>;

/**
 * Compact event literals for one session: `const s = session('s1', 'v1'); s.pv('2026-03-06T14:00:00Z', '/', {...})`.
 * `base` fields (e.g. user_agent, property_id) go on every event of the session.
 */
export function session(sessionId: string, visitorId: string, base: Extra = {}) {
  const common = { property_id: PROP_A, visitor_id: visitorId, session_id: sessionId, ...base };
  return {
    pv: (ts: string, path: string, extra: Extra = {}): EventInput => ({
      ...common,
      type: 'pageview',
      ts,
      path,
      ...extra,
    }),
    engage: (ts: string, path: string, scroll_depth: number): EventInput => ({
      ...common,
      type: 'engagement',
      ts,
      path,
      scroll_depth,
    }),
    click: (ts: string, path: string, target: string): EventInput => ({ ...common, type: 'click', ts, path, target }),
    submit: (ts: string, path: string, target: string, source?: string): EventInput => ({
      ...common,
      type: 'form_submit',
      ts,
      path,
      target,
      ...(source ? { source } : {}),
    }),
  };
}

/** Validates events with the contract, normalizes them as ingestion does, and writes them as one batch. */
export async function insert(store: Store, events: EventInput[], now = new Date()): Promise<void> {
  await store.insertEvents(events.map((e) => normalizeEvent(eventSchema.parse(e), now)));
}

/** An ISO timestamp `minutes` before `now` (for realtime and last-30-days reports). */
export const minutesAgo = (now: Date, minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

export type ResponseOf<N extends EndpointName> = z.infer<(typeof endpoints)[N]['response']>;

/** The endpoint's path with `{propertyId}` (default site-a) and other parameters filled in. */
export function endpointPath(name: EndpointName, params: Record<string, string> = {}): string {
  return fillPath(endpoints[name].path, (p) => params[p] ?? (p === 'propertyId' ? PROP_A : 'x'));
}

/** GETs a report, fails unless 200, and returns the body parsed with the endpoint's contract schema. */
export async function report<N extends EndpointName>(
  env: TestEnv,
  name: N,
  query: Record<string, string | number> = {},
  opts: { key?: string; propertyId?: string } = {},
): Promise<ResponseOf<N>> {
  const r = await get(
    env,
    opts.key ?? env.keys.a,
    endpointPath(name, { propertyId: opts.propertyId ?? PROP_A }),
    query,
  );
  if (r.status !== 200) throw new Error(`${name}: ${r.status} ${JSON.stringify(r.body)}`);
  return endpoints[name].response.parse(r.body) as ResponseOf<N>;
}

/** POSTs the aggregate form of a report over `propertyIds` (key for both properties by default). */
export async function aggregate<N extends EndpointName>(
  env: TestEnv,
  name: N,
  propertyIds: string[],
  query: Record<string, string | number> = {},
  key = env.keys.both,
): Promise<ResponseOf<N>> {
  const path = (endpoints[name] as Endpoint).aggregatePath;
  if (!path) throw new Error(`${name} has no aggregate`);
  const r = await post(env, key, path, { propertyIds }, query);
  if (r.status !== 200) throw new Error(`${name} aggregate: ${r.status} ${JSON.stringify(r.body)}`);
  return endpoints[name].response.parse(r.body) as ResponseOf<N>;
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { COLLECT_BODY_LIMIT, collectBatch } from '../../contract/collect.js';
import { DEFAULT_MAX_REVENUE_AMOUNT, eventSchema, type EventInput, type StoredEvent } from '../../contract/events.js';
import { ApiError, fromZodError, refuseUnsafeText } from '../api-error.js';
import { clientKeys } from '../ingest/client-key.js';
import { collectLimiter, DEFAULT_COLLECT_LIMITS, type CollectLimits } from '../ingest/collect-limits.js';
import {
  eventsIn,
  refusalOf,
  UnknownPropertyError,
  type CollectReason,
  type CountCollected,
} from '../ingest/collect-outcomes.js';
import type { CountryLookup } from '../ingest/country-lookup.js';
import type { GroupCommitter } from '../ingest/group-commit.js';
import { normalizeEvent } from '../ingest/normalize-event.js';
import type { SnapshotSources } from '../ingest/snapshot-sources.js';
import { RecentEventIds } from '../ingest/recent-event-ids.js';
import type { SnapshotRecord, Store } from '../store/store.js';
import { jsonBodyParser } from './route-helpers.js';

export interface CollectOptions {
  store: Store;
  committer: GroupCommitter;
  countryOf: CountryLookup;
  /** Which snapshot events are kept (ingest/snapshot-sources.ts). */
  snapshots: SnapshotSources;
  propertyExists: (id: string) => Promise<boolean>;
  limits?: CollectLimits;
  /** The largest revenue amount one event may carry (MAX_REVENUE_AMOUNT). */
  maxRevenueAmount?: number;
  /** The clock (ms) the limits' budgets refill by. */
  clock?: () => number;
  /** Told what became of every event, kept or refused (plugins/metrics.ts). */
  count?: CountCollected;
}

/** The events of a body, each with the path its errors should name (`events.3` or the body itself). */
function eventsOf(body: unknown): { raw: unknown; at: string }[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiError(400, 'invalid_request', 'the body must be one event object or {"events": [...]}', {
      field: 'body',
    });
  }
  if (!('events' in body)) return [{ raw: withoutTs(body), at: '' }];
  const batch = collectBatch.safeParse(body);
  if (!batch.success) throw fromZodError(batch.error, 'body');
  return batch.data.events.map((raw, i) => ({ raw: withoutTs(raw), at: `events.${i}.` }));
}

// The server stamps `ts`; a browser's clock (in whatever form it sends it) is ignored, not judged.
function withoutTs(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw) || !('ts' in raw)) return raw;
  const { ts: _ignored, ...rest } = raw as Record<string, unknown>;
  return rest;
}

/**
 * The server's clock for each event of a body. All events of a request arrive at the same instant, so
 * a session's later events get 1 ms more each: entry and exit page (and duration) then follow the
 * order the tracker sent them in rather than the store's arbitrary pick among equal timestamps.
 */
function stamps(events: EventInput[], now: Date): Date[] {
  if (events.length === 1) return [now];
  const seen = new Map<string, number>();
  return events.map((e) => {
    const key = `${e.property_id}\u0000${e.session_id}`;
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    return n === 0 ? now : new Date(now.getTime() + n);
  });
}

async function validate(request: FastifyRequest, opts: CollectOptions): Promise<EventInput[]> {
  refuseUnsafeText(request.body, 'body');
  const out: EventInput[] = [];
  // A batch names one property as a rule: looked up once, not once per event.
  let knownProperty: string | null = null;
  for (const { raw, at } of eventsOf(request.body)) {
    const parsed = eventSchema.safeParse(raw);
    if (!parsed.success) {
      const error = fromZodError(parsed.error, 'body');
      const field = `${at}${error.details.field ?? ''}`.replace(/\.$/, '') || 'body';
      throw new ApiError(400, 'invalid_request', `${field}: ${parsed.error.issues[0].message}`, {
        ...error.details,
        field,
      });
    }
    const max = opts.maxRevenueAmount ?? DEFAULT_MAX_REVENUE_AMOUNT;
    if ((parsed.data.amount ?? 0) > max) {
      throw new ApiError(400, 'invalid_request', `${at}amount: at most ${max} in one event`, {
        field: `${at}amount`,
        max,
      });
    }
    if (parsed.data.property_id !== knownProperty) {
      if (!(await opts.propertyExists(parsed.data.property_id))) {
        throw new UnknownPropertyError(`${at}property_id`, parsed.data.property_id);
      }
      knownProperty = parsed.data.property_id;
    }
    out.push(parsed.data);
  }
  return out;
}

/**
 * POST /api/collect (operations.md §3): public, CORS for any origin (plugins/cors.ts), JSON or text/plain (sendBeacon).
 * The whole body is validated before anything is written, so a rejected batch leaves nothing behind.
 */
export async function collectRoutes(app: FastifyInstance, opts: CollectOptions) {
  // Both as plain JSON.parse: the body only reaches zod, which builds new objects of the schema's own
  // keys, so a `__proto__` key cannot pollute anything and secure-json-parse's scan (3% of a
  // request's CPU) buys nothing here.
  app.removeContentTypeParser(['text/plain', 'application/json']);
  // What each body weighed, for the byte budgets (a chunked body declares no length).
  const weights = new WeakMap<FastifyRequest, number>();
  const parseJson = jsonBodyParser();
  app.addContentTypeParser(['text/plain', 'application/json'], { parseAs: 'string' }, (request, body, done) => {
    weights.set(request, Buffer.byteLength(body as string));
    parseJson(request, body as string, done);
  });
  app.addHook('onClose', () => opts.committer.close());

  const seen = new RecentEventIds();
  // Ids whose write is under way, with that write: a resend arriving meanwhile waits for its outcome.
  const writing = new Map<string, Promise<unknown>>();
  const limiter = collectLimiter(opts.limits ?? DEFAULT_COLLECT_LIMITS, opts.clock);
  const clientKeyOf = clientKeys();
  const onRequest = async (request: FastifyRequest, reply: FastifyReply) => limiter.admit(request, reply);
  const count = opts.count ?? (() => undefined);
  // Refusals are counted once answered, whichever step refused (the limiter, the body's size, validation, the write).
  const unknownProperty = new WeakSet<FastifyRequest>();
  const onError = async (request: FastifyRequest, _reply: FastifyReply, error: unknown) => {
    if (error instanceof UnknownPropertyError) unknownProperty.add(request);
  };
  const onResponse = async (request: FastifyRequest, reply: FastifyReply) => {
    if (reply.statusCode < 400) return;
    count(unknownProperty.has(request) ? 'unknown_property' : refusalOf(reply.statusCode), eventsIn(request.body));
  };
  const routeOptions = { bodyLimit: COLLECT_BODY_LIMIT, onRequest, onError, onResponse };
  app.post('/api/collect', routeOptions, async (request, reply) => {
    const events = await validate(request, opts);
    limiter.charge(request, reply, events, weights.get(request) ?? 0);
    const idOf = (e: EventInput) => (e.event_id ? `${e.property_id}\u0000${e.event_id}` : null);
    const now = new Date();
    const ts = stamps(events, now);
    // Capped as the event schema caps `user_agent`: parsed agents are cached by their text.
    const facts = {
      userAgent: request.headers['user-agent']?.slice(0, 1024) ?? null,
      country: opts.countryOf(request.ip),
    };
    // Exposures keep a keyed hash of the address, never the address (ingest/client-key.ts).
    const clientKey = events.some((e) => e.type === 'exposure') ? clientKeyOf(request.ip) : null;
    const keepSnapshot = await opts.snapshots.judge(request, events);
    const rows: StoredEvent[] = [];
    const snapshots: SnapshotRecord[] = [];
    let dropped = 0;
    const notKept: Partial<Record<CollectReason, number>> = {};
    const skip = (reason: CollectReason) => (notKept[reason] = (notKept[reason] ?? 0) + 1);
    const ids: string[] = [];
    const snapshotIds: string[] = [];
    while (writing.size > 0) {
      const busy = events.map(idOf).flatMap((id) => (id === null ? [] : (writing.get(id) ?? [])));
      if (busy.length === 0) break;
      await Promise.allSettled(busy);
    }
    for (const [i, e] of events.entries()) {
      // A resend of an event already kept (its answer got lost in a navigation) is acknowledged,
      // not stored twice.
      const id = idOf(e);
      if (id !== null && (seen.has(id) || ids.includes(id))) {
        skip('duplicate');
        continue;
      }
      if (id !== null) ids.push(id);
      // The server's clock and the request's own agent and address, whatever the body claims.
      const row = normalizeEvent(e, ts[i], facts);
      if (row.is_bot) {
        dropped++; // known bots never count, so they are not kept at all
        skip('bot');
        continue;
      }
      if (e.type === 'snapshot') {
        if (id !== null) snapshotIds.push(id);
        if (keepSnapshot(e, now))
          snapshots.push({ property_id: e.property_id, path: e.path, ts: now, elements: e.elements ?? [] });
        else skip('snapshot_skipped');
      } else rows.push(e.type === 'exposure' ? { ...row, client_key: clientKey } : row);
    }
    // The ids are remembered before the write and forgotten if it fails, so nothing can throw between
    // a commit and its ids being known (a throw there made the client's resend a second copy).
    for (const id of ids) seen.add(id);
    // Forgotten within the write's own promise, so a resend waiting on it sees the outcome.
    const write = (async () => {
      let committed = false;
      try {
        if (rows.length > 0) await opts.committer.submit(rows);
        committed = true;
        if (snapshots.length > 0) await opts.store.saveSnapshots(snapshots);
      } catch (error) {
        for (const id of committed ? snapshotIds : ids) seen.delete(id);
        throw error;
      }
    })();
    for (const id of ids) writing.set(id, write);
    try {
      await write;
    } finally {
      for (const id of ids) if (writing.get(id) === write) writing.delete(id);
    }
    count('stored', rows.length + snapshots.length);
    for (const [reason, n] of Object.entries(notKept)) count(reason as CollectReason, n);
    return reply.status(202).send({ accepted: events.length - dropped });
  });
}

import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EventInput } from '../../contract/events.js';
import { ApiError } from '../api-error.js';
import { RateBudgets } from '../plugins/rate-budgets.js';

/** What collect takes a minute (docs/decisions.md, "Collect limits"); 0 turns a limit off. */
export interface CollectLimits {
  /** Events per client address (an IPv6 client's /64): a busy office behind one NAT stays well under it. */
  perClientPerMinute: number;
  /** Events per property, from all addresses together. */
  perPropertyPerMinute: number;
  /**
   * Bytes of request bodies per client address and per property: a body padded to the size cap costs
   * what it weighs, not one event (issue 41: 340 KB bodies of one event each slowed /healthz 50-fold).
   */
  perClientBytesPerMinute?: number;
  perPropertyBytesPerMinute?: number;
}

export const DEFAULT_COLLECT_LIMITS: Required<CollectLimits> = {
  perClientPerMinute: 6_000,
  perPropertyPerMinute: 60_000,
  // A page view's events weigh 0.3-1 KB each (a snapshot about 6 KB): 6,000 events a minute fit in 6 MB.
  perClientBytesPerMinute: 6_000_000,
  perPropertyBytesPerMinute: 60_000_000,
};

function refuse(reply: FastifyReply, wait: number, message: string, details: Record<string, unknown>): never {
  reply.header('retry-after', String(wait));
  throw new ApiError(429, 'rate_limited', `${message}; retry in ${wait} s`, { ...details, retry_after_seconds: wait });
}

/**
 * Collect's budgets, in events (a request costs at least one) and in bytes. The address is checked
 * before the body is read, and pays the body's declared length then, so a client over its budget
 * costs no parsing; the property once the body is valid, with what the body really weighed.
 */
export function collectLimiter(given: CollectLimits, clock: () => number = Date.now) {
  const limits = { ...DEFAULT_COLLECT_LIMITS, ...given };
  const byClient = new RateBudgets(limits.perClientPerMinute, 50_000, clock);
  const byProperty = new RateBudgets(limits.perPropertyPerMinute, 10_000, clock);
  const bytesByClient = new RateBudgets(limits.perClientBytesPerMinute, 50_000, clock);
  const bytesByProperty = new RateBudgets(limits.perPropertyBytesPerMinute, 10_000, clock);
  const clientOf = (request: FastifyRequest) => normalizeIP(request.ip);
  /** What each request paid in bytes before its body was read (its Content-Length, else nothing). */
  const declared = new WeakMap<FastifyRequest, number>();
  return {
    /** onRequest: 429 when the client address is out of budget, else it pays for one event and the declared bytes. */
    admit(request: FastifyRequest, reply: FastifyReply): void {
      const client = clientOf(request);
      const wait = byClient.waitSeconds(client);
      if (wait > 0)
        refuse(reply, wait, `too many events from this address (at most ${limits.perClientPerMinute} a minute)`, {
          limit: limits.perClientPerMinute,
          scope: 'client',
        });
      const byteWait = bytesByClient.waitSeconds(client);
      if (byteWait > 0)
        refuse(
          reply,
          byteWait,
          `too much data from this address (at most ${limits.perClientBytesPerMinute} bytes a minute)`,
          {
            limit_bytes: limits.perClientBytesPerMinute,
            scope: 'client',
          },
        );
      byClient.charge(client, 1);
      const length = Number(request.headers['content-length']);
      const bytes = Number.isSafeInteger(length) && length > 0 ? length : 0;
      declared.set(request, bytes);
      bytesByClient.charge(client, bytes);
    },
    /**
     * Once the body is valid (`bytes`: what it weighed): 429 (nothing kept) when a property it names
     * is out of budget, else the events and bytes are paid for.
     */
    charge(request: FastifyRequest, reply: FastifyReply, events: EventInput[], bytes: number): void {
      const perProperty = new Map<string, number>();
      for (const e of events) perProperty.set(e.property_id, (perProperty.get(e.property_id) ?? 0) + 1);
      for (const id of perProperty.keys()) {
        const wait = Math.max(byProperty.waitSeconds(id), bytesByProperty.waitSeconds(id));
        if (wait > 0)
          refuse(
            reply,
            wait,
            `too many events for property "${id}" (at most ${limits.perPropertyPerMinute} events and ${limits.perPropertyBytesPerMinute} bytes a minute)`,
            {
              field: 'property_id',
              limit: limits.perPropertyPerMinute,
              limit_bytes: limits.perPropertyBytesPerMinute,
              scope: 'property',
            },
          );
      }
      // A batch for several properties is paid by each in proportion to its events.
      for (const [id, n] of perProperty) {
        byProperty.charge(id, n);
        bytesByProperty.charge(id, Math.ceil((bytes * n) / events.length));
      }
      const client = clientOf(request);
      byClient.charge(client, events.length - 1);
      // A body sent without Content-Length (chunked) pays its weight now.
      bytesByClient.charge(client, bytes - (declared.get(request) ?? 0));
    },
  };
}

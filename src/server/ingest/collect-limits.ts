import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EventInput } from '../../contract/events.js';
import { ApiError } from '../api-error.js';
import { RateBudgets } from '../plugins/rate-budgets.js';

/** Events a minute that collect takes (docs/decisions.md, "Collect limits"); 0 turns a limit off. */
export interface CollectLimits {
  /** Per client address (an IPv6 client's /64): a busy office behind one NAT stays well under it. */
  perClientPerMinute: number;
  /** Per property, from all addresses together. */
  perPropertyPerMinute: number;
}

export const DEFAULT_COLLECT_LIMITS: CollectLimits = { perClientPerMinute: 6_000, perPropertyPerMinute: 60_000 };

function refuse(reply: FastifyReply, wait: number, message: string, details: Record<string, unknown>): never {
  reply.header('retry-after', String(wait));
  throw new ApiError(429, 'rate_limited', `${message}; retry in ${wait} s`, { ...details, retry_after_seconds: wait });
}

/**
 * Collect's budgets, counted in events (a request costs at least one). The address is checked before
 * the body is read, so a client over its budget costs no parsing; the property once the body is valid.
 */
export function collectLimiter(limits: CollectLimits, clock: () => number = Date.now) {
  const byClient = new RateBudgets(limits.perClientPerMinute, 50_000, clock);
  const byProperty = new RateBudgets(limits.perPropertyPerMinute, 10_000, clock);
  const clientOf = (request: FastifyRequest) => normalizeIP(request.ip);
  return {
    /** onRequest: 429 when the client address is out of budget, else it pays for one event. */
    admit(request: FastifyRequest, reply: FastifyReply): void {
      const client = clientOf(request);
      const wait = byClient.waitSeconds(client);
      if (wait > 0)
        refuse(reply, wait, `too many events from this address (at most ${limits.perClientPerMinute} a minute)`, {
          limit: limits.perClientPerMinute,
          scope: 'client',
        });
      byClient.charge(client, 1);
    },
    /** Once the body is valid: 429 (nothing kept) when a property it names is out of budget, else the events are paid for. */
    charge(request: FastifyRequest, reply: FastifyReply, events: EventInput[]): void {
      const perProperty = new Map<string, number>();
      for (const e of events) perProperty.set(e.property_id, (perProperty.get(e.property_id) ?? 0) + 1);
      for (const id of perProperty.keys()) {
        const wait = byProperty.waitSeconds(id);
        if (wait > 0)
          refuse(
            reply,
            wait,
            `too many events for property "${id}" (at most ${limits.perPropertyPerMinute} a minute)`,
            { field: 'property_id', limit: limits.perPropertyPerMinute, scope: 'property' },
          );
      }
      for (const [id, n] of perProperty) byProperty.charge(id, n);
      byClient.charge(clientOf(request), events.length - 1);
    },
  };
}

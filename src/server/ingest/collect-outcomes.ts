import { ApiError } from '../api-error.js';

/**
 * What became of collected events, as /metrics counts them (`collect_events_total`): kept (`stored`),
 * or not, and why. A fixed list, so the label stays bounded whatever clients send. Bots, resends and
 * snapshots beyond the ones kept are answered 202 like the rest but are not kept; the other reasons
 * are answered with an error.
 */
export const COLLECT_REASONS = [
  'stored',
  'bot',
  'duplicate',
  'snapshot_skipped',
  'invalid',
  'unknown_property',
  'too_large',
  'rate_limited',
  'unavailable',
  'error',
] as const;
export type CollectReason = (typeof COLLECT_REASONS)[number];
export type CollectOutcome = 'accepted' | 'refused';

export const outcomeOf = (reason: CollectReason): CollectOutcome => (reason === 'stored' ? 'accepted' : 'refused');

/** Counts `events` events that met `reason`. */
export type CountCollected = (reason: CollectReason, events: number) => void;

/** An event names no property this server has: a 400, counted apart since it means a tag set up wrong. */
export class UnknownPropertyError extends ApiError {
  constructor(field: string, propertyId: string) {
    super(400, 'invalid_request', `${field}: no property "${propertyId}"`, { field });
  }
}

/** Why a request answered `status` was refused. */
export function refusalOf(status: number): CollectReason {
  if (status === 400) return 'invalid';
  if (status === 413) return 'too_large';
  if (status === 429) return 'rate_limited';
  if (status === 503) return 'unavailable';
  return 'error';
}

/**
 * The events a refused body held: a batch's length when it parsed that far, else one (a body refused
 * unread, for its size or its sender's budget, is counted as the one event the budget charges first).
 */
export function eventsIn(body: unknown): number {
  const events = typeof body === 'object' && body !== null ? (body as { events?: unknown }).events : undefined;
  return Array.isArray(events) ? Math.max(1, events.length) : 1;
}

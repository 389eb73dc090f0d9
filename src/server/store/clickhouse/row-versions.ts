import { randomInt } from 'node:crypto';

/**
 * The `version` of a later write of a ReplacingMergeTree row: above the version it read (so a change
 * made after seeing another one wins even when this server's clock is behind), and otherwise ordered by
 * the writing server's clock in ms, with a random tie-breaker for writes in the same millisecond.
 * Stays below 2^53 (JSON numbers) until about the year 2250.
 */
export function nextVersion(readVersion: number | null): number {
  return Math.max((readVersion ?? 0) + 1, Date.now() * 1024 + randomInt(1024));
}

/** The version of a delete: no later write outranks it, so a deleted row stays deleted on every server. */
export const DELETED_VERSION = Number.MAX_SAFE_INTEGER;

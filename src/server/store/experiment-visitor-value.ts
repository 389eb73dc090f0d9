import type { ExperimentRecord } from './experiment-store.js';

/**
 * The per-visitor value a continuous goal compares, as SQL both stores read the same way over a
 * visitor's `per_session` rows: its payments in the test's currency (`revenue`), or the mean length
 * of its sessions from its first exposure on, in seconds (`duration_ms`). Null for the goals a
 * visitor reaches or not.
 */
export function visitorValueSql(e: ExperimentRecord): string | null {
  if (e.goal === 'revenue') return 'coalesce(sum(revenue), 0)';
  if (e.goal === 'session_time') return 'avg(duration_ms) / 1000';
  return null;
}

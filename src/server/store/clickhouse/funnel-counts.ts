import type { FunnelQuery, FunnelRow, Scope } from '../store.js';
import type { ChDb, ChParams } from './clickhouse-db.js';
import { andAll, filteredSettings, inMatchingSessions, viewedMatchingPage, type SessionsOf } from './filter-scope.js';
import { dimensionSql, dropRepeatsSql, perSession, progressSql } from './funnel-sql.js';
import { inMatchingSessionsOf, untrustedSessions } from './stamped-filters.js';

/**
 * The filters keep whole sessions (decisions.md): those matching every session filter and, with a
 * `page` filter, those that viewed a matching page in the range; all of their page views are read,
 * since steps need the whole path. `among`: the sessions the report can count at all (those that
 * viewed its first page), so the merge of session values reads only theirs. '' unfiltered.
 */
export function sessionsKept(s: Scope, params: ChParams, among?: SessionsOf): string {
  return andAll(inMatchingSessions(s, params, '', among), viewedMatchingPage(s, params));
}

/**
 * sessionsKept for the range's events of `kind` alone (a condition on `events`), by their first-touch
 * stamps (stamped-filters.ts): no merge of every session's values, only of the few untrusted ones.
 */
export async function stampedSessionsKept(db: ChDb, s: Scope, params: ChParams, kind: string): Promise<string> {
  const untrusted = await untrustedSessions(db, s, params, kind);
  return andAll(inMatchingSessionsOf(s, params, kind, untrusted), viewedMatchingPage(s, params));
}

/** The events a funnel counts: its page steps' views (funnel-queries.ts), or with goal steps the goals' events too (funnel-goal-steps.ts). */
export interface StepEvents {
  params: ChParams;
  /** Whether identical step events (same instant and bits) are taken once before sequential matching. */
  dropRepeats: boolean;
  /** The range's step events as rows (property_id, session_key, ts, mask), every mask non-zero. */
  events: string;
  /**
   * With a breakdown: rows (property_id, session_key, ts, dim, mask, counted) from the day before the
   * range, `counted` marking the step events the figures count, and `firstTouch`, the session's value.
   */
  breakdownEvents(dim: string): string;
  firstTouch: string;
}

/**
 * Sessions reaching each step. Unbounded: the session has step events of steps 1..k, in any order.
 * Sequential: greedy in-order matching over the session's step events sorted by time (events at one
 * instant in step order), one step per event.
 */
export async function sessionsReaching(db: ChDb, q: FunnelQuery, limit: number, e: StepEvents): Promise<FunnelRow[]> {
  const sequential = q.mode === 'sequential';
  const ks = q.steps.map((_, i) => i + 1);
  const reached = ks
    .map((k) =>
      sequential
        ? `countIf(progress >= ${k}) AS r${k}`
        : `countIf(bitAnd(seen, ${2 ** k - 1}) = ${2 ** k - 1}) AS r${k}`,
    )
    .join(', ');
  // Sequential: the session's (ts, mask) step events, gathered by `gathered`, sorted and matched.
  const progress = (gathered: string) =>
    sequential
      ? `, arraySort(${gathered}) AS views, ${progressSql(e.dropRepeats ? dropRepeatsSql('views') : 'views')} AS progress`
      : '';
  const reachedOf = (r: Record<string, unknown>, prefix: string) => ks.map((k) => Number(r[`${prefix}${k}`] ?? 0));

  if (!q.breakdownBy) {
    const [row] = await db.all<Record<string, number>>(
      `SELECT ${reached} FROM (
        SELECT groupBitOr(mask) AS seen ${progress('groupArray((ts, mask))')}
        FROM (${e.events})
        GROUP BY ${perSession})${filteredSettings(q.scope.filters)}`,
      e.params,
    );
    return [{ value: null, reached: reachedOf(row, 'r') }];
  }
  // A session's value is that of its first page view, which may be any page and may come before the
  // range, so the breakdown reads every page view from the day before; the step figures still count
  // only the range's. Every counted session has one value, so the whole funnel is the sum over all
  // values, taken before the limit.
  const totals = ks.map((k) => `sum(r${k}) OVER () AS t${k}`).join(', ');
  const rows = await db.all<Record<string, number | string | null> & { value: string | null }>(
    `SELECT value, ${reached}, ${totals} FROM (
      SELECT groupBitOrIf(mask, counted) AS seen ${progress('groupArrayIf((ts, mask), counted)')}, ${e.firstTouch} AS value
      FROM (${e.breakdownEvents(dimensionSql[q.breakdownBy])})
      GROUP BY ${perSession} HAVING countIf(counted) > 0)
    GROUP BY value ORDER BY r1 DESC, value ASC NULLS LAST LIMIT {limit:UInt32}${filteredSettings(q.scope.filters)}`,
    // At least one row, which carries the whole funnel's figures.
    { ...e.params, limit: Math.max(1, Math.trunc(limit) || 0) },
  );
  const whole: FunnelRow = { value: null, reached: rows.length ? reachedOf(rows[0], 't') : ks.map(() => 0) };
  // The embedded store's final order: the whole funnel first, then step-1 sessions, then the value
  // as text (`null` for unknown, named after the sort).
  const values = rows
    .slice(0, Math.max(0, limit))
    .map((r) => ({ value: r.value, reached: reachedOf(r, 'r') }))
    .sort((a, b) => b.reached[0] - a.reached[0] || String(a.value).localeCompare(String(b.value)));
  return [whole, ...values.map((r) => ({ value: r.value ?? 'unknown', reached: r.reached }))];
}

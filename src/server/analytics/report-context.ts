import type { z } from 'zod';
import type { rangeParams } from '../../contract/analytics-query.js';
import type { Filter } from '../../contract/filters.js';
import type { BucketedScope, GoalRecord, Scope, Store } from '../store/store.js';
import {
  bucketsOf,
  formatInZone,
  resolveTimeFrame,
  type Bucket,
  type Granularity,
  type TimeFrame,
} from './time-frame.js';

export type ScopeMeta = { property_id: string } | { property_ids: string[] };

/** What every report gets: the store, the properties it reads, and its parsed query. */
export interface ReportContext<Q> {
  store: Store;
  propertyIds: string[];
  scopeMeta: ScopeMeta;
  query: Q;
  now: Date;
  /** The properties' goals, loaded when a `goal` filter needs them (analytics-routes.ts). */
  goals?: GoalRecord[];
}

type RangeParams = z.infer<typeof rangeParams>;

export function frameOf(q: RangeParams): TimeFrame {
  return resolveTimeFrame(q.start, q.end, q.timezone);
}

/** The query's filters (every analytics query may carry them: contract/filters.ts). */
export function filtersOf(ctx: ReportContext<unknown>): Filter[] | undefined {
  const filters = (ctx.query as { filters?: Filter[] }).filters;
  return filters?.length ? filters : undefined;
}

export function scopeOf(ctx: ReportContext<unknown>, frame: TimeFrame): Scope {
  return {
    propertyIds: ctx.propertyIds,
    start: frame.start,
    end: frame.end,
    filters: filtersOf(ctx),
    ...(ctx.goals ? { goals: ctx.goals } : {}),
  };
}

export function bucketedScopeOf(
  ctx: ReportContext<unknown>,
  frame: TimeFrame,
  granularity: Granularity,
): BucketedScope {
  return { ...scopeOf(ctx, frame), granularity, offsets: frame.offsets };
}

export function rangeMeta(ctx: ReportContext<unknown>, frame: TimeFrame) {
  return { ...ctx.scopeMeta, start: frame.start.toISOString(), end: frame.end.toISOString(), timezone: frame.zone };
}

/**
 * A row's share of a total, 0 when the total is empty; shares are always recomputed from counts. A
 * row is only listed when it counts towards its total, so a listed share always has a base.
 */
export function ratio(part: number, whole: number): number {
  return whole > 0 ? part / whole : 0;
}

/**
 * A rate or average over its base, null when there is no base (no sessions, entries, page views):
 * 0% there would rank as the best bounce rate and read as a change against the previous period.
 */
export function rateOver(part: number, base: number): number | null {
  return base > 0 ? part / base : null;
}

/** Every bucket of the frame with the store's figures, zero where nothing happened. */
export function zeroFilled<T extends object>(buckets: Bucket[], rows: (T & { bucket: string })[], zero: T) {
  const byKey = new Map(rows.map((r) => [r.bucket, r]));
  return buckets.map((b) => {
    const { bucket: _key, ...figures } = byKey.get(b.key) ?? { ...zero, bucket: b.key };
    return { bucket_start: formatInZone(b.start), bucket_end: formatInZone(b.end), ...(figures as T) };
  });
}

export { bucketsOf };

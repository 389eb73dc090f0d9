import type { Filter } from '../../contract/filters.js';
import type { FunnelDimension } from '../../contract/funnels.js';
import type { Granularity } from '../../contract/analytics-query.js';
import type { OffsetSegment } from '../analytics/time-frame.js';
import type { GoalRecord } from './goal-store.js';
import type { SankeyPath, SankeyTop } from './sankey-nodes.js';

/** Which properties and which half-open UTC range a report reads. */
export interface Scope {
  propertyIds: string[];
  start: Date;
  end: Date;
  /** ANDed; what each keeps is in docs/decisions.md "Filters" (filter-sql.ts builds the predicates). */
  filters?: Filter[];
  /** The properties' goals, given when a `goal` filter names them (goal-filters.ts resolves it). */
  goals?: GoalRecord[];
}

export interface BucketedScope extends Scope {
  granularity: Granularity;
  offsets: OffsetSegment[];
}

/** A bucket key as `bucketKey()` writes it, with the bucket's figures. */
export type Bucketed<T> = T & { bucket: string };

export interface Counts {
  sessions: number;
  page_views: number;
}
export type SegmentDimension = 'utm' | 'country' | 'device' | 'landing_page' | 'referrer' | 'browser' | 'os';
export interface SegmentRow extends Counts {
  dimension: SegmentDimension;
  /** utm: [source, medium, campaign]; otherwise one value. Null means unknown. */
  values: (string | null)[];
}
/** `avg_scroll_depth` is null when no scroll was reported on the page, `bounce_rate` when no session entered on it. */
export interface PageRow {
  path: string;
  page_views: number;
  unique_visitors: number;
  avg_scroll_depth: number | null;
  bounce_rate: number | null;
}
/**
 * A clicked element or form: per page (`page` set), or totalled over pages (`group: 'element'`: one
 * row per target and label, `page` null). `label` is the most common label sent for a page's row, the
 * row's own for an element's (null: none); `page_views` the page views, in the scope, of the row's
 * page, or of every page the element was used on.
 */
export interface InteractionRow {
  page: string | null;
  target: string;
  label: string | null;
  count: number;
  unique: number;
  page_views: number;
}
/** How `interactions` groups its rows (absent: per page and target). */
export type InteractionGrouping = 'element';
export interface InteractionOptions {
  limit: number;
  page?: string;
  source?: string;
  group?: InteractionGrouping;
}
export interface InteractionReport {
  rows: InteractionRow[];
  trend: Bucketed<{ count: number; unique: number }>[];
  total: { count: number; unique: number };
}
export type { FunnelDimension };
/** A funnel step as a store reads it: a page path, or one of the property's goals (docs/decisions.md "Funnels"). */
export type FunnelStepTarget = string | GoalRecord;
export interface FunnelQuery {
  scope: Scope;
  steps: FunnelStepTarget[];
  mode: 'unbounded' | 'sequential';
  breakdownBy?: FunnelDimension;
}
/** Sessions reaching each step, per breakdown value (null value: the whole funnel or unknown). */
export interface FunnelRow {
  value: string | null;
  reached: number[];
}
/** A path as the store sees it: pages from the first step on, with each page's step mask. */
export interface FunnelPathRow {
  pages: string[];
  masks: number[];
  ended: boolean;
  sessions: number;
}

/** The reports' reads: each takes a scope and answers rows the analytics modules shape into the API's. */
export interface ReportStore {
  trafficTrend(s: BucketedScope): Promise<{
    buckets: Bucketed<{ page_views: number; unique_visitors: number }>[];
    page_views: number;
    unique_visitors: number;
  }>;
  trafficSummary(s: Scope): Promise<{
    page_views: number;
    unique_visitors: number;
    sessions: number;
    bounces: number;
    duration_seconds_total: number;
  }>;
  realtime(
    propertyIds: string[],
    now: Date,
    filters?: Filter[],
    goals?: GoalRecord[],
  ): Promise<{
    active_visitors: number;
    feed: { page: string; referrer: string | null; device: string | null; country: string | null; timestamp: Date }[];
  }>;
  segments(s: Scope, limit: number): Promise<{ rows: SegmentRow[]; totals: Counts }>;
  entryExitPages(
    s: Scope,
    limit: number,
  ): Promise<{
    entry: { path: string; sessions: number }[];
    exit: { path: string; sessions: number }[];
    sessions: number;
  }>;
  pages(s: Scope, limit: number): Promise<PageRow[]>;
  pageDetails(
    s: Scope,
    page: string,
    limit: number,
  ): Promise<{ totals: Omit<PageRow, 'path'>; rows: (SegmentRow & { dimension: 'utm' | 'country' | 'device' })[] }>;
  interactions(s: BucketedScope, type: 'click' | 'form_submit', opts: InteractionOptions): Promise<InteractionReport>;
  funnel(q: FunnelQuery, limit: number): Promise<FunnelRow[]>;
  funnelPaths(q: FunnelQuery, maxNodes: number): Promise<FunnelPathRow[]>;
  /**
   * The sankey's node lists (sankey-nodes.ts: pathNodes of funnelPaths' rows) with their sessions, one
   * per list: the top `maxPaths` by sessions and all tied with the last, each with at least `minSessions`.
   */
  sankeyPaths(q: FunnelQuery, maxNodes: number, top: SankeyTop): Promise<SankeyPath[]>;
  /** Page sequences that follow `page` (consecutive repeats collapsed), with session counts. */
  pathsAfter(s: Scope, page: string, depth: number): Promise<{ pages: string[]; sessions: number }[]>;
}

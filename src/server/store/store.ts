import type { z } from 'zod';
import type { snapshotElement, StoredEvent } from '../../contract/events.js';
import type { Granularity, OffsetSegment } from '../analytics/time-frame.js';

/** Which properties and which half-open UTC range a report reads. */
export type SnapshotElement = z.infer<typeof snapshotElement>;

export interface Scope {
  propertyIds: string[];
  start: Date;
  end: Date;
}

export interface BucketedScope extends Scope {
  granularity: Granularity;
  offsets: OffsetSegment[];
}

export interface Property {
  id: string;
  name: string;
  domain: string | null;
  timezone: string;
  created_at: Date;
}

export interface ApiKeyRecord {
  id: string;
  name: string;
  prefix: string;
  hash: string;
  property_ids: string[];
  permissions: string[];
  created_at: Date;
  revoked_at: Date | null;
}

export interface SavedFunnelRecord {
  id: string;
  property_id: string;
  name: string;
  steps: { page: string }[];
  created_at: Date;
  updated_at: Date;
}

/** A bucket key as `bucketKey()` writes it, with the bucket's figures. */
export type Bucketed<T> = T & { bucket: string };

export interface Counts { sessions: number; page_views: number }
export type SegmentDimension = 'utm' | 'country' | 'device' | 'landing_page' | 'referrer';
export interface SegmentRow extends Counts {
  dimension: SegmentDimension;
  /** utm: [source, medium, campaign]; otherwise one value. Null means unknown. */
  values: (string | null)[];
}
export interface PageRow { path: string; page_views: number; unique_visitors: number; avg_scroll_depth: number; bounce_rate: number }
export interface InteractionRow { page: string; target: string; count: number; unique: number }
export interface InteractionReport {
  rows: InteractionRow[];
  trend: Bucketed<{ count: number; unique: number }>[];
  total: { count: number; unique: number };
}
export type FunnelDimension = 'device' | 'country' | 'utm_source' | 'utm_medium' | 'utm_campaign' | 'referrer' | 'entry_page';
export interface FunnelQuery {
  scope: Scope;
  steps: string[];
  mode: 'unbounded' | 'sequential';
  breakdownBy?: FunnelDimension;
}
/** Sessions reaching each step, per breakdown value (null value: the whole funnel or unknown). */
export interface FunnelRow { value: string | null; reached: number[] }
/** A path as the store sees it: pages from the first step on, with each page's step mask. */
export interface FunnelPathRow { pages: string[]; masks: number[]; ended: boolean; sessions: number }

/** The key elements of a page as a browser saw them (the tracker's `snapshot` event). */
export interface SnapshotRecord {
  property_id: string;
  path: string;
  ts: Date;
  elements: SnapshotElement[];
}

/** Everything the service needs from a store; DuckDB is the embedded default, ClickHouse the scale-out. */
export interface Store {
  close(): Promise<void>;
  ping(): Promise<void>;

  createProperty(p: Omit<Property, 'created_at'>): Promise<Property>;
  listProperties(): Promise<Property[]>;
  getProperties(ids: string[]): Promise<Property[]>;

  createApiKey(k: ApiKeyRecord): Promise<void>;
  listApiKeys(): Promise<ApiKeyRecord[]>;
  findApiKeysByPrefix(prefix: string): Promise<ApiKeyRecord[]>;
  revokeApiKey(id: string, at: Date): Promise<boolean>;

  /** Writes a batch in one transaction: all of it or none. */
  insertEvents(events: StoredEvent[]): Promise<void>;
  /** Writes every batch the source yields in one transaction: all of them or none. */
  importEvents(batches: AsyncIterable<StoredEvent[]>): Promise<number>;
  countEvents(propertyIds?: string[]): Promise<number>;

  trafficTrend(s: BucketedScope): Promise<{ buckets: Bucketed<{ page_views: number; unique_visitors: number }>[]; page_views: number; unique_visitors: number }>;
  trafficSummary(s: Scope): Promise<{ page_views: number; unique_visitors: number; sessions: number; bounces: number; duration_seconds_total: number }>;
  realtime(propertyIds: string[], now: Date): Promise<{ active_visitors: number; feed: { page: string; referrer: string | null; device: string | null; country: string | null; timestamp: Date }[] }>;
  segments(s: Scope, limit: number): Promise<{ rows: SegmentRow[]; totals: Counts }>;
  entryExitPages(s: Scope, limit: number): Promise<{ entry: { path: string; sessions: number }[]; exit: { path: string; sessions: number }[]; sessions: number }>;
  pages(s: Scope, limit: number): Promise<PageRow[]>;
  pageDetails(s: Scope, page: string, limit: number): Promise<{ totals: Omit<PageRow, 'path'>; rows: (SegmentRow & { dimension: 'utm' | 'country' | 'device' })[] }>;
  interactions(s: BucketedScope, type: 'click' | 'form_submit', opts: { limit: number; page?: string; source?: string }): Promise<InteractionReport>;
  funnel(q: FunnelQuery, limit: number): Promise<FunnelRow[]>;
  funnelPaths(q: FunnelQuery, maxNodes: number): Promise<FunnelPathRow[]>;
  /** Page sequences that follow `page` (consecutive repeats collapsed), with session counts. */
  pathsAfter(s: Scope, page: string, depth: number): Promise<{ pages: string[]; sessions: number }[]>;

  saveSnapshots(rows: SnapshotRecord[]): Promise<void>;
  /** The newest snapshot of a page, or null when the tracker never sent one. */
  latestSnapshot(propertyId: string, path: string): Promise<SnapshotRecord | null>;

  listSavedFunnels(propertyId: string): Promise<SavedFunnelRecord[]>;
  getSavedFunnel(propertyId: string, id: string): Promise<SavedFunnelRecord | null>;
  saveFunnel(f: SavedFunnelRecord): Promise<void>;
  deleteSavedFunnel(propertyId: string, id: string): Promise<boolean>;
}

import type { z } from 'zod';
import type { snapshotElement, StoredEvent } from '../../contract/events.js';
import type { Change, experimentStatuses, experimentTypes, goals } from '../../contract/experiments.js';
import type { Filter } from '../../contract/filters.js';
import type { FunnelDimension, FunnelStep } from '../../contract/funnels.js';
import type { GoalKind } from '../../contract/goals.js';
import type { Granularity } from '../../contract/analytics-query.js';
import type { OffsetSegment } from '../analytics/time-frame.js';
import type { PropertyLifecycle } from './property-lifecycle.js';

/** Which properties and which half-open UTC range a report reads. */
export type SnapshotElement = z.infer<typeof snapshotElement>;

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
  steps: FunnelStep[];
  // Absent in a funnel saved before these were kept (or by a caller that gave none); the API reads
  // them as `unbounded`, no breakdown and no filters. A store gives back exactly what it was given.
  mode?: 'unbounded' | 'sequential';
  breakdown_by?: FunnelDimension;
  filters?: Filter[];
  created_at: Date;
  updated_at: Date;
}

/** One arm of a split test; its index in `variants` is the exposure's `variant` (0 is the control). */
export interface ExperimentVariant {
  label: string;
  changes: Change[];
  /** Redirect tests: where this variant sends visitors (absent for the control, which stays on `page`). */
  url?: string;
}

export interface ExperimentRecord {
  id: string;
  property_id: string;
  name: string;
  page: string;
  type: (typeof experimentTypes)[number];
  goal: (typeof goals)[number];
  goal_target: string | null;
  /** Only on a `goal` test: the goal `goal_target` names, as defined when the test was created (its figures never follow a later change). */
  goal_definition?: ExperimentGoal;
  auto_stop_days: number | null;
  status: (typeof experimentStatuses)[number];
  created_at: Date;
  stopped_at: Date | null;
  reason: string | null;
  variants: ExperimentVariant[];
  /** Only on an archived test: when it was archived (left out of the default list, still readable). */
  archived_at?: Date;
  /**
   * The one currency (ISO 4217) the test's revenue figures count, fixed when it was created; absent on a
   * test created before currencies were kept, or before its property had any payment: then
   * `experimentCurrency` says it (docs/decisions.md, "Split tests: revenue in one currency").
   */
  currency?: string;
}

/** A payment total in one currency (never added to another currency's). */
export interface CurrencyAmount { currency: string; amount: number }
/**
 * A variant's exposed sessions, those that reached the goal, and their revenue in the test's currency
 * (`ExperimentRecord.currency`; 0 without one); index = variant. `other_revenue`: the same sessions'
 * payments in every other currency, per currency, sorted by currency.
 */
export interface VariantFigures { sessions: number; conversions: number; revenue: number; other_revenue: CurrencyAmount[] }
/** New sessions and their conversions per variant by day of the test (0: its first 24 hours), days without any left out. */
export interface DailyVariantFigures { day: number; variant: number; sessions: number; conversions: number }
/** A test's counted sessions, and how many of them the one client address with the most sent (keyed hashes compared, never addresses). */
export interface ExperimentTraffic { sessions: number; top_client_sessions: number }

/** A bucket key as `bucketKey()` writes it, with the bucket's figures. */
export type Bucketed<T> = T & { bucket: string };

export interface Counts { sessions: number; page_views: number }
export type SegmentDimension = 'utm' | 'country' | 'device' | 'landing_page' | 'referrer' | 'browser' | 'os';
export interface SegmentRow extends Counts {
  dimension: SegmentDimension;
  /** utm: [source, medium, campaign]; otherwise one value. Null means unknown. */
  values: (string | null)[];
}
/** `avg_scroll_depth` is null when no scroll was reported on the page, `bounce_rate` when no session entered on it. */
export interface PageRow { path: string; page_views: number; unique_visitors: number; avg_scroll_depth: number | null; bounce_rate: number | null }
/**
 * A clicked element or form: per page (`page` set), or totalled over pages (`group: 'element'`: one
 * row per target and label, `page` null). `label` is the most common label sent for a page's row, the
 * row's own for an element's (null: none); `page_views` the page views, in the scope, of the row's
 * page, or of every page the element was used on.
 */
export interface InteractionRow { page: string | null; target: string; label: string | null; count: number; unique: number; page_views: number }
/** How `interactions` groups its rows (absent: per page and target). */
export type InteractionGrouping = 'element';
export interface InteractionOptions { limit: number; page?: string; source?: string; group?: InteractionGrouping }
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
export interface FunnelRow { value: string | null; reached: number[] }
/** A path as the store sees it: pages from the first step on, with each page's step mask. */
export interface FunnelPathRow { pages: string[]; masks: number[]; ended: boolean; sessions: number }

/**
 * A goal (docs/decisions.md "Goals"): `page` is the pattern of a page goal, or narrows a click or form
 * goal to matching pages; `event` names a custom event; `target` a clicked element or a form;
 * `source` a form's source. Fields a kind does not use are null.
 */
export interface GoalRecord {
  id: string;
  property_id: string;
  name: string;
  kind: GoalKind;
  page: string | null;
  event: string | null;
  target: string | null;
  source: string | null;
  created_at: Date;
}
/** A goal's name and definition, without its id, property and time: what a `goal` split test keeps of it. */
export type ExperimentGoal = Pick<GoalRecord, 'name' | 'kind' | 'page' | 'event' | 'target' | 'source'>;
/** One goal's figures in a scope: converting visitors, matching events, and converting sessions' revenue per currency. */
export interface GoalFigures {
  visitors: number;
  conversions: number;
  revenue: { currency: string; amount: number }[];
}

/** The key elements of a page as a browser saw them (the tracker's `snapshot` event). */
export interface SnapshotRecord {
  property_id: string;
  path: string;
  ts: Date;
  elements: SnapshotElement[];
}

/** Everything the service needs from a store; DuckDB is the embedded default, ClickHouse the scale-out. */
export interface Store extends PropertyLifecycle {
  close(): Promise<void>;
  ping(): Promise<void>;

  /** `created_at` is now unless given (an import keeps the exported one). */
  createProperty(p: Omit<Property, 'created_at'> & { created_at?: Date }): Promise<Property>;
  listProperties(): Promise<Property[]>;
  getProperties(ids: string[]): Promise<Property[]>;

  createApiKey(k: ApiKeyRecord): Promise<void>;
  listApiKeys(): Promise<ApiKeyRecord[]>;
  findApiKeysByPrefix(prefix: string): Promise<ApiKeyRecord[]>;
  revokeApiKey(id: string, at: Date): Promise<boolean>;

  /** Stores a one-time sign-in token by its hash. */
  createSignInToken(hash: string, expiresAt: Date): Promise<void>;
  /** Marks the token used; false when it is unknown, used or expired at `now` (single use, atomic). */
  consumeSignInToken(hash: string, now: Date): Promise<boolean>;
  /** Stores an admin session by the hash of its id. */
  createAdminSession(hash: string, expiresAt: Date): Promise<void>;
  /** True when the session exists and has not expired at `now`. */
  adminSessionValid(hash: string, now: Date): Promise<boolean>;
  /** Deletes the session; false when there was none. */
  deleteAdminSession(hash: string): Promise<boolean>;

  /** Writes a batch in one transaction: all of it or none. */
  insertEvents(events: StoredEvent[]): Promise<void>;
  /** Writes every batch the source yields in one transaction: all of them or none. */
  importEvents(batches: AsyncIterable<StoredEvent[]>): Promise<number>;
  countEvents(propertyIds?: string[]): Promise<number>;
  /**
   * Every stored event, in batches read a page at a time (bounded memory at any size), for export.
   * Visitor, session and client ids come out as `k` + the 16 lower-case hex digits of their stored
   * 64-bit keys (the stores keep no original id): imported again, they group exactly as before.
   */
  exportEvents(): AsyncIterable<StoredEvent[]>;

  trafficTrend(s: BucketedScope): Promise<{ buckets: Bucketed<{ page_views: number; unique_visitors: number }>[]; page_views: number; unique_visitors: number }>;
  trafficSummary(s: Scope): Promise<{ page_views: number; unique_visitors: number; sessions: number; bounces: number; duration_seconds_total: number }>;
  realtime(propertyIds: string[], now: Date, filters?: Filter[], goals?: GoalRecord[]): Promise<{ active_visitors: number; feed: { page: string; referrer: string | null; device: string | null; country: string | null; timestamp: Date }[] }>;
  segments(s: Scope, limit: number): Promise<{ rows: SegmentRow[]; totals: Counts }>;
  entryExitPages(s: Scope, limit: number): Promise<{ entry: { path: string; sessions: number }[]; exit: { path: string; sessions: number }[]; sessions: number }>;
  pages(s: Scope, limit: number): Promise<PageRow[]>;
  pageDetails(s: Scope, page: string, limit: number): Promise<{ totals: Omit<PageRow, 'path'>; rows: (SegmentRow & { dimension: 'utm' | 'country' | 'device' })[] }>;
  interactions(s: BucketedScope, type: 'click' | 'form_submit', opts: InteractionOptions): Promise<InteractionReport>;
  funnel(q: FunnelQuery, limit: number): Promise<FunnelRow[]>;
  funnelPaths(q: FunnelQuery, maxNodes: number): Promise<FunnelPathRow[]>;
  /** Page sequences that follow `page` (consecutive repeats collapsed), with session counts. */
  pathsAfter(s: Scope, page: string, depth: number): Promise<{ pages: string[]; sessions: number }[]>;

  saveSnapshots(rows: SnapshotRecord[]): Promise<void>;
  /** The snapshot of a page most browsers sent in the week up to its newest (ties: the newest), or null when none came. */
  pageSnapshot(propertyId: string, path: string): Promise<SnapshotRecord | null>;
  /** Every stored snapshot, in batches, for export. */
  exportSnapshots(): AsyncIterable<SnapshotRecord[]>;

  /** Oldest first. */
  listGoals(propertyId: string): Promise<GoalRecord[]>;
  createGoal(g: GoalRecord): Promise<void>;
  /** False when the property has no such goal. */
  deleteGoal(propertyId: string, id: string): Promise<boolean>;
  /** Each goal's figures in the scope (filters included), in the order given. */
  goalFigures(s: Scope, goals: GoalRecord[]): Promise<GoalFigures[]>;

  listSavedFunnels(propertyId: string): Promise<SavedFunnelRecord[]>;
  getSavedFunnel(propertyId: string, id: string): Promise<SavedFunnelRecord | null>;
  saveFunnel(f: SavedFunnelRecord): Promise<void>;
  deleteSavedFunnel(propertyId: string, id: string): Promise<boolean>;

  /** Stores a new test as given (created_at included, so a test can begin in the past). */
  createExperiment(e: ExperimentRecord): Promise<void>;
  /** Newest first; `archived` true: only archived tests, false: none of them, absent: all. */
  listExperiments(propertyId: string, opts: { status?: ExperimentRecord['status']; limit: number; archived?: boolean }): Promise<ExperimentRecord[]>;
  /** The property's test, or null (also for another property's id). */
  getExperiment(propertyId: string, id: string): Promise<ExperimentRecord | null>;
  /** Changes the fields given, only while the test is active; null when it is unknown or complete. */
  updateExperiment(propertyId: string, id: string, changes: { name?: string; auto_stop_days?: number | null }): Promise<ExperimentRecord | null>;
  /** Completes an active test; null when it is unknown or already complete. */
  stopExperiment(propertyId: string, id: string, reason: string, at: Date): Promise<ExperimentRecord | null>;
  /** Archives (`at`) or restores (null) a complete test; null when it is unknown or still active. */
  archiveExperiment(propertyId: string, id: string, at: Date | null): Promise<ExperimentRecord | null>;
  /** Deletes a complete test for good; false when it is unknown or still active. */
  deleteExperiment(propertyId: string, id: string): Promise<boolean>;
  /** The property's running tests, oldest first. */
  activeExperiments(propertyId: string): Promise<ExperimentRecord[]>;
  /** Completes every active test (of one property, or all) whose auto_stop_days have passed at `now`; returns them. */
  autoStopExperiments(now: Date, propertyId?: string): Promise<ExperimentRecord[]>;
  /** Per-variant figures of a test, computed from its exposures and the goal's conversion rule. */
  experimentFigures(e: ExperimentRecord): Promise<VariantFigures[]>;
  /** The same figures by the day of the test each session was first exposed on, counted by the same rules. */
  experimentDailyFigures(e: ExperimentRecord): Promise<DailyVariantFigures[]>;
  /** How concentrated on one client address a test's counted sessions are, for the detail's traffic check. */
  experimentTraffic(e: ExperimentRecord): Promise<ExperimentTraffic>;
  /**
   * The currency a test without a stored one counts: of the property's non-bot payments in the 30 days
   * before `created_at`, the currency of most (ties: the first in byte order); without any, that of its
   * first payment from `created_at` on (up to `stopped_at` for a complete test); null without either.
   */
  experimentCurrency(e: ExperimentRecord): Promise<string | null>;
}

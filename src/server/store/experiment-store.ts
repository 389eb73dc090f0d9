import type { Change, experimentStatuses, experimentTypes, goals, metricRoles } from '../../contract/experiments.js';
import type { GoalRecord } from './goal-store.js';

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
  /** The plan's settings the test was created with; absent: the defaults (decision's 10% and 7 days). */
  plan_settings?: PlanSettings;
  /** The test's more metrics (secondary and guardrail), in the order it was given them; absent: none. */
  metrics?: ExperimentMetric[];
}
/** One more metric of a test: a goal counted as a test's own goal is, and what it is for. */
export interface ExperimentMetric {
  goal: (typeof goals)[number];
  goal_target: string | null;
  role: (typeof metricRoles)[number];
  /** Only for the `goal` goal: the property goal as defined when the test was created. */
  goal_definition?: ExperimentGoal;
}
/** The test as if `m` were its goal: what the stores' figure queries read to count a metric. */
export const measuredBy = (e: ExperimentRecord, m: ExperimentMetric): ExperimentRecord => {
  const { metrics: _all, goal_definition: _own, ...test } = e;
  return {
    ...test,
    goal: m.goal,
    goal_target: m.goal_target,
    ...(m.goal_definition ? { goal_definition: m.goal_definition } : {}),
  };
};
/** A test's own plan settings (createExperimentBody's `minimum_detectable_effect` and `min_days`). */
export interface PlanSettings {
  minimum_detectable_effect?: number;
  min_days?: number;
}

/** A payment total in one currency (never added to another currency's). */
export interface CurrencyAmount {
  currency: string;
  amount: number;
}
/**
 * A variant's exposed sessions, those that reached the goal, and their revenue in the test's currency
 * (`ExperimentRecord.currency`; 0 without one); index = variant. `other_revenue`: the same sessions'
 * payments in every other currency, per currency, sorted by currency.
 */
export interface VariantFigures {
  sessions: number;
  conversions: number;
  revenue: number;
  other_revenue: CurrencyAmount[];
}
/**
 * A variant's figures with the visitor as the unit (docs/experiments.md, "Visitors"): the distinct
 * visitors whose first counted exposure was to it, those who reached the goal in any session from
 * then on, and for a continuous goal (revenue, session_time) the per-visitor values summed: raw, and
 * capped at the test's cap (the 99.5th percentile of the visitors' non-zero values, one for all
 * variants), with the capped values' squares for the variance.
 */
export interface VisitorFigures {
  visitors: number;
  converted_visitors: number;
  value: { sum: number; capped_sum: number; capped_sum_of_squares: number; cap: number | null } | null;
  /**
   * CUPED's covariates (engine/cuped.ts), summed: x, the same metric (capped alike) over each visitor's
   * sessions in the PRE_EXPOSURE_DAYS before its first exposure, and whether it had any (`with_history`),
   * with the cross sums against the metric y. Null where they were not asked for (the plan's baseline).
   */
  covariate: {
    with_history: number;
    x_sum: number;
    x_sum_of_squares: number;
    xy_sum: number;
    hy_sum: number;
  } | null;
}
/** How far back a visitor's history before its first exposure counts for CUPED (the contract says it, for the dashboard's words). */
export { PRE_EXPOSURE_DAYS } from '../../contract/experiment-decision.js';
/** The days before a test began whose visitors of its page make the plan's baseline. */
export const BASELINE_DAYS = 28;
/**
 * The test as it would have read over the BASELINE_DAYS before it began, everyone in the control:
 * what `experimentVisitorFigures(…, { baseline: true })` counts, each visitor from its first view of
 * the test's page (there were no exposures yet).
 */
export function baselineWindow(e: ExperimentRecord): ExperimentRecord {
  return { ...e, created_at: new Date(e.created_at.getTime() - BASELINE_DAYS * 86_400_000), stopped_at: e.created_at };
}

/** A variant's row of either store's visitor figures query (sums over no rows may be NULL). */
export interface VisitorFiguresRow {
  variant: number;
  visitors: number;
  converted_visitors: number;
  value_sum: number | null;
  capped_sum: number | null;
  capped_sum_of_squares: number | null;
  cap: number | null;
  with_history?: number | null;
  x_sum?: number | null;
  x_sum_of_squares?: number | null;
  xy_sum?: number | null;
  hy_sum?: number | null;
}
/** Each variant's VisitorFigures, in variant order, from the rows of the variants that had visitors. */
export function visitorFiguresFrom(
  variants: number,
  rows: VisitorFiguresRow[],
  continuous: boolean,
  covariate: boolean,
): VisitorFigures[] {
  return Array.from({ length: variants }, (_, i) => {
    const r = rows.find((row) => Number(row.variant) === i);
    const n = (v: number | null | undefined) => Number(v ?? 0);
    return {
      visitors: n(r?.visitors),
      converted_visitors: n(r?.converted_visitors),
      value: continuous
        ? {
            sum: n(r?.value_sum),
            capped_sum: n(r?.capped_sum),
            capped_sum_of_squares: n(r?.capped_sum_of_squares),
            cap: r?.cap === null || r?.cap === undefined ? null : Number(r.cap),
          }
        : null,
      covariate: covariate
        ? {
            with_history: n(r?.with_history),
            x_sum: n(r?.x_sum),
            x_sum_of_squares: n(r?.x_sum_of_squares),
            xy_sum: n(r?.xy_sum),
            hy_sum: n(r?.hy_sum),
          }
        : null,
    };
  });
}

/** The share of non-zero per-visitor values below the cap a continuous goal is compared with. */
export const VALUE_CAP_PERCENTILE = 0.995;

/** New visitors and those of them who converted, per variant by day of the test (0: its first 24 hours). */
export interface DailyVisitorFigures {
  day: number;
  variant: number;
  visitors: number;
  converted_visitors: number;
}
/** New sessions and their conversions per variant by day of the test (0: its first 24 hours), days without any left out. */
export interface DailyVariantFigures {
  day: number;
  variant: number;
  sessions: number;
  conversions: number;
}
/** An address (its keyed hash) that sent at least this many of a test's counted sessions is a heavy one… */
export const HEAVY_CLIENT_SESSIONS = 10;
/**
 * …and at least this many within one 10-minute window makes a burst. Windows on two grids, the
 * second offset by 5 minutes, the larger count per address kept: a burst within any 5 minutes then
 * always falls whole into one window, wherever the clock's boundaries lie.
 */
export const BURST_SESSIONS = 20;

/**
 * How a test's counted sessions spread over client addresses (keyed hashes compared, never
 * addresses): how many there are, from how many addresses, the most from one, and the sessions from
 * heavy addresses and in bursts (the constants above).
 */
export interface ExperimentTraffic {
  sessions: number;
  addresses: number;
  top_client_sessions: number;
  heavy_client_sessions: number;
  burst_sessions: number;
}
/** A traffic row as either store returns it (sums over no rows are NULL). */
export function trafficFrom(
  row: Partial<Record<keyof ExperimentTraffic, number | bigint | null>> | undefined,
): ExperimentTraffic {
  const n = (v: number | bigint | null | undefined) => Number(v ?? 0);
  return {
    sessions: n(row?.sessions),
    addresses: n(row?.addresses),
    top_client_sessions: n(row?.top_client_sessions),
    heavy_client_sessions: n(row?.heavy_client_sessions),
    burst_sessions: n(row?.burst_sessions),
  };
}

/** A goal's name and definition, without its id, property and time: what a `goal` split test keeps of it. */
export type ExperimentGoal = Pick<GoalRecord, 'name' | 'kind' | 'page' | 'event' | 'target' | 'source'>;

/** Split tests: their lifecycle, and the figures computed from their exposures. */
export interface ExperimentStore {
  /** Stores a new test as given (created_at included, so a test can begin in the past). */
  createExperiment(e: ExperimentRecord): Promise<void>;
  /** Newest first; `archived` true: only archived tests, false: none of them, absent: all. */
  listExperiments(
    propertyId: string,
    opts: { status?: ExperimentRecord['status']; limit: number; archived?: boolean },
  ): Promise<ExperimentRecord[]>;
  /** The property's test, or null (also for another property's id). */
  getExperiment(propertyId: string, id: string): Promise<ExperimentRecord | null>;
  /** Changes the fields given, only while the test is active; null when it is unknown or complete. */
  updateExperiment(
    propertyId: string,
    id: string,
    changes: { name?: string; auto_stop_days?: number | null },
  ): Promise<ExperimentRecord | null>;
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
  /** The figures with the visitor as the unit, in variant order. */
  experimentVisitorFigures(e: ExperimentRecord): Promise<VisitorFigures[]>;
  /**
   * The control's figures as the test's page and goal gave them in the BASELINE_DAYS before the test
   * began (baselineWindow), each visitor counted from its first view of the page: the plan's baseline.
   */
  experimentBaseline(e: ExperimentRecord): Promise<VisitorFigures>;
  /** The visitor figures by the day of the test each visitor was first exposed on, counted by the same rules. */
  experimentDailyVisitorFigures(e: ExperimentRecord): Promise<DailyVisitorFigures[]>;
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

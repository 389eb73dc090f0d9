import type { ExperimentRecord } from '../store.js';
import { query, ts, type Database, type Params } from './database.js';
import { experimentDailyFigures, experimentFigures, experimentTraffic } from './experiment-figures.js';
import { experimentCurrency } from './experiment-revenue.js';
import { experimentDailyVisitorFigures, experimentVisitorFigures } from './experiment-visitor-figures.js';
import { tableOnFirstUse } from './table-on-first-use.js';
import { baselineWindow } from '../experiment-store.js';

/**
 * Created here rather than in schema.ts (being reworked separately): once per store, at first use.
 * Variants are kept as JSON: they are written once and only ever read whole.
 */
const createTableSql = `
CREATE TABLE IF NOT EXISTS experiments (
  id VARCHAR PRIMARY KEY,
  property_id VARCHAR NOT NULL,
  name VARCHAR NOT NULL,
  page VARCHAR NOT NULL,
  type VARCHAR NOT NULL,
  goal VARCHAR NOT NULL,
  goal_target VARCHAR,
  auto_stop_days INTEGER,
  status VARCHAR NOT NULL,
  created_at TIMESTAMP NOT NULL,
  stopped_at TIMESTAMP,
  reason VARCHAR,
  variants VARCHAR NOT NULL
);
-- A goal test's goal as JSON (ExperimentGoal), NULL for the other goals; added in place on older stores.
ALTER TABLE experiments ADD COLUMN IF NOT EXISTS goal_definition VARCHAR;
-- When the test was archived, NULL while it is not; added in place on older stores.
ALTER TABLE experiments ADD COLUMN IF NOT EXISTS archived_at TIMESTAMP;
-- The currency the revenue figures count (ISO 4217), NULL on tests made before it was kept; added in place.
ALTER TABLE experiments ADD COLUMN IF NOT EXISTS currency VARCHAR;
-- The test's own plan settings as JSON (PlanSettings), NULL for the defaults; added in place.
ALTER TABLE experiments ADD COLUMN IF NOT EXISTS plan_settings VARCHAR;
-- The test's more metrics as JSON (ExperimentMetric[]), NULL when it has none; added in place.
ALTER TABLE experiments ADD COLUMN IF NOT EXISTS metrics VARCHAR`;

type Row = Omit<
  ExperimentRecord,
  'variants' | 'goal_definition' | 'archived_at' | 'currency' | 'plan_settings' | 'metrics'
> & {
  variants: string;
  goal_definition: string | null;
  archived_at: Date | null;
  currency: string | null;
  plan_settings: string | null;
  metrics: string | null;
};
// Only a goal test carries goal_definition, only an archived one archived_at and only one with a stored
// currency that, so every other test reads back exactly as before.
const fromRow = ({ goal_definition, archived_at, currency, plan_settings, metrics, ...r }: Row): ExperimentRecord => ({
  ...r,
  variants: JSON.parse(r.variants),
  ...(goal_definition === null ? {} : { goal_definition: JSON.parse(goal_definition) }),
  ...(archived_at === null ? {} : { archived_at }),
  ...(currency === null ? {} : { currency }),
  ...(plan_settings === null ? {} : { plan_settings: JSON.parse(plan_settings) }),
  ...(metrics === null ? {} : { metrics: JSON.parse(metrics) }),
});
const archivedFilter = (archived: boolean | undefined) =>
  archived === undefined ? '' : ` AND archived_at IS ${archived ? 'NOT ' : ''}NULL`;

/** Active tests whose time is up; `created_at + auto_stop_days` is also their `stopped_at`. */
const due = (scoped: boolean) =>
  `status = 'active' AND auto_stop_days IS NOT NULL AND created_at + to_days(auto_stop_days) <= $now::TIMESTAMP${scoped ? ' AND property_id = $p' : ''}`;

/** Split tests: a small table, written through the writer connection, read on the readers. */
export function experimentQueries(db: Database) {
  const table = tableOnFirstUse(db, createTableSql);
  const read = async (sql: string, params: Params) => {
    await table();
    return (await db.all<Row>(sql, params)).map(fromRow);
  };
  /** A write whose statement ends in `RETURNING *` (an INSERT answers a count instead). */
  const write = async (sql: string, params: Params, returning = true) => {
    await table();
    const rows = await db.transaction((conn) => query<Row>(conn, sql, params));
    return returning ? rows.map(fromRow) : [];
  };

  async function getExperiment(propertyId: string, id: string): Promise<ExperimentRecord | null> {
    const [row] = await read('SELECT * FROM experiments WHERE property_id = $p AND id = $id', { p: propertyId, id });
    return row ?? null;
  }

  return {
    getExperiment,
    async createExperiment(e: ExperimentRecord): Promise<void> {
      await write(
        `INSERT INTO experiments (id, property_id, name, page, type, goal, goal_target, auto_stop_days, status, created_at, stopped_at, reason,
          variants, goal_definition, archived_at, currency, plan_settings, metrics)
         VALUES ($id, $p, $name, $page, $type, $goal, $target, $days::INTEGER, $status,
          $created::TIMESTAMP, $stopped::TIMESTAMP, $reason, $variants, $goal_definition, $archived::TIMESTAMP, $currency, $plan, $metrics)`,
        {
          id: e.id,
          p: e.property_id,
          name: e.name,
          page: e.page,
          type: e.type,
          goal: e.goal,
          target: e.goal_target,
          days: e.auto_stop_days,
          status: e.status,
          created: ts(e.created_at),
          stopped: e.stopped_at && ts(e.stopped_at),
          reason: e.reason,
          variants: JSON.stringify(e.variants),
          goal_definition: e.goal_definition ? JSON.stringify(e.goal_definition) : null,
          archived: e.archived_at ? ts(e.archived_at) : null,
          currency: e.currency ?? null,
          plan: e.plan_settings ? JSON.stringify(e.plan_settings) : null,
          metrics: e.metrics?.length ? JSON.stringify(e.metrics) : null,
        },
        false,
      );
    },
    listExperiments(
      propertyId: string,
      opts: { status?: ExperimentRecord['status']; limit: number; archived?: boolean },
    ) {
      const params: Params = { p: propertyId, limit: opts.limit };
      if (opts.status) params.status = opts.status;
      return read(
        `SELECT * FROM experiments WHERE property_id = $p${opts.status ? ' AND status = $status' : ''}${archivedFilter(opts.archived)}
         ORDER BY created_at DESC, id DESC LIMIT $limit`,
        params,
      );
    },
    async updateExperiment(propertyId: string, id: string, changes: { name?: string; auto_stop_days?: number | null }) {
      const params: Params = { p: propertyId, id };
      const sets: string[] = [];
      if (changes.name !== undefined) {
        sets.push('name = $name');
        params.name = changes.name;
      }
      if (changes.auto_stop_days !== undefined) {
        sets.push('auto_stop_days = $days::INTEGER');
        params.days = changes.auto_stop_days;
      }
      if (sets.length === 0) return getExperiment(propertyId, id).then((e) => (e?.status === 'active' ? e : null));
      const [row] = await write(
        `UPDATE experiments SET ${sets.join(', ')} WHERE property_id = $p AND id = $id AND status = 'active' RETURNING *`,
        params,
      );
      return row ?? null;
    },
    async stopExperiment(propertyId: string, id: string, reason: string, at: Date): Promise<ExperimentRecord | null> {
      const [row] = await write(
        `UPDATE experiments SET status = 'complete', stopped_at = $at::TIMESTAMP, reason = $reason
         WHERE property_id = $p AND id = $id AND status = 'active' RETURNING *`,
        { p: propertyId, id, reason, at: ts(at) },
      );
      return row ?? null;
    },
    async archiveExperiment(propertyId: string, id: string, at: Date | null): Promise<ExperimentRecord | null> {
      // Archiving again keeps the first stamp: the test has been archived since then.
      const [row] = await write(
        `UPDATE experiments SET archived_at = ${at ? 'coalesce(archived_at, $at::TIMESTAMP)' : 'NULL'}
         WHERE property_id = $p AND id = $id AND status = 'complete' RETURNING *`,
        { p: propertyId, id, ...(at ? { at: ts(at) } : {}) },
      );
      return row ?? null;
    },
    async deleteExperiment(propertyId: string, id: string): Promise<boolean> {
      const rows = await write(
        `DELETE FROM experiments WHERE property_id = $p AND id = $id AND status = 'complete' RETURNING *`,
        { p: propertyId, id },
      );
      return rows.length > 0;
    },
    activeExperiments: (propertyId: string) =>
      read(`SELECT * FROM experiments WHERE property_id = $p AND status = 'active' ORDER BY created_at, id`, {
        p: propertyId,
      }),
    async autoStopExperiments(now: Date, propertyId?: string): Promise<ExperimentRecord[]> {
      const params: Params = { now: ts(now) };
      if (propertyId !== undefined) params.p = propertyId;
      // Checked on every read of a property's tests: look on a reader first so the writer (which
      // ingestion shares) is only taken when something is actually due.
      const [found] = await read(`SELECT * FROM experiments WHERE ${due(propertyId !== undefined)} LIMIT 1`, params);
      if (!found) return [];
      return write(
        `UPDATE experiments SET status = 'complete', stopped_at = created_at + to_days(auto_stop_days), reason = 'auto_stop'
         WHERE ${due(propertyId !== undefined)} RETURNING *`,
        params,
      );
    },
    experimentFigures: (e: ExperimentRecord) => experimentFigures(db, e),
    experimentTraffic: (e: ExperimentRecord) => experimentTraffic(db, e),
    experimentVisitorFigures: (e: ExperimentRecord) => experimentVisitorFigures(db, e),
    experimentDailyVisitorFigures: (e: ExperimentRecord) => experimentDailyVisitorFigures(db, e),
    experimentBaseline: async (e: ExperimentRecord) =>
      (await experimentVisitorFigures(db, baselineWindow(e), { baseline: true }))[0],
    experimentDailyFigures: (e: ExperimentRecord) => experimentDailyFigures(db, e),
    experimentCurrency: (e: ExperimentRecord) => experimentCurrency(db, e),
  };
}

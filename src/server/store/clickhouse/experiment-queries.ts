import type { ExperimentRecord, Store } from '../store.js';
import { dateOf, type ChDb, type ChParams } from './clickhouse-db.js';
import { experimentDailyFigures, experimentFigures, experimentTraffic } from './experiment-figures.js';
import { experimentDailyVisitorFigures, experimentVisitorFigures } from './experiment-visitor-figures.js';
import { baselineWindow } from '../experiment-store.js';
import { experimentCurrency } from './experiment-revenue.js';
import { claimStops, firstStopSql } from './experiment-stops.js';
import { DELETED_VERSION, nextVersion } from './row-versions.js';
import { chTime } from './sql-fragments.js';

const DAY_MS = 86_400_000;

type Row = Omit<
  ExperimentRecord,
  | 'created_at'
  | 'stopped_at'
  | 'variants'
  | 'goal_definition'
  | 'archived_at'
  | 'currency'
  | 'plan_settings'
  | 'metrics'
> & {
  created_at: string;
  stopped_at: string | null;
  variants: string;
  goal_definition: string | null;
  archived_at: string | null;
  currency: string | null;
  plan_settings: string | null;
  metrics: string | null;
  version: number;
};

/** A record as stored, and the version it was read at (the next write must be above it). */
interface Current {
  record: ExperimentRecord;
  version: number;
}

const fromRow = ({ version, goal_definition, archived_at, currency, plan_settings, metrics, ...r }: Row): Current => ({
  record: {
    ...r,
    auto_stop_days: r.auto_stop_days === null ? null : Number(r.auto_stop_days),
    created_at: dateOf(r.created_at),
    stopped_at: r.stopped_at === null ? null : dateOf(r.stopped_at),
    variants: JSON.parse(r.variants),
    // Only a goal test carries it, so every other test reads back exactly as before.
    ...(goal_definition === null ? {} : { goal_definition: JSON.parse(goal_definition) }),
    ...(archived_at === null ? {} : { archived_at: dateOf(archived_at) }),
    ...(currency === null ? {} : { currency }),
    ...(plan_settings === null ? {} : { plan_settings: JSON.parse(plan_settings) }),
    ...(metrics === null ? {} : { metrics: JSON.parse(metrics) }),
  },
  version: Number(version),
});

/**
 * The tests as they are now: each one's newest record version unless it deletes the test, completed by
 * its earliest stop claim (experiment-stops.ts) unless the record itself was written complete (a test
 * imported as such). Binds `{p:String}` when `scoped`.
 */
function currentSql(scoped: boolean): string {
  const stopped = `r.status = 'active' AND c.claimed = 1`;
  return `(SELECT r.id AS id, r.property_id AS property_id, r.name AS name, r.page AS page, r.type AS type, r.goal AS goal,
      r.goal_target AS goal_target, r.auto_stop_days AS auto_stop_days, if(${stopped}, 'complete', r.status) AS status,
      r.created_at AS created_at, if(${stopped}, c.stop_at, r.stopped_at) AS stopped_at, if(${stopped}, c.stop_reason, r.reason) AS reason,
      r.variants AS variants, r.goal_definition AS goal_definition, r.archived_at AS archived_at, r.currency AS currency, r.plan_settings AS plan_settings,
      r.metrics AS metrics, r.version AS version
    FROM (SELECT * FROM experiments FINAL${scoped ? ' WHERE property_id = {p:String}' : ''}) AS r
    LEFT JOIN ${firstStopSql(scoped)} AS c ON c.property_id = r.property_id AND c.id = r.id
    WHERE r.deleted = 0)`;
}

/**
 * Split tests on ClickHouse: every change writes the whole record as a new version of a
 * ReplacingMergeTree (read with FINAL); stops are claims beside it, so servers sharing the database
 * agree on one stop (experiment-stops.ts). Same answers and orderings as the embedded store.
 */
export function experimentQueries(
  db: ChDb,
): Pick<
  Store,
  | 'createExperiment'
  | 'listExperiments'
  | 'getExperiment'
  | 'updateExperiment'
  | 'stopExperiment'
  | 'archiveExperiment'
  | 'deleteExperiment'
  | 'activeExperiments'
  | 'autoStopExperiments'
  | 'experimentFigures'
  | 'experimentTraffic'
  | 'experimentVisitorFigures'
  | 'experimentDailyVisitorFigures'
  | 'experimentBaseline'
  | 'experimentDailyFigures'
  | 'experimentCurrency'
> {
  const read = async (sql: string, params: ChParams) => (await db.all<Row>(sql, params)).map(fromRow);
  const write = (e: ExperimentRecord, version: number, deleted = false) =>
    db.insert('experiments', [
      {
        ...e,
        created_at: chTime(e.created_at),
        stopped_at: e.stopped_at && chTime(e.stopped_at),
        variants: JSON.stringify(e.variants),
        goal_definition: e.goal_definition ? JSON.stringify(e.goal_definition) : null,
        archived_at: e.archived_at ? chTime(e.archived_at) : null,
        currency: e.currency ?? null,
        plan_settings: e.plan_settings ? JSON.stringify(e.plan_settings) : null,
        metrics: e.metrics?.length ? JSON.stringify(e.metrics) : null,
        deleted: deleted ? 1 : 0,
        version,
      },
    ]);
  const current = async (propertyId: string, id: string): Promise<Current | null> => {
    const [found] = await read(`SELECT * FROM ${currentSql(true)} WHERE id = {id:String}`, { p: propertyId, id });
    return found ?? null;
  };
  const records = async (sql: string, params: ChParams) => (await read(sql, params)).map((c) => c.record);

  return {
    async createExperiment(e) {
      await write(e, nextVersion(null));
    },
    listExperiments(propertyId, opts) {
      const where = [
        ...(opts.status ? ['status = {status:String}'] : []),
        ...(opts.archived === undefined ? [] : [`archived_at IS ${opts.archived ? 'NOT ' : ''}NULL`]),
      ];
      return records(
        `SELECT * FROM ${currentSql(true)}${where.length ? ` WHERE ${where.join(' AND ')}` : ''}
         ORDER BY created_at DESC, id DESC LIMIT {limit:UInt32}`,
        { p: propertyId, limit: opts.limit, ...(opts.status ? { status: opts.status } : {}) },
      );
    },
    async getExperiment(propertyId, id) {
      return (await current(propertyId, id))?.record ?? null;
    },
    async updateExperiment(propertyId, id, changes) {
      const found = await current(propertyId, id);
      if (found?.record.status !== 'active') return null;
      if (changes.name === undefined && changes.auto_stop_days === undefined) return found.record;
      // A stop claimed between the read and this write still completes the test: stops are not in the record.
      const updated = {
        ...found.record,
        ...(changes.name !== undefined ? { name: changes.name } : {}),
        ...(changes.auto_stop_days !== undefined ? { auto_stop_days: changes.auto_stop_days } : {}),
      };
      await write(updated, nextVersion(found.version));
      return updated;
    },
    async stopExperiment(propertyId, id, reason, at) {
      const found = await current(propertyId, id);
      if (found?.record.status !== 'active') return null;
      const [stopped] = await claimStops(db, [{ record: found.record, reason, stoppedAt: at }]);
      return stopped ?? null;
    },
    // Only complete tests change here, and updates only touch active ones, so no update races these writes.
    async archiveExperiment(propertyId, id, at) {
      const found = await current(propertyId, id);
      if (found?.record.status !== 'complete') return null;
      const { archived_at: was, ...rest } = found.record;
      // Archiving again keeps the first stamp: the test has been archived since then.
      const stamp = at ? (was ?? at) : null;
      const changed: ExperimentRecord = stamp ? { ...rest, archived_at: stamp } : rest;
      if (stamp !== (was ?? null)) await write(changed, nextVersion(found.version));
      return changed;
    },
    async deleteExperiment(propertyId, id) {
      const found = await current(propertyId, id);
      if (found?.record.status !== 'complete') return false;
      await write(found.record, DELETED_VERSION, true);
      return true;
    },
    activeExperiments(propertyId) {
      return records(`SELECT * FROM ${currentSql(true)} WHERE status = 'active' ORDER BY created_at, id`, {
        p: propertyId,
      });
    },
    async autoStopExperiments(now, propertyId) {
      // Looked up first (reads settle on every call), claimed only when something is due.
      const due = await records(
        `SELECT * FROM ${currentSql(propertyId !== undefined)}
         WHERE status = 'active' AND auto_stop_days IS NOT NULL
           AND toUnixTimestamp64Milli(created_at) + auto_stop_days * ${DAY_MS} <= {now:Int64}
         ORDER BY created_at, id`,
        { now: now.getTime(), ...(propertyId !== undefined ? { p: propertyId } : {}) },
      );
      // Stopped when their days ran out, whoever notices: racing servers claim the same stopped_at.
      return claimStops(
        db,
        due.map((e) => ({
          record: e,
          reason: 'auto_stop',
          stoppedAt: new Date(e.created_at.getTime() + e.auto_stop_days! * DAY_MS),
        })),
      );
    },
    experimentFigures: (e) => experimentFigures(db, e),
    experimentTraffic: (e) => experimentTraffic(db, e),
    experimentVisitorFigures: (e) => experimentVisitorFigures(db, e),
    experimentDailyVisitorFigures: (e) => experimentDailyVisitorFigures(db, e),
    experimentBaseline: async (e) => (await experimentVisitorFigures(db, baselineWindow(e), { baseline: true }))[0],
    experimentDailyFigures: (e) => experimentDailyFigures(db, e),
    experimentCurrency: (e) => experimentCurrency(db, e),
  };
}

import type { GoalKind } from '../../../contract/goals.js';
import type { GoalRecord, Store } from '../store.js';
import { dateOf, type ChDb } from './clickhouse-db.js';
import { goalFigures } from './goal-figures.js';
import { DELETED_VERSION, nextVersion } from './row-versions.js';
import { chTime } from './sql-fragments.js';

/**
 * Goals on ClickHouse: a small ReplacingMergeTree table (table-specs.ts `goalsTable`) read with FINAL, so
 * every server sees a goal, or its delete, as soon as it is written.
 */
export function goalQueries(db: ChDb): Pick<Store, 'listGoals' | 'createGoal' | 'deleteGoal' | 'goalFigures'> {
  const goals = async (where: string, params: Record<string, unknown>) =>
    (
      await db.all<GoalRow>(`SELECT ${GOAL_COLUMNS} FROM goals FINAL ${where} ORDER BY created_at, seq, id`, params)
    ).map(toGoal);

  return {
    listGoals: (propertyId) => goals('WHERE property_id = {p:String}', { p: propertyId }),
    async createGoal(g) {
      await db.insert('goals', [{ ...goalRow(g), seq: nextSeq(), version: nextVersion(null), is_deleted: 0 }]);
    },
    async deleteGoal(propertyId, id) {
      const [goal] = await db.all<GoalRow & { seq: number }>(
        `SELECT ${GOAL_COLUMNS}, seq FROM goals FINAL WHERE property_id = {p:String} AND id = {id:String}`,
        { p: propertyId, id },
      );
      if (!goal) return false;
      // The delete outranks every other version of the row: FINAL hides the goal from then on.
      // Two servers deleting it at once may both answer true; it is gone either way.
      await db.insert('goals', [{ ...goal, version: DELETED_VERSION, is_deleted: 1 }]);
      return true;
    },
    goalFigures: (s, list) => goalFigures(db, s, list),
  };
}

/** Above every seq this server wrote before, and otherwise its clock (ms × 1024), so a restart keeps rising. */
let lastSeq = 0;
const nextSeq = () => (lastSeq = Math.max(lastSeq + 1, Date.now() * 1024));

const GOAL_COLUMNS = 'id, property_id, name, kind, page, event, target, source, created_at';

interface GoalRow extends Omit<GoalRecord, 'created_at'> {
  created_at: string;
}

const goalRow = (g: GoalRecord) => ({
  id: g.id,
  property_id: g.property_id,
  name: g.name,
  kind: g.kind,
  page: g.page,
  event: g.event,
  target: g.target,
  source: g.source,
  created_at: chTime(g.created_at),
});

const toGoal = (r: GoalRow): GoalRecord => ({ ...r, kind: r.kind as GoalKind, created_at: dateOf(r.created_at) });

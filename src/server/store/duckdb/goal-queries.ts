import type { GoalRecord, Store } from '../store.js';
import { query, ts, type Database } from './database.js';
import { goalFigures } from './goal-figures.js';

/** Goals: a small table written through the writer connection, and their figures (goal-figures.ts). */
export function goalQueries(db: Database): Pick<Store, 'listGoals' | 'createGoal' | 'deleteGoal' | 'goalFigures'> {
  return {
    listGoals: (propertyId) =>
      db.all<GoalRecord>(
        'SELECT id, property_id, name, kind, page, event, target, source, created_at FROM goals WHERE property_id = $p ORDER BY created_at, seq',
        { p: propertyId },
      ),
    async createGoal(g) {
      await db.transaction((conn) =>
        query(
          conn,
          `INSERT INTO goals (id, property_id, name, kind, page, event, target, source, created_at)
           VALUES ($id, $p, $name, $kind, $page, $event, $target, $source, $created::TIMESTAMP)`,
          {
            id: g.id,
            p: g.property_id,
            name: g.name,
            kind: g.kind,
            page: g.page,
            event: g.event,
            target: g.target,
            source: g.source,
            created: ts(g.created_at),
          },
        ),
      );
    },
    async deleteGoal(propertyId, id) {
      const rows = await db.transaction((conn) =>
        query(conn, 'DELETE FROM goals WHERE property_id = $p AND id = $id RETURNING id', { p: propertyId, id }),
      );
      return rows.length > 0;
    },
    goalFigures: (s, goals) => goalFigures(db, s, goals),
  };
}

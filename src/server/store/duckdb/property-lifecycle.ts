import type { Property } from '../store.js';
import { RECENT_EVENTS_MS, type PropertyLifecycle } from '../property-lifecycle.js';
import { query, ts, type Database } from './database.js';

/** Ids of deleted properties, kept so an id is never given twice (property-lifecycle.ts). */
export const deletedPropertiesSchemaSql = `
CREATE TABLE IF NOT EXISTS deleted_properties (id VARCHAR PRIMARY KEY, deleted_at TIMESTAMP NOT NULL);`;

export function propertyLifecycle(db: Database): PropertyLifecycle {
  return {
    async updateProperty(id, changes) {
      const [row] = await db.transaction((conn) =>
        query<Property>(
          conn,
          // A field left out keeps its value; domain may be set to NULL, so "given" is passed apart from the value.
          `UPDATE properties SET name = coalesce($name, name), timezone = coalesce($zone, timezone),
             domain = CASE WHEN $setDomain THEN $domain ELSE domain END
           WHERE id = $id RETURNING *`,
          {
            id,
            name: changes.name ?? null,
            zone: changes.timezone ?? null,
            setDomain: changes.domain !== undefined,
            domain: changes.domain ?? null,
          },
        ),
      );
      return row ?? null;
    },
    async deleteProperty(id) {
      return db.transaction(async (conn) => {
        const gone = await query(conn, 'DELETE FROM properties WHERE id = $id RETURNING id', { id });
        if (gone.length === 0) return false;
        await query(conn, 'INSERT INTO deleted_properties VALUES ($id, $at::TIMESTAMP) ON CONFLICT DO NOTHING', {
          id,
          at: ts(new Date()),
        });
        return true;
      });
    },
    async propertyIdUsed(id) {
      const [row] = await db.all<{ used: boolean }>(
        'SELECT EXISTS (SELECT 1 FROM properties WHERE id = $id) OR EXISTS (SELECT 1 FROM deleted_properties WHERE id = $id) AS used',
        { id },
      );
      return row.used;
    },
    async lastEventAt(propertyId, now) {
      // Events are appended as they arrive, so the bound on ts lets DuckDB skip every row group but the
      // last few (about 1 ms at 10M events); max over the property's sessions is about 35 ms there.
      const [recent] = await db.all<{ at: Date | null }>(
        'SELECT max(ts) AS at FROM events WHERE property_id = $p AND ts >= $since::TIMESTAMP',
        {
          p: propertyId,
          since: ts(new Date(now.getTime() - RECENT_EVENTS_MS)),
        },
      );
      if (recent.at) return recent.at;
      const [any] = await db.all<{ at: Date | null }>(
        'SELECT max(last_ts) AS at FROM sessions WHERE property_id = $p',
        { p: propertyId },
      );
      return any.at ?? null;
    },
  };
}

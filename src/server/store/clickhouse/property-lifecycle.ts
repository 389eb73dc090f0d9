import { randomUUID } from 'node:crypto';
import type { Property } from '../store.js';
import { RECENT_EVENTS_MS, type PropertyLifecycle } from '../property-lifecycle.js';
import { dateOf, type ChDb } from './clickhouse-db.js';
import { chTime } from './sql-fragments.js';

/**
 * `properties` is a ReplacingMergeTree without a version or delete column, and adding one would need
 * a migration of every database: an edit writes the row again (the newest insert wins under FINAL),
 * and a delete writes it again with this time zone, which no live property can have (zones are
 * checked against the IANA list). The row stays, so the id is never given twice.
 */
export const DELETED_ZONE = '';
/** Reads of the properties' live rows: the newest version of each, deleted ones left out. */
export const liveProperties = `(SELECT id, name, domain, timezone, created_at FROM properties FINAL) WHERE timezone != '${DELETED_ZONE}'`;
/**
 * An edit may write back a row identical to an earlier one (a name changed and changed back), whose
 * block deduplication would drop: each write names itself with a token of its own instead.
 */
const keepEveryInsert = () => ({ insert_deduplicate: 0, insert_deduplication_token: randomUUID() });

interface PropertyRow {
  id: string;
  name: string;
  domain: string | null;
  timezone: string;
  created_at: string;
}
const toProperty = (r: PropertyRow): Property => ({ ...r, created_at: dateOf(r.created_at) });

export function propertyLifecycle(db: ChDb): PropertyLifecycle {
  const live = async (id: string) => {
    const [row] = await db.all<PropertyRow>(`SELECT * FROM ${liveProperties} AND id = {id:String}`, { id });
    return row ? toProperty(row) : null;
  };
  const write = (p: Property) =>
    db.insert(
      'properties',
      [{ id: p.id, name: p.name, domain: p.domain, timezone: p.timezone, created_at: chTime(p.created_at) }],
      undefined,
      keepEveryInsert(),
    );

  return {
    async updateProperty(id, changes) {
      const current = await live(id);
      if (!current) return null;
      const next = { ...current, ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) };
      await write(next);
      return next;
    },
    async deleteProperty(id) {
      const current = await live(id);
      if (!current) return false;
      await write({ ...current, timezone: DELETED_ZONE });
      return true;
    },
    async propertyIdUsed(id) {
      const [row] = await db.all<{ n: number }>('SELECT count() AS n FROM properties WHERE id = {id:String}', { id });
      return Number(row.n) > 0;
    },
    async lastEventAt(propertyId, now) {
      // The events' order key starts (property_id, toDate(ts)): the day bound reads a day or two of
      // granules; the sessions' max reads one column of the property's partials, only for a property
      // quiet for a day.
      const since = chTime(new Date(now.getTime() - RECENT_EVENTS_MS));
      const [recent] = await db.all<{ at: string | null }>(
        `SELECT if(count() = 0, NULL, max(ts)) AS at FROM events
         WHERE property_id = {p:String} AND toDate(ts) >= toDate({since:DateTime64(3, 'UTC')}) AND ts >= {since:DateTime64(3, 'UTC')}`,
        { p: propertyId, since },
      );
      if (recent?.at) return dateOf(recent.at);
      const [any] = await db.all<{ at: string | null }>(
        'SELECT if(count() = 0, NULL, max(last_ts)) AS at FROM sessions WHERE property_id = {p:String}',
        { p: propertyId },
      );
      return any?.at ? dateOf(any.at) : null;
    },
  };
}

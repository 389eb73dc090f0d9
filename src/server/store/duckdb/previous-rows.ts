/**
 * A row's `previous_ts`: the instant of the previous row with the same key in its table (NO_EARLIER
 * for the key's first), so "distinct keys in a range" becomes "rows in the range whose previous row
 * lies before it": a filtered count in the scan a report makes anyway, instead of a set per group.
 * Used for the sessions of the clicks and forms trends (interaction-openings.ts) and the visitors of
 * each page (page-queries.ts). NULL until the background pass links the row; the pass relinks every
 * row of a key that has an unlinked one, as a row arriving late changes its successor's previous
 * instant. Readers treat keys with an unlinked row in the range apart, so answers are exact at every
 * moment: a late row outside the range changes only whether rows before the range's start precede
 * a row inside it, which they do either way.
 */
export interface PreviousKey {
  table: string;
  key: string[];
}

export const previousKeys = {
  /** Sessions are (property, key), as the sessions table keys them; clicks and forms apart. */
  interactionSessions: { table: 'compact_interactions', key: ['property_id', 'session_key', 'is_form'] },
  /** A visitor's number is the store's (one across properties), so per property: a single property's page visitors. */
  pageVisitors: { table: 'compact_page_views', key: ['property_id', 'visitor_no', 'path_no'] },
} satisfies Record<string, PreviousKey>;

/** Before every instant a row can have: a key's first row has no previous one. */
const NO_EARLIER = `TIMESTAMP '1970-01-01 00:00:00'`;

export const previousRowsSchemaSql = `
ALTER TABLE compact_interactions ADD COLUMN IF NOT EXISTS previous_ts TIMESTAMP;
ALTER TABLE compact_page_views ADD COLUMN IF NOT EXISTS previous_ts TIMESTAMP;`;

/** The background pass's part (the whole table the first time, for rows written before the column). */
export function linkPreviousRowsSql({ table, key }: PreviousKey): string {
  const keys = key.join(', ');
  return `
UPDATE ${table} SET previous_ts = p.previous_ts
FROM (
  SELECT rid, coalesce(lag(ts) OVER (PARTITION BY ${keys} ORDER BY ts, rid), ${NO_EARLIER}) AS previous_ts
  FROM (SELECT rowid AS rid, ${keys}, ts FROM ${table}) c
  SEMI JOIN (SELECT DISTINCT ${keys} FROM ${table} WHERE previous_ts IS NULL) f USING (${keys})) p
WHERE ${table}.rowid = p.rid AND ${table}.previous_ts IS DISTINCT FROM p.previous_ts`;
}

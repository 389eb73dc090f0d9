import { query, type Database, type Params } from './database.js';

type Db = Pick<Database, 'all'>;

/**
 * Sessions numbered densely (`sessions.session_no`, given when a session is first written), so the
 * distinct sessions of clicks and form submissions are counted as bitstrings, as visitors are
 * (visitor-sets.ts): count(DISTINCT session_key) over the 1.9M clicks of a 30-day range at 10M events
 * cost 270 ms of CPU per trend and 140 more for the total. Interaction rows get their session's
 * number in the background (`compact_interactions.session_no`, NULL until then); a report looks up
 * the few rows written since, so answers are exact at every moment.
 */
export const sessionNumbersSchemaSql = `
CREATE SEQUENCE IF NOT EXISTS session_no_seq START 1;`;

/**
 * The background pass's part: sessions of stores made before the numbers get theirs (table order,
 * which is about time order), then interaction rows take their session's. Joined on the key alone
 * with the property checked after (merge-sessions.ts: hashing the property's text costs more), and
 * only to the sessions whose last event is no earlier than the first row without a number (zone maps
 * skip the older ones); without such rows, not at all. As one UPDATE joined to every session, DuckDB
 * hashed them all at each pass. Runs on the writer, inside a transaction.
 */
export async function numberSessions(conn: Parameters<typeof query>[0]): Promise<void> {
  await conn.run(`UPDATE sessions SET session_no = nextval('session_no_seq') WHERE session_no IS NULL`);
  const [row] = await query(
    conn,
    'SELECT min(ts)::VARCHAR AS first FROM compact_interactions WHERE session_no IS NULL',
  );
  if (row?.first === null || row?.first === undefined) return;
  await query(
    conn,
    `UPDATE compact_interactions SET session_no = s.session_no
     FROM (SELECT property_id, session_key, session_no FROM sessions WHERE last_ts >= $first::TIMESTAMP) s
     WHERE compact_interactions.session_no IS NULL AND s.session_key = compact_interactions.session_key
       AND s.property_id = compact_interactions.property_id`,
    { first: String(row.first) },
  );
}

/**
 * `columns` of interaction rows matching `filter` (over `compact_interactions c`) with their
 * `session_no`: their own, or for rows not numbered yet their session's. Those sessions are found
 * through a semi join whose small side is the few fresh rows: a plain join built its hash table from
 * every stored session (170 ms at 1.9M) even when no row was fresh. `fresh` false (the bounds found
 * none) leaves that part out: under a session filter each part scans the matching sessions again.
 * Rows written since the bounds were read are then left out until the pass numbers them, as if the
 * report had been asked a moment earlier.
 */
export function numberedInteractionRows(filter: string, columns: string, fresh = true): string {
  const numbered = `SELECT ${columns}, c.session_no FROM compact_interactions c WHERE ${filter} AND c.session_no IS NOT NULL`;
  if (!fresh) return numbered;
  const freshRows = `SELECT ${columns}, c.session_key AS fresh_key, c.property_id AS fresh_property FROM compact_interactions c WHERE ${filter} AND c.session_no IS NULL`;
  return `${numbered}
    UNION ALL SELECT f.* EXCLUDE (fresh_key, fresh_property), s.session_no FROM (${freshRows}) f JOIN (
      SELECT property_id, session_key, session_no FROM sessions WHERE session_key IN (SELECT c.session_key FROM compact_interactions c WHERE ${filter} AND c.session_no IS NULL)
    ) s ON s.session_key = f.fresh_key AND s.property_id = f.fresh_property`;
}

/**
 * The bounds of the session numbers of the interaction rows matching `filter`, and whether some of
 * those rows are not numbered yet (`fresh`); null when there are no rows or a session has no number
 * yet (a store made before the numbers, until its first pass): the caller then counts session keys.
 */
export async function sessionNumberBounds(
  db: Db,
  filter: string,
  params: Params,
): Promise<{ lo: number; hi: number; fresh: boolean } | null> {
  const [b] = await db.all<{ lo: number | null; hi: number | null; missing: boolean; fresh: boolean | null }>(
    `SELECT min(session_no) AS lo, max(session_no) AS hi, count(*) > count(session_no) AS missing, bool_or(fresh) AS fresh
     FROM (${numberedInteractionRows(filter, 'c.session_no IS NULL AS fresh')})`,
    params,
  );
  return b.lo === null || b.hi === null || b.missing
    ? null
    : { lo: Number(b.lo), hi: Number(b.hi), fresh: b.fresh === true };
}

/** The session-set aggregate over the bounds: constants DuckDB wants, numbers the store just read. */
export function sessionBits({ lo, hi }: { lo: number; hi: number }): string {
  if (!Number.isInteger(lo) || !Number.isInteger(hi)) throw new Error('session bounds must be integers');
  // Within the bounds only: a session written after the bounds were read is numbered above them.
  return `bitstring_agg(session_no, ${lo}, ${hi}) FILTER (WHERE session_no BETWEEN ${lo} AND ${hi})`;
}

import { query } from './database.js';
import { addSessionTuplesSql, arrivalColumns, clientColumns, tupleNumbersJoin } from './session-tuples.js';

/**
 * A session's first-touch numbers (session-tuples.ts) kept on its rows in the compact tables, so a
 * report under a filter on a session's value (country, device, browser, OS, referrer, UTM tags, entry
 * page) tests each row against the few matching numbers instead of looking its session up: the
 * lookup is a hash join on random 64-bit keys, about 25 ns a row. Ranking the pages of a 30-day range
 * at 10M events under "country is US" cost 126 ms that way, 72 ms by the numbers (25 ms unfiltered).
 *
 * A row gets its session's numbers in the background, once the session has them; until then it is
 * NULL and read through its session as before (filter-scope.ts). A session's first touch comes from
 * its first page view, so the numbers stay right while later events arrive; a batch bringing an
 * earlier first page view gives the session's numbered rows the new first touch's numbers in its own
 * transaction (merge-sessions.ts).
 */
export const touchNumberTables = ['compact_page_views', 'compact_engagements', 'compact_interactions'] as const;

export const touchNumbersSchemaSql = touchNumberTables
  .map(
    (t) => `ALTER TABLE ${t} ADD COLUMN IF NOT EXISTS arrival_no UINTEGER;
ALTER TABLE ${t} ADD COLUMN IF NOT EXISTS client_no UINTEGER;`,
  )
  .join('\n');

/**
 * The background pass's part, after the sessions are numbered (session-paths.ts): rows without
 * numbers take their session's. Their sessions' last event is no earlier than the first such row, so
 * the sessions are read from there (zone maps skip the older ones), and a table without such rows is
 * left alone: as one UPDATE joined to every session, DuckDB hashed all of them at each pass (180 ms
 * at 10M events with nothing to number, seconds at 100M). Runs on the writer, inside a transaction.
 */
export async function numberTouchRows(conn: Parameters<typeof query>[0]): Promise<void> {
  for (const t of touchNumberTables) {
    const [row] = await query(conn, `SELECT min(ts)::VARCHAR AS first FROM ${t} WHERE client_no IS NULL`);
    if (row?.first === null || row?.first === undefined) continue;
    await query(
      conn,
      `UPDATE ${t} SET arrival_no = s.arrival_no, client_no = s.client_no
       FROM (SELECT property_id, session_key, arrival_no, client_no FROM sessions
         WHERE last_ts >= $first::TIMESTAMP AND client_no IS NOT NULL) s
       WHERE ${t}.client_no IS NULL AND s.session_key = ${t}.session_key AND s.property_id = ${t}.property_id`,
      { first: String(row.first) },
    );
  }
}

const retouchedColumns = ['property_id', 'session_key', ...arrivalColumns, ...clientColumns];

export const retouchedStagingSql = `CREATE TEMP TABLE IF NOT EXISTS staging_retouched AS SELECT ${retouchedColumns.join(', ')} FROM sessions LIMIT 0;`;

/**
 * Merge-sessions' part, with the batch's partials (`staging_sessions`) and the stored sessions they
 * continue (`staging_found`) in place, before `sessions` is updated: the sessions whose first page
 * view the batch moves earlier (or brings first). Their first touch is now the batch's.
 */
export const findRetouchedSql = `
DELETE FROM staging_retouched;
INSERT INTO staging_retouched
SELECT ${retouchedColumns.map((c) => `b.${c}`).join(', ')} FROM sessions s
JOIN (SELECT f.rid, b.* FROM staging_found f JOIN staging_sessions b USING (property_id, session_key)) b ON s.rowid = b.rid
WHERE b.first_pv_ts IS NOT NULL AND (s.first_pv_ts IS NULL OR b.first_pv_ts < s.first_pv_ts);`;

// A renumbered page view's visitor and page may no longer share one first touch: the pass sees to it (one-touch-keys.ts).
const alsoReset: Partial<Record<(typeof touchNumberTables)[number], string>> = {
  compact_page_views: ', one_touch = NULL',
};

/**
 * Their numbered rows take the new first touch's numbers in the same transaction, so a row once
 * numbered never goes back to unnumbered: a report that found no unnumbered rows before its read
 * (filter-scope.ts) misses none that were numbered. Rows not numbered yet wait for the pass.
 */
export const renumberRetouchedSql = `${addSessionTuplesSql('staging_retouched')}
${touchNumberTables
  .map(
    (t) => `UPDATE ${t} SET arrival_no = m.arrival_no, client_no = m.client_no${alsoReset[t] ?? ''}
FROM (SELECT t.property_id, t.session_key, a.arrival_no, c.client_no FROM staging_retouched t ${tupleNumbersJoin}) m
WHERE ${t}.session_key = m.session_key AND ${t}.property_id = m.property_id AND ${t}.client_no IS NOT NULL;`,
  )
  .join('\n')}`;

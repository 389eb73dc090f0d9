/**
 * A session's first-touch values as two numbers, set in the background with its path number
 * (session-paths.ts), for the reports that group sessions by them (traffic/breakdown, page details'
 * segments). Grouping 1.8M sessions by nine text columns at once cost about 400 ms of CPU at 10M
 * events; those sessions hold 27k distinct combinations. So a report groups by the two integers,
 * then joins the few combinations' text (docs/store-design.md).
 *
 * How a session arrived (`arrival_tuples`: referrer, the three UTM tags, entry page) and who it was
 * (`client_tuples`: country, device, browser, OS) are kept apart: the second set is small whatever the
 * site, the first grows with its pages and sources. All of these come from the session's first page
 * view, so they change only with a write that brings page views, which clears the numbers
 * (merge-sessions.ts) as it clears the path's; a session without numbers is read by its text.
 */
export const sessionTuplesSchemaSql = `
CREATE SEQUENCE IF NOT EXISTS arrival_tuple_seq START 1;
CREATE SEQUENCE IF NOT EXISTS client_tuple_seq START 1;
CREATE TABLE IF NOT EXISTS arrival_tuples (
  arrival_no UINTEGER NOT NULL,
  referrer VARCHAR,
  utm_source VARCHAR,
  utm_medium VARCHAR,
  utm_campaign VARCHAR,
  entry_path VARCHAR
);
CREATE TABLE IF NOT EXISTS client_tuples (
  client_no UINTEGER NOT NULL,
  country VARCHAR,
  device VARCHAR,
  browser VARCHAR,
  os VARCHAR
);`;

export const arrivalColumns = ['referrer', 'utm_source', 'utm_medium', 'utm_campaign', 'entry_path'] as const;
export const clientColumns = ['country', 'device', 'browser', 'os'] as const;

const same = (cols: readonly string[], a: string, b: string) =>
  cols.map((c) => `${a}.${c} IS NOT DISTINCT FROM ${b}.${c}`).join(' AND ');

/**
 * Adds the combinations of `todo`'s sessions (a table with the sessions' text columns) that the
 * dictionaries lack. Runs on the writer, inside the background pass's transaction.
 */
export function addSessionTuplesSql(todo: string): string {
  const add = (table: string, no: string, seq: string, cols: readonly string[]) => `INSERT INTO ${table}
    SELECT nextval('${seq}'), ${cols.join(', ')} FROM (SELECT DISTINCT ${cols.join(', ')} FROM ${todo}) n
    WHERE NOT EXISTS (SELECT 1 FROM ${table} t WHERE ${same(cols, 't', 'n')});`;
  return (
    add('arrival_tuples', 'arrival_no', 'arrival_tuple_seq', arrivalColumns) +
    add('client_tuples', 'client_no', 'client_tuple_seq', clientColumns)
  );
}

/** Joins that give `todo` (alias `t`) its sessions' numbers as `a.arrival_no` and `c.client_no`. */
export const tupleNumbersJoin = `JOIN arrival_tuples a ON ${same(arrivalColumns, 'a', 't')}
  JOIN client_tuples c ON ${same(clientColumns, 'c', 't')}`;

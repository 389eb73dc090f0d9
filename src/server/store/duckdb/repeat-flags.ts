import type { Database, Params } from './database.js';
import { settlePageViewHoursSql } from './page-view-hours.js';
import { settleEngagementHoursSql } from './engagement-hours.js';
import { linkPreviousRowsSql, previousKeys } from './previous-rows.js';
import { numberAllSessionPaths } from './session-paths.js';
import { numberSessions } from './session-numbers.js';
import { numberTouchRows } from './touch-numbers.js';
import { linkOneTouchSql } from './one-touch-keys.js';

/**
 * Distinct counts without counting most rows distinctly. A row is flagged when its key (for scroll
 * depth: session and page) has other rows anywhere in its table. A row flagged single is, on its
 * own, one distinct value of every group it falls in, so it is simply counted; only the other rows go
 * through count(DISTINCT) or a max per pair. At 10M events 91% of engagement rows (per session and
 * page) and 96% of click rows (per session, page and target) are single (docs/store-design.md). Flags are set in the background, off
 * the write path; rows not flagged yet (NULL), and the rows sharing a key with them, are treated as
 * repeated, so answers are exact at every moment.
 */
export interface RepeatKey {
  table: string;
  flag: string;
  /** Key expressions over the table's columns; never NULL (a NULL would not match itself in a join). */
  key: string[];
}

// Only where it pays: with 22% of page-view rows repeated per (visitor, page) and 60% of click rows
// per session, the split cost more than the count(DISTINCT) it spared (measured at 10M events).
export const repeatKeys = {
  pageDepths: { table: 'compact_engagements', flag: 'repeated', key: ['session_key', 'path_no'] },
  interactionSessions: {
    table: 'compact_interactions',
    flag: 'repeated',
    key: ['session_key', 'path_no', 'coalesce(target_no, 0)', 'is_form'],
  },
} satisfies Record<string, RepeatKey>;

const keyColumns = (k: RepeatKey) => k.key.map((expr, i) => `${expr} AS k${i}`).join(', ');
const keyNames = (k: RepeatKey) => k.key.map((_, i) => `k${i}`).join(', ');

/** Flags the rows of keys that have unflagged rows (and re-flags their older rows when a key grew). */
export function flagRepeatsSql(k: RepeatKey): string {
  return `
UPDATE ${k.table} SET ${k.flag} = p.n > 1
FROM (
  SELECT rid, count(*) OVER (PARTITION BY ${keyNames(k)}) AS n
  FROM (SELECT rowid AS rid, ${keyColumns(k)} FROM ${k.table}) c
  SEMI JOIN (SELECT DISTINCT ${keyColumns(k)} FROM ${k.table} WHERE ${k.flag} IS NULL) f USING (${keyNames(k)})) p
WHERE ${k.table}.rowid = p.rid AND ${k.table}.${k.flag} IS DISTINCT FROM (p.n > 1)`;
}

/**
 * Splits `rows` (a query over the key's table that yields its key columns as-is, the flag, and
 * whatever the caller groups and counts) into `single` (counted as they are) and `repeated` (counted
 * distinctly), as two queries' FROM clauses. `settled`: the rows have no unflagged row (the usual
 * case for any range that ended over two seconds ago), so none of them needs its key looked up. `with`
 * is '' then: the CTEs to put first, if any.
 */
export function splitByRepeats(
  k: RepeatKey,
  rows: string,
  settled: boolean,
): { with: string; single: string; repeated: string } {
  // Settled: each part its own scan with the flag pushed into it; a shared CTE of the rows was
  // materialized whole (2.4M engagement rows at 10M events) before either part read it.
  if (settled)
    return {
      with: '',
      single: `(SELECT * FROM (${rows}) WHERE ${k.flag} = false)`,
      repeated: `(SELECT * FROM (${rows}) WHERE ${k.flag})`,
    };
  return {
    with: `r AS (SELECT *, ${keyColumns(k)} FROM (${rows})), fresh AS (SELECT DISTINCT ${keyNames(k)} FROM r WHERE ${k.flag} IS NULL)`,
    single: `(SELECT * FROM r ANTI JOIN fresh USING (${keyNames(k)}) WHERE ${k.flag} = false)`,
    repeated: `(SELECT * FROM r WHERE ${k.flag} IS NOT false UNION ALL BY NAME SELECT * FROM r SEMI JOIN fresh USING (${keyNames(k)}) WHERE ${k.flag} = false)`,
  };
}

/** Whether every row of `rows` is flagged (row groups without NULL flags are skipped by their statistics). */
export async function allFlagged(
  db: Pick<Database, 'all'>,
  k: RepeatKey,
  rows: string,
  params: Params,
): Promise<boolean> {
  const [row] = await db.all<{ n: number }>(`SELECT count(*) AS n FROM (${rows}) WHERE ${k.flag} IS NULL`, params);
  return row.n === 0;
}

/**
 * Flags new rows every `intervalMs` while writes came in since the last pass, once at open (for rows
 * a previous run left unflagged) and once at close; the same pass sums the hourly page views the
 * batches appended (page-view-hours.ts), which are exact at every moment too. Each pass is one transaction on the writer, so it queues behind
 * and between event batches like any write.
 */
export function startRepeatFlagging(
  db: Database,
  intervalMs = 2000,
  /** While true the timer's passes wait: a bulk import or seed gets one pass after it, not one per transaction. */
  paused: () => boolean = () => false,
): { written(): void; settle(): Promise<void>; stop(): Promise<void> } {
  let dirty = true;
  let running: Promise<void> = Promise.resolve();
  const pass = () => {
    if (!dirty) return;
    dirty = false;
    running = db
      .transaction(async (conn) => {
        for (const k of Object.values(repeatKeys)) await conn.run(flagRepeatsSql(k));
        await conn.run(settlePageViewHoursSql);
        await conn.run(settleEngagementHoursSql);
        for (const k of Object.values(previousKeys)) await conn.run(linkPreviousRowsSql(k));
        await numberSessions(conn);
      })
      .then(() => numberAllSessionPaths(db))
      // The sessions' numbers are set now: their rows in the compact tables take them (touch-numbers.ts),
      // and page views learn whether their visitor and page share one first touch (one-touch-keys.ts).
      .then(() =>
        db.transaction(async (conn) => {
          await numberTouchRows(conn);
          await conn.run(linkOneTouchSql);
        }),
      )
      .catch(() => {
        dirty = true; // tried again on the next tick; until then the rows count as repeated, which is exact
      });
  };
  const timer = setInterval(() => {
    if (!paused()) pass();
  }, intervalMs);
  timer.unref();
  queueMicrotask(pass);
  return {
    written: () => {
      dirty = true;
    },
    /** A pass now over whatever was written, awaited: for tests that need the settled state. */
    async settle() {
      await running;
      dirty = true;
      pass();
      await running;
    },
    /** Ends the timer after a last pass, so a store closed after a bulk write (seed, import) opens settled. */
    async stop() {
      clearInterval(timer);
      await running;
      pass();
      await running;
    },
  };
}

import type { StoredEvent } from '../../../contract/events.js';
import type { ChDb, ChParams } from './clickhouse-db.js';
import { firstValueSql } from './session-partials.js';
import { chTime, TS } from './sql-fragments.js';

/**
 * First-touch stamps (docs/store-design.md, ClickHouse): each event is written with its session's first
 * page view as the writer knows it, from the batch itself and the partials already stored, so a session
 * filter on first-touch values tests the event's own columns. A stamp can be wrong in two ways, and
 * both are recorded in `touch_doubts` after the insert, whose events the filters then take through the
 * merge of the partials, as they do events without a stamp:
 * - a page view earlier than the one a stamp came from arrives later (or among the same batch's);
 * - two writers stamp one session's first events at once, each not yet seeing the other's insert.
 * The check after each insert reads the session's merged partials, which keep the earliest and latest
 * stamp its events carry (`touch_min`, `touch_max`): the stamps are right when both equal its first page
 * view's instant. Of two concurrent inserts, the later check sees both, so a disagreement is found by
 * at least one of them. That rests on a check seeing every insert acknowledged before it, which holds on
 * one server and on a cluster whose inserts are foreground and whose reads see their replica's writes.
 */

const DAY = 86_400_000;

/** The stamp columns as written (table-specs.ts touchEventColumns; the referrer as a URL or a host). */
export const stampColumns = [
  'touch_ts',
  'touch_path',
  'touch_referrer_url',
  'touch_utm_source',
  'touch_utm_medium',
  'touch_utm_campaign',
  'touch_country',
  'touch_device',
  'touch_browser',
  'touch_os',
] as const;
export type Stamp = Record<(typeof stampColumns)[number], string | number | null>;

const NO_STAMP: Stamp = Object.fromEntries(stampColumns.map((c) => [c, null])) as Stamp;

/** A first page view's instant and values, as a stamp. */
function stampOf(e: StoredEvent): Stamp {
  return {
    touch_ts: e.ts.getTime(),
    touch_path: e.path,
    touch_referrer_url: e.referrer,
    touch_utm_source: e.utm_source,
    touch_utm_medium: e.utm_medium,
    touch_utm_campaign: e.utm_campaign,
    touch_country: e.country,
    touch_device: e.device,
    touch_browser: e.browser ?? null,
    touch_os: e.os ?? null,
  };
}

const sameValues = (a: Stamp, b: Stamp) => stampColumns.every((c) => a[c] === b[c]);
const sessionOf = (e: StoredEvent) => `${e.property_id}\u0000${e.session_id}`;

interface StoredTouch {
  property_id: string;
  session_id: string;
  ts: string;
  path: string | null;
  referrer: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  country: string | null;
  device: string | null;
  browser: string | null;
  os: string | null;
}

/** The batch's sessions' keys and the days their partials may lie on (a day either side of the events'). */
function batchParams(events: readonly StoredEvent[]): ChParams {
  const sessions = new Map<string, StoredEvent>();
  let min = Infinity;
  let max = -Infinity;
  for (const e of events) {
    sessions.set(sessionOf(e), e);
    min = Math.min(min, e.ts.getTime());
    max = Math.max(max, e.ts.getTime());
  }
  const one = [...sessions.values()];
  // As text, one id a line (ids never hold one: contract/events.ts): chDB reads a statement's inlined
  // parameters with its SQL parser, where an array of 4,000 ids cost about 100 ms and one string does not.
  return {
    pids: one.map((e) => e.property_id).join('\n'),
    sids: one.map((e) => e.session_id).join('\n'),
    props: [...new Set(one.map((e) => e.property_id))],
    d0: chTime(new Date(min - 2 * DAY)),
    d1: chTime(new Date(max + DAY)),
  };
}

/** The stored partials of the batch's sessions (`sids`), within the days batchParams bounds. */
const batchPartials = `sessions WHERE property_id IN {props:Array(String)}
  AND start_day >= toDate({d0:${TS}}) AND start_day <= toDate({d1:${TS}})
  AND session_key IN (SELECT sipHash64(arrayJoin(splitByChar('\\n', {sids:String}))))`;

/** The first page view already stored for each of the batch's sessions that has one. */
async function storedTouches(db: ChDb, params: ChParams): Promise<Map<string, Stamp>> {
  const rows = await db.all<StoredTouch>(
    `SELECT k.p AS property_id, k.s AS session_id, toString(toUnixTimestamp64Milli(m.first_pv)) AS ts,
       m.path, m.referrer, m.utm_source, m.utm_medium, m.utm_campaign, m.country, m.device, m.browser, m.os
     FROM (SELECT t.1 AS p, t.2 AS s, sipHash64(t.2) AS key FROM (SELECT arrayJoin(arrayZip(splitByChar('\\n', {pids:String}), splitByChar('\\n', {sids:String}))) AS t)) AS k
     INNER JOIN (
       SELECT property_id, session_key, min(first_pv_ts) AS first_pv,
         ${['path', 'referrer', 'utm_source', 'utm_medium', 'utm_campaign', 'country', 'device', 'browser', 'os']
           .map((a) => `${firstValueSql(`entry_${a}`)} AS ${a}`)
           .join(', ')}
       FROM ${batchPartials}
       GROUP BY property_id, session_key HAVING first_pv IS NOT NULL) AS m
     ON m.property_id = k.p AND m.session_key = k.key`,
    params,
  );
  return new Map(
    rows.map((r) => [
      `${r.property_id}\u0000${r.session_id}`,
      {
        touch_ts: Number(r.ts),
        touch_path: r.path,
        touch_referrer_url: r.referrer,
        touch_utm_source: r.utm_source,
        touch_utm_medium: r.utm_medium,
        touch_utm_campaign: r.utm_campaign,
        touch_country: r.country,
        touch_device: r.device,
        touch_browser: r.browser,
        touch_os: r.os,
      },
    ]),
  );
}

/**
 * Each event's stamp: the earlier of its session's first page view in the batch and the one stored.
 * None when there is neither, or when two page views share the earliest instant with different values
 * (the partials then keep each value's smallest, which the writer does not reproduce) or the stored
 * one's instant: those events go through the merge, which is always right.
 */
export function stampsFor(events: readonly StoredEvent[], stored: Map<string, Stamp>): Stamp[] {
  const first = new Map<string, Stamp | null>();
  for (const e of events) {
    if (e.type !== 'pageview') continue;
    const key = sessionOf(e);
    const mine = stampOf(e);
    const known = first.get(key);
    if (known === undefined || (known !== null && mine.touch_ts! < known.touch_ts!)) first.set(key, mine);
    else if (known !== null && known.touch_ts === mine.touch_ts && !sameValues(known, mine)) first.set(key, null);
  }
  const stampOfSession = new Map<string, Stamp>();
  const pick = (key: string): Stamp => {
    const done = stampOfSession.get(key);
    if (done) return done;
    const batch = first.get(key);
    const before = stored.get(key);
    let stamp: Stamp;
    if (batch === null) stamp = NO_STAMP;
    else if (batch === undefined) stamp = before ?? NO_STAMP;
    else if (before === undefined || batch.touch_ts! < before.touch_ts!) stamp = batch;
    else if (before.touch_ts! < batch.touch_ts!) stamp = before;
    else stamp = NO_STAMP;
    stampOfSession.set(key, stamp);
    return stamp;
  };
  return events.map((e) => pick(sessionOf(e)));
}

/**
 * The stamps an import's recent batches gave their sessions, which the partials do not hold yet (the
 * batches wait in the staging table): a session cut by a batch's end is stamped alike on both sides,
 * so its stamps agree instead of being doubted (a seed of 10M events in batches of 20,000 doubted 3%
 * of its sessions without). Bounded: the sessions stamped most recently.
 */
export class RecentStamps {
  private readonly stamps = new Map<string, Stamp>();
  constructor(private readonly capacity = 100_000) {}
  get(key: string): Stamp | undefined {
    return this.stamps.get(key);
  }
  remember(events: readonly StoredEvent[], stamps: readonly Stamp[]): void {
    events.forEach((e, i) => {
      if (stamps[i].touch_ts === null) return;
      const key = sessionOf(e);
      this.stamps.delete(key);
      this.stamps.set(key, stamps[i]);
    });
    for (const key of this.stamps.keys()) {
      if (this.stamps.size <= this.capacity) break;
      this.stamps.delete(key);
    }
  }
}

/**
 * Looks up the batch's stored first page views (and, in an import, its recent batches' stamps, the
 * earlier of the two) and stamps its events (stampsFor).
 */
export async function stampBatch(db: ChDb, events: readonly StoredEvent[], recent?: RecentStamps): Promise<Stamp[]> {
  const stored = await storedTouches(db, batchParams(events));
  if (recent) {
    for (const e of events) {
      const key = sessionOf(e);
      const carried = recent.get(key);
      const known = stored.get(key);
      if (carried && (!known || carried.touch_ts! < known.touch_ts!)) stored.set(key, carried);
    }
  }
  const stamps = stampsFor(events, stored);
  recent?.remember(events, stamps);
  return stamps;
}

/** A partial's (or a row's) stamps disagree with the session's first page view. */
const doubtful = `max(hi) IS NOT NULL AND (min(lo) != max(hi) OR max(hi) != min(pv))`;
const doubtsSettings = (db: ChDb) => (db.cluster ? ' SETTINGS distributed_foreground_insert = 1' : '');

/** After an insert into `events`: records the batch's sessions whose stamps disagree (see the top). */
export async function recordDoubts(db: ChDb, events: readonly StoredEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db.run(
    `INSERT INTO touch_doubts (property_id, day, session_key)${doubtsSettings(db)}
     SELECT property_id, toDate(min(first)), session_key FROM (
       SELECT property_id, session_key, first_ts AS first, first_pv_ts AS pv, touch_min AS lo, touch_max AS hi FROM ${batchPartials})
     GROUP BY property_id, session_key HAVING ${doubtful}`,
    batchParams(events),
  );
}

/** Sessions per chunk of an import's check: its grouping's memory stays bounded whatever the import's size. */
const CHECK_ROWS = 10_000_000;

/**
 * For an import's staging table, before its move into `events` and after it: records the sessions whose
 * stamps disagree over the stored partials and the staged rows (each batch was stamped without the
 * import's other batches). Before the move, so a move cut short leaves no wrong stamp unrecorded; after
 * it, for what collect wrote meanwhile. Min and max do not mind the staged rows counted twice then.
 */
export async function recordImportDoubts(db: ChDb, staging: string): Promise<void> {
  const [size] = await db.all<{ n: string; d0: string; d1: string }>(
    `SELECT toString(count()) AS n, toString(toDate(min(ts)) - 2) AS d0, toString(toDate(max(ts)) + 1) AS d1 FROM ${staging}`,
  );
  const chunks = Math.max(1, Math.ceil(Number(size.n) / CHECK_ROWS));
  for (let i = 0; i < chunks; i++) {
    const part = `session_key % {chunks:UInt64} = {chunk:UInt64}`;
    await db.run(
      `INSERT INTO touch_doubts (property_id, day, session_key)${doubtsSettings(db)}
       SELECT property_id, toDate(min(first)), session_key FROM (
         SELECT property_id, session_key, first_ts AS first, first_pv_ts AS pv, touch_min AS lo, touch_max AS hi FROM sessions
         WHERE property_id IN (SELECT DISTINCT property_id FROM ${staging})
           AND start_day >= toDate({d0:String}) AND start_day <= toDate({d1:String}) AND ${part}
           AND session_key IN (SELECT session_key FROM ${staging} WHERE ${part})
         UNION ALL
         SELECT property_id, session_key, ts, if(type = 'pageview', toNullable(ts), NULL), touch_ts, touch_ts FROM ${staging} WHERE ${part})
       GROUP BY property_id, session_key HAVING ${doubtful}`,
      { d0: size.d0, d1: size.d1, chunks, chunk: i },
    );
  }
}

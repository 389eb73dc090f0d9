import type { StoredEvent } from '../../../contract/events.js';
import type { SnapshotRecord, Store } from '../store.js';
import { dateOf, type ChDb, type ChParams } from './clickhouse-db.js';

/** Rows per page: a few tens of MB of objects, whatever the store's size. */
const PAGE = 50_000;

/** A stored 64-bit key as the text id an export carries (`k` + 16 lower-case hex digits); NULL stays NULL. */
const textId = (key: string) => `concat('k', leftPad(lower(hex(${key})), 16, '0'))`;

/**
 * One key column of a page's sort order: the expression, its bound type, and the row field holding the
 * last row's value (read as text or a number that binds back exactly), and how the bound value becomes
 * the expression's type when it is read in another form (`ts` read as milliseconds).
 */
export interface KeyPart {
  expr: string;
  type: string;
  field: string;
  bound?: (param: string) => string;
}

/**
 * Reads a table in pages ordered by a key, each page picking up strictly after the last row of the one
 * before (keyset paging). `ORDER BY <key> LIMIT n WITH TIES` keeps rows with an equal key in one page,
 * so none is lost or read twice at a page's edge. The condition "after the cursor" is spelled out as
 * nested OR/AND, not a tuple comparison: ClickHouse's primary-key analysis uses that form (a tuple
 * `>` is not), and with the key being the table's sort key the read is in order and stops after the
 * page, so every page costs about its own rows and memory stays at one page at any table size. Pages
 * rather than one streamed query: chDB buffers a whole result, and a server's HTTP request has a timeout.
 */
export async function* keysetPages<R extends Record<string, unknown>>(
  db: ChDb,
  select: string,
  from: string,
  key: KeyPart[],
  pageSize = PAGE,
): AsyncGenerator<R[]> {
  const order = key.map((k) => k.expr).join(', ');
  let cursor: R | null = null;
  for (;;) {
    const params: ChParams = { limit: pageSize };
    let where = '';
    if (cursor) {
      // (k1 > c1 OR (k1 = c1 AND (k2 > c2 OR (k2 = c2 AND … kn > cn))))
      where = key.reduceRight((inner, k, i) => {
        params[`c${i}`] = cursor![k.field];
        const value = (k.bound ?? ((p) => p))(`{c${i}:${k.type}}`);
        const greater = `${k.expr} > ${value}`;
        return inner ? `(${greater} OR (${k.expr} = ${value} AND ${inner}))` : greater;
      }, '');
      where = `WHERE ${where}`;
    }
    const rows = await db.all<R>(
      `SELECT ${select} FROM ${from} ${where} ORDER BY ${order} LIMIT {limit:UInt32} WITH TIES`,
      params,
    );
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < pageSize) return;
    cursor = rows[rows.length - 1];
  }
}

export const eventColumns = `property_id, toUnixTimestamp64Milli(ts) AS ms, type, ${textId('visitor_key')} AS visitor_id,
  ${textId('session_key')} AS session_id, path, referrer, utm_source, utm_medium, utm_campaign, country, device, browser, os, is_bot,
  scroll_depth, engaged_ms, target, href, source, experiment_id, variant, amount, currency, ${textId('client_key')} AS client_key,
  name, props, label, toString(toDate(ts)) AS day, toString(visitor_key) AS vkey`;

/** The events' sort key (table-specs.ts), so each page is a contiguous, in-order read. */
export const eventKey: KeyPart[] = [
  { expr: 'property_id', type: 'String', field: 'property_id' },
  { expr: 'toDate(ts)', type: 'Date', field: 'day' },
  { expr: 'type', type: 'String', field: 'type' },
  { expr: 'visitor_key', type: 'UInt64', field: 'vkey' },
  { expr: 'ts', type: 'Int64', field: 'ms', bound: (p) => `fromUnixTimestamp64Milli(${p}, 'UTC')` },
];

type EventRow = Omit<StoredEvent, 'ts' | 'name' | 'props' | 'label'> & {
  ms: number;
  day: string;
  vkey: string;
  name: string | null;
  props: Record<string, string>;
  label: string | null;
};

/**
 * An exported row as the event it was: name, props and label only on the events that have them, as collect
 * gives them (no properties is an empty map in the table).
 */
function eventOf({ ms, day: _day, vkey: _vkey, name, props, label, ...e }: EventRow): StoredEvent {
  const event: StoredEvent = { ...e, ts: new Date(ms) };
  if (name !== null) event.name = name;
  if (Object.keys(props).length > 0) event.props = props;
  if (label !== null) event.label = label;
  return event;
}

const snapshotKey: KeyPart[] = [
  { expr: 'property_id', type: 'String', field: 'property_id' },
  { expr: 'path', type: 'String', field: 'path' },
  { expr: 'ts', type: `DateTime64(3, 'UTC')`, field: 'ts' },
];

/** The ClickHouse store's side of export (store.ts `exportEvents`, `exportSnapshots`). */
export function exportQueries(db: ChDb): Pick<Store, 'exportEvents' | 'exportSnapshots'> {
  return {
    async *exportEvents() {
      for await (const rows of keysetPages<EventRow>(db, eventColumns, 'events', eventKey)) {
        yield rows.map(eventOf);
      }
    },
    async *exportSnapshots() {
      type Row = { property_id: string; path: string; ts: string; elements: string };
      for await (const rows of keysetPages<Row>(db, 'property_id, path, ts, elements', 'page_snapshots', snapshotKey)) {
        yield rows.map((r): SnapshotRecord => ({
          property_id: r.property_id,
          path: r.path,
          ts: dateOf(r.ts),
          elements: JSON.parse(r.elements),
        }));
      }
    },
  };
}

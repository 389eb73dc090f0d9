import type { StoredEvent } from '../../../contract/events.js';
import type { SnapshotRecord, Store } from '../store.js';
import type { Database } from './database.js';
import { streamedBatches } from './streamed-batches.js';

/** Rows per yielded batch: a few tens of MB of objects, whatever the store's size. */

/** A stored 64-bit key as the text id an export carries (`k` + 16 lower-case hex digits); NULL stays NULL. */
const textId = (key: string) => `'k' || lpad(lower(to_hex(${key})), 16, '0')`;

const eventsSql = `
SELECT property_id, epoch_ms(ts) AS ms, type, ${textId('visitor_key')} AS visitor_id, ${textId('session_key')} AS session_id,
  path, referrer, utm_source, utm_medium, utm_campaign, country, device, is_bot, scroll_depth, engaged_ms, target, href,
  source, experiment_id, variant, amount, currency, ${textId('client_key')} AS client_key, browser, os, name, props, label
FROM events`;

const snapshotsSql = `SELECT property_id, path, epoch_ms(ts) AS ms, elements FROM page_snapshots`;

type EventRow = Omit<StoredEvent, 'ts' | 'props' | 'label'> & {
  ms: bigint;
  props: string | null;
  label: string | null;
};

/** An exported row as the event it was: name, props and label only on the events that have them (as collect gives them). */
function eventOf({ ms, name, props, label, ...e }: EventRow): StoredEvent {
  const event: StoredEvent = { ...e, ts: new Date(Number(ms)) };
  if (name !== null) event.name = name;
  if (props !== null) event.props = JSON.parse(props) as Record<string, string>;
  if (label !== null) event.label = label;
  return event;
}

/**
 * The rows of `sql` in batches, from one streaming query on a connection of its own: DuckDB produces
 * the result a vector at a time as it is fetched, so memory stays at one batch whatever the table
 * holds, in one scan (pages by key would each scan again: the events table has no index to seek by),
 * and a long export keeps no reader or the writer from the service.
 */
async function* streamed<R, T>(db: Database, sql: string, convert: (row: R) => T): AsyncGenerator<T[]> {
  const settling = db.beforeRead();
  if (settling) await settling;
  const conn = await db.instance.connect();
  try {
    yield* streamedBatches(await conn.stream(sql), convert);
  } finally {
    conn.closeSync();
  }
}

/** The embedded store's side of export (store.ts `exportEvents`, `exportSnapshots`). */
export function exportQueries(db: Database): Pick<Store, 'exportEvents' | 'exportSnapshots'> {
  return {
    exportEvents: () => streamed(db, eventsSql, eventOf),
    exportSnapshots: () =>
      streamed(
        db,
        snapshotsSql,
        (r: { property_id: string; path: string; ms: bigint; elements: string }): SnapshotRecord => ({
          property_id: r.property_id,
          path: r.path,
          ts: new Date(Number(r.ms)),
          elements: JSON.parse(r.elements),
        }),
      ),
  };
}

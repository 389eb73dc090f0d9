import { BOOLEAN, DOUBLE, DuckDBDataChunk, INTEGER, UTINYINT, VARCHAR, type DuckDBType } from '@duckdb/node-api';
import { eventTypes, type StoredEvent } from '../../../contract/events.js';

/**
 * The appender's view of a batch, built in JS without touching a connection (so it can overlap the
 * previous batch's SQL) and without a single NULL: node-api sets validity bits with BigInt arithmetic,
 * which made the mostly-null columns most of the appender's cost. Strings become 1-based indexes into
 * the batch's own string list (0 = NULL), so each distinct string crosses into DuckDB once per batch
 * and is hashed once; absent numbers are NaN. write-events.ts turns them back into values.
 */
export interface StagedBatch {
  strings: DuckDBDataChunk[];
  events: DuckDBDataChunk[];
}

const CHUNK = 2048; // DuckDB's vector size: one data chunk holds at most this many rows

// The staged columns, in `staging_events` order, and how each is encoded.
type Kind = 'str' | 'num' | 'type' | 'ms' | 'bool';
const columns: [keyof StoredEvent, Kind][] = [
  ['property_id', 'str'],
  ['ts', 'ms'],
  ['type', 'type'],
  ['visitor_id', 'str'],
  ['session_id', 'str'],
  ['path', 'str'],
  ['referrer', 'str'],
  ['utm_source', 'str'],
  ['utm_medium', 'str'],
  ['utm_campaign', 'str'],
  ['country', 'str'],
  ['device', 'str'],
  ['is_bot', 'bool'],
  ['scroll_depth', 'num'],
  ['engaged_ms', 'num'],
  ['target', 'str'],
  ['href', 'str'],
  ['source', 'str'],
  ['experiment_id', 'str'],
  ['variant', 'num'],
  ['amount', 'num'],
  ['currency', 'str'],
  ['client_key', 'str'],
  ['browser', 'str'],
  ['os', 'str'],
  ['name', 'str'],
  ['props', 'str'],
  ['label', 'str'],
];
const sqlType: Record<Kind, string> = {
  str: 'INTEGER',
  num: 'DOUBLE',
  type: 'UTINYINT',
  ms: 'DOUBLE',
  bool: 'BOOLEAN',
};
const duckType: Record<Kind, DuckDBType> = { str: INTEGER, num: DOUBLE, type: UTINYINT, ms: DOUBLE, bool: BOOLEAN };
const types = columns.map(([, k]) => duckType[k]);
const eventTypes_ = eventTypes as readonly string[];
if (!eventTypes_.every((t) => /^[a-z_]+$/.test(t))) throw new Error('event type names must be plain identifiers');

/** Per-connection scratch tables the appender fills: the batch's distinct strings, and its events. */
export const stagingSql = `
CREATE TEMP TABLE IF NOT EXISTS staging_strings (idx INTEGER, s VARCHAR);
CREATE TEMP TABLE IF NOT EXISTS staging_events (${columns.map(([c, k]) => `${c} ${sqlType[k]}`).join(', ')});`;

/** A CTE `d`: the batch's strings as two lists indexed like the staged columns, the text and its 64-bit key. */
export const stagedDictionary = `d AS (SELECT list(s ORDER BY idx) AS str, list(hash(s) ORDER BY idx) AS h FROM staging_strings)`;

/** The list literal decoding type codes (our own constants, checked above, never input). */
export const eventTypeList = `[${eventTypes_.map((t) => `'${t}'`).join(', ')}]`;
const typeCodes = new Map(eventTypes_.map((t, i) => [t, i + 1]));
/** The staged code of an event type, for filters on `staging_events.type`. */
export const typeCode = (t: StoredEvent['type']) => typeCodes.get(t)!;

/**
 * Lays events out as data chunks for `staging_strings` and `staging_events` (see `StagedBatch`), a
 * chunk at a time as they are added: an import hands over small arrays of events, which die young
 * (cheap for the GC), while the batch written to DuckDB at once stays large (cheaper per event there).
 */
export class EventStager {
  private readonly ids = new Map<string, number>();
  private readonly list: string[] = [];
  private readonly chunks: DuckDBDataChunk[] = [];
  private readonly v = Object.fromEntries(columns.map(([c]) => [c, new Array<number | boolean>(CHUNK)])) as Record<
    keyof StoredEvent,
    (number | boolean)[]
  >;
  /** Rows in the chunk being filled. */
  private n = 0;
  /** Events added so far. */
  rows = 0;

  private intern(s: string | null | undefined): number {
    if (s === null || s === undefined) return 0;
    let id = this.ids.get(s);
    if (id === undefined) {
      id = this.list.length + 1;
      this.ids.set(s, id);
      this.list.push(s);
    }
    return id;
  }

  add(events: readonly StoredEvent[]): void {
    const v = this.v;
    for (const e of events) {
      const code = typeCodes.get(e.type);
      if (code === undefined) throw new Error(`unknown event type "${e.type}"`);
      const i = this.n;
      v.property_id[i] = this.intern(e.property_id);
      v.ts[i] = e.ts.getTime();
      v.type[i] = code;
      v.visitor_id[i] = this.intern(e.visitor_id);
      v.session_id[i] = this.intern(e.session_id);
      v.path[i] = this.intern(e.path);
      v.referrer[i] = this.intern(e.referrer);
      v.utm_source[i] = this.intern(e.utm_source);
      v.utm_medium[i] = this.intern(e.utm_medium);
      v.utm_campaign[i] = this.intern(e.utm_campaign);
      v.country[i] = this.intern(e.country);
      v.device[i] = this.intern(e.device);
      v.is_bot[i] = e.is_bot;
      v.scroll_depth[i] = e.scroll_depth ?? NaN;
      v.engaged_ms[i] = e.engaged_ms ?? NaN;
      v.target[i] = this.intern(e.target);
      v.href[i] = this.intern(e.href);
      v.source[i] = this.intern(e.source);
      v.experiment_id[i] = this.intern(e.experiment_id);
      v.variant[i] = e.variant ?? NaN;
      v.amount[i] = e.amount ?? NaN;
      v.currency[i] = this.intern(e.currency);
      v.client_key[i] = this.intern(e.client_key);
      v.browser[i] = this.intern(e.browser);
      v.os[i] = this.intern(e.os);
      v.name[i] = this.intern(e.name);
      // As JSON text (schema.ts says why); a batch's many equal property sets cross into DuckDB once.
      v.props[i] = this.intern(e.props ? JSON.stringify(e.props) : null);
      v.label[i] = this.intern(e.label);
      this.rows++;
      if (++this.n === CHUNK) this.endChunk();
    }
  }

  private endChunk(): void {
    const n = this.n;
    const chunk = DuckDBDataChunk.create(types, n);
    chunk.setColumns(columns.map(([c]) => (n === CHUNK ? this.v[c] : this.v[c].slice(0, n))));
    this.chunks.push(chunk);
    this.n = 0;
  }

  /** The staged batch of everything added; the stager is spent. */
  finish(): StagedBatch {
    if (this.n > 0) this.endChunk();
    const strings: DuckDBDataChunk[] = [];
    for (let offset = 0; offset < this.list.length; offset += CHUNK) {
      const slice = this.list.slice(offset, offset + CHUNK);
      const chunk = DuckDBDataChunk.create([INTEGER, VARCHAR], slice.length);
      chunk.setColumns([slice.map((_, i) => offset + i + 1), slice]);
      strings.push(chunk);
    }
    return { strings, events: this.chunks };
  }
}

/** Lays a batch out as data chunks for `staging_strings` and `staging_events` (see `StagedBatch`). */
export function stageEvents(events: readonly StoredEvent[]): StagedBatch {
  const stager = new EventStager();
  stager.add(events);
  return stager.finish();
}

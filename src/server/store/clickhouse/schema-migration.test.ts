import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../../contract/events.js';
import type { Store } from '../store.js';
import { chDb, type ChDb } from './clickhouse-db.js';
import { openClickhouseStore } from './clickhouse-store.js';
import { connectClickhouse } from './connect.js';
import { migrations, migrationsTable } from './migrations.js';
import { schemaV1Statements } from './schema-v1.fixture.js';
import { tableDdl } from './table-ddl.js';

// A database made by the first ClickHouse store (schema version 1: no browser or OS anywhere) still
// opens: the store adds the columns and gives the sessions view its new body, the old events and
// sessions read as before, and sessions that span the change take their first touch from their
// earliest page view, whichever side of the change it was written on.

const target = { kind: 'chdb' as const, path: ':memory:', database: `m_${randomUUID().replaceAll('-', '')}` };
let root: ChDb;
let raw: ChDb;
let store: Store;

const at = (minute: number) => new Date(Date.UTC(2026, 2, 10, 12, minute));
const base = (session: string, minute: number, over: Partial<StoredEvent> = {}): StoredEvent => ({
  type: 'pageview',
  property_id: 'p',
  ts: at(minute),
  visitor_id: `v-${session}`,
  session_id: session,
  path: '/',
  referrer: null,
  utm_source: null,
  utm_medium: null,
  utm_campaign: null,
  country: 'US',
  device: 'desktop',
  is_bot: false,
  scroll_depth: null,
  engaged_ms: null,
  target: null,
  href: null,
  source: null,
  experiment_id: null,
  variant: null,
  amount: null,
  currency: null,
  ...over,
});
/** An event as version 1 took it: no browser or OS columns. */
const v1Row = (e: StoredEvent) => ({
  property_id: e.property_id,
  ts: e.ts.getTime(),
  type: e.type,
  visitor_id: e.visitor_id,
  session_id: e.session_id,
  path: e.path,
  referrer: e.referrer,
  utm_source: null,
  utm_medium: null,
  utm_campaign: null,
  country: e.country,
  device: e.device,
  is_bot: false,
  target: e.target,
});

beforeAll(async () => {
  // Kept open throughout: a chDB `:memory:` database lives as long as a connection to it.
  root = chDb(
    await connectClickhouse({ ...target, database: 'default' }, { inDatabase: false }),
    'default',
    null,
    'chdb',
  );
  await root.run(`CREATE DATABASE \`${target.database}\``);
  raw = chDb(await connectClickhouse(target), target.database, null, 'chdb');
  for (const sql of [
    ...tableDdl(migrationsTable, { database: target.database, cluster: null }),
    ...schemaV1Statements(target.database),
  ])
    await raw.run(sql);
  await raw.insert('schema_migrations', [
    { version: 1, name: 'events, sessions and the service tables', applied_at: Date.now() },
  ]);
  // Yesterday's events: `old` viewed a page; `clicker` only clicked (no page view yet).
  await raw.insert(
    'events',
    [base('old', 0, { path: '/old' }), base('clicker', 1, { type: 'click', target: 'a' })].map(v1Row),
    Object.keys(v1Row(base('x', 0))),
  );
  store = await openClickhouseStore({ target });
  // Today's, with browser and OS: `old` goes on, `clicker` views its first page, `new` begins.
  await store.insertEvents([
    base('old', 5, { path: '/later', browser: 'Chrome', os: 'macOS' }),
    base('clicker', 6, { path: '/first', browser: 'Firefox', os: 'Linux' }),
    base('new', 7, { path: '/n', browser: 'Safari', os: 'iOS' }),
  ]);
});
afterAll(async () => {
  await store?.close();
  await raw?.run(`DROP DATABASE IF EXISTS \`${target.database}\` SYNC`);
  await raw?.client.close();
  // The last connection: chDB removes its `:memory:` directory in /tmp when it closes.
  await root?.client.close();
});

const scope = { propertyIds: ['p'], start: at(-60), end: at(60) };

describe('a version 1 database', () => {
  it('is migrated, each version once', async () => {
    const versions = await raw.all<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(versions.map((v) => v.version)).toEqual(migrations.map((m) => m.version));
    const columns = await raw.all<{ name: string }>(
      `SELECT name FROM system.columns WHERE database = {db:String} AND table = 'events' ORDER BY position`,
      { db: target.database },
    );
    const names = columns.map((c) => c.name);
    expect(names.slice(names.indexOf('device'), names.indexOf('device') + 3)).toEqual(['device', 'browser', 'os']);
  });

  it('keeps its events and sessions, and reads browser and OS from the earliest page view of each session', async () => {
    const { rows, totals } = await store.segments(scope, 10);
    expect(totals).toEqual({ sessions: 3, page_views: 4 });
    const of = (dimension: string) =>
      rows.filter((r) => r.dimension === dimension).map((r) => [r.values[0], r.sessions]);
    // `old` entered before the change (its first page view has no browser); `clicker`'s first page view is today's.
    // Ranked by sessions, then page views (`old` has two), then value.
    expect(of('browser')).toEqual([
      [null, 1],
      ['Firefox', 1],
      ['Safari', 1],
    ]);
    expect(of('os')).toEqual([
      [null, 1],
      ['Linux', 1],
      ['iOS', 1],
    ]);
    expect(of('landing_page')).toEqual([
      ['/old', 1],
      ['/first', 1],
      ['/n', 1],
    ]);
  });

  it('filters by browser across the change', async () => {
    const summary = await store.trafficSummary({
      ...scope,
      filters: [{ op: 'is', dimension: 'browser', values: [null] }],
    });
    expect(summary).toMatchObject({ page_views: 2, sessions: 1 });
  });
});

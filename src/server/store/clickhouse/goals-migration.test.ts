import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../../contract/events.js';
import { storedEvent } from '../../test-support/stored-event.js';
import type { GoalRecord, Store } from '../store.js';
import { chDb, type ChDb } from './clickhouse-db.js';
import { openClickhouseStore } from './clickhouse-store.js';
import { connectClickhouse } from './connect.js';
import { migrations, migrationsTable } from './migrations.js';
import { schemaV1Statements } from './schema-v1.fixture.js';
import { tableDdl } from './table-ddl.js';

// A database at schema version 3 (before custom events kept their name and properties, and before
// goals) opens: version 4 adds the two event columns and the goals table in place; the events written
// before read as having neither, and a session that spans the change converts and pays as one.

const target = { kind: 'chdb' as const, path: ':memory:', database: `g_${randomUUID().replaceAll('-', '')}` };
const ddlTarget = { database: target.database, cluster: null };
let root: ChDb;
let raw: ChDb;
let store: Store;

const at = (minute: number) => new Date(Date.UTC(2026, 2, 10, 12, minute));
const event = (minute: number, over: Partial<StoredEvent> = {}): StoredEvent =>
  storedEvent({
    property_id: 'p',
    ts: at(minute),
    visitor_id: 'v',
    session_id: 'old',
    path: '/pricing',
    country: 'US',
    device: 'desktop',
    browser: 'Chrome',
    os: 'macOS',
    ...over,
  });
/** An event as version 3 took it: no name or properties columns. */
const v3Row = (e: StoredEvent) => ({
  property_id: e.property_id,
  ts: e.ts.getTime(),
  type: e.type,
  visitor_id: e.visitor_id,
  session_id: e.session_id,
  path: e.path,
  country: e.country,
  device: e.device,
  browser: e.browser,
  os: e.os,
  is_bot: false,
  amount: e.amount,
  currency: e.currency,
});
const goal = (id: string, over: Partial<GoalRecord>): GoalRecord => ({
  id,
  property_id: 'p',
  name: id,
  kind: 'page',
  page: null,
  event: null,
  target: null,
  source: null,
  created_at: at(30),
  ...over,
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
  const upTo3 = migrations.filter((m) => m.version === 2 || m.version === 3).flatMap((m) => m.statements(ddlTarget));
  for (const sql of [...tableDdl(migrationsTable, ddlTarget), ...schemaV1Statements(target.database), ...upTo3])
    await raw.run(sql);
  await raw.insert(
    'schema_migrations',
    [1, 2, 3].map((version) => ({ version, name: `version ${version}`, applied_at: Date.now() })),
  );
  // Before the change: a page view, and a payment in USD.
  const before = [event(0), event(1, { type: 'revenue', path: '/pay', amount: 20, currency: 'USD' })];
  await raw.insert('events', before.map(v3Row), Object.keys(v3Row(before[0])));
  store = await openClickhouseStore({ target });
  // After it, in the same session: a custom event with properties, and a named payment in EUR.
  await store.insertEvents([
    event(5, { type: 'custom', path: '/signup', name: 'Signup', props: { plan: 'pro', seats: '3' } }),
    event(6, { type: 'revenue', path: '/pay', name: 'Order', props: { order: 'A-1' }, amount: 9.5, currency: 'EUR' }),
  ]);
});
afterAll(async () => {
  await store?.close();
  await raw?.run(`DROP DATABASE IF EXISTS \`${target.database}\` SYNC`);
  await raw?.client.close();
  // The last connection: chDB removes its `:memory:` directory in /tmp when it closes.
  await root?.client.close();
});

const allEvents = async () => {
  const out: StoredEvent[] = [];
  for await (const batch of store.exportEvents()) out.push(...batch);
  return out.sort((a, b) => a.ts.getTime() - b.ts.getTime());
};

describe('a version 3 database', () => {
  it("is migrated to the newest version, name and props last among the events' columns but the later versions' stamps and page copy", async () => {
    const versions = await raw.all<{ version: number }>(
      'SELECT DISTINCT version FROM schema_migrations ORDER BY version',
    );
    expect(versions.map((v) => v.version)).toEqual(migrations.map((m) => m.version));
    const columns = await raw.all<{ name: string; type: string }>(
      `SELECT name, type FROM system.columns WHERE database = {db:String} AND table = 'events' ORDER BY position`,
      { db: target.database },
    );
    const stamps = columns.findIndex((c) => c.name === 'touch_ts');
    expect(columns.slice(stamps - 2, stamps)).toEqual([
      { name: 'name', type: 'LowCardinality(Nullable(String))' },
      { name: 'props', type: 'Map(String, String)' },
    ]);
    expect(columns.slice(stamps, -1).every((c) => c.name.startsWith('touch_'))).toBe(true);
    expect(columns.at(-1)).toEqual({ name: 'path_lc', type: 'LowCardinality(String)' });
    // The events written before version 11 read their page copy from their page, as do those after.
    expect(
      await raw.all(
        `SELECT toString(count()) AS n, toString(countIf(path_lc = path AND path != '')) AS same FROM events`,
      ),
    ).toEqual([{ n: '4', same: '4' }]); // two written before, two after
  });

  it('reads the events written before as having no name and no properties, and keeps those written after', async () => {
    expect((await allEvents()).map((e) => [e.type, e.name ?? null, e.props ?? null])).toEqual([
      ['pageview', null, null],
      ['revenue', null, null],
      ['custom', 'Signup', { plan: 'pro', seats: '3' }],
      ['revenue', 'Order', { order: 'A-1' }],
    ]);
  });

  it('keeps goals, and counts the session across the change: its page view before, its custom event after, both payments', async () => {
    expect(await store.listGoals('p')).toEqual([]);
    const goals = [
      goal('pricing', { page: '/pricing' }),
      goal('signup', { kind: 'event', event: 'Signup', created_at: at(31) }),
    ];
    for (const g of goals) await store.createGoal(g);
    expect(await store.listGoals('p')).toEqual(goals);
    const revenue = [
      { currency: 'EUR', amount: 9.5 },
      { currency: 'USD', amount: 20 },
    ];
    expect(await store.goalFigures({ propertyIds: ['p'], start: at(-60), end: at(60) }, goals)).toEqual([
      { visitors: 1, conversions: 1, revenue },
      { visitors: 1, conversions: 1, revenue },
    ]);
  });
});

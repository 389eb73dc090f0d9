import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../contract/events.js';
import { storedEvent } from '../../server/test-support/stored-event.js';
import { openDuckdbStore } from '../../server/store/duckdb/duckdb-store.js';
import type { GoalRecord, Scope, Store } from '../../server/store/store.js';
import { importCommand } from '../commands/import.js';
import { closeAndRemove, openChdbStore, writeExports } from '../test-support/export-files.js';

// Goals, and custom events' and payments' name and props, move with an export: ClickHouse (chDB) →
// NDJSON → DuckDB and ClickHouse → Parquet → ClickHouse give the same goals, events and goal figures.

const at = (minute: number) => new Date(Date.UTC(2026, 4, 5, 10, minute));
const event = (session: string, minute: number, over: Partial<StoredEvent>): StoredEvent =>
  storedEvent({
    property_id: 'shop',
    ts: at(minute),
    session_id: session,
    country: 'US',
    device: 'desktop',
    browser: null,
    os: null,
    client_key: null,
    ...over,
  });
const goal = (id: string, minute: number, over: Partial<GoalRecord>): GoalRecord => ({
  id,
  property_id: 'shop',
  name: id,
  kind: 'page',
  page: null,
  event: null,
  target: null,
  source: null,
  created_at: at(minute),
  ...over,
});

// One goal of each kind and shape; two created in the same millisecond keep their order.
const goals = [
  goal('gol_pricing', 0, { page: '/pricing/**' }),
  goal('gol_signup', 1, { kind: 'event', event: 'Signup' }),
  goal('gol_buy', 2, { kind: 'click', target: 'a.buy', page: '/pricing' }),
  goal('gol_forms', 2, { kind: 'form' }),
  goal('gol_hero', 3, { kind: 'form', target: 'form#signup', source: 'hero', page: '/signup' }),
];
const events = [
  event('a', 0, { path: '/pricing/team' }),
  event('a', 1, { type: 'click', path: '/pricing', target: 'a.buy' }),
  event('a', 2, { type: 'custom', path: '/pricing', name: 'Signup', props: { plan: 'pro', seats: '3' } }),
  event('a', 3, { type: 'form_submit', path: '/signup', target: 'form#signup', source: 'hero' }),
  event('a', 4, {
    type: 'revenue',
    path: '/signup',
    name: 'Order',
    props: { order: 'A-1' },
    amount: 29,
    currency: 'USD',
  }),
  event('b', 0, { type: 'custom', path: '/', name: 'Signup' }),
  event('b', 1, { type: 'revenue', path: '/', amount: 12.5, currency: 'EUR' }),
];
const scope: Scope = { propertyIds: ['shop'], start: at(-60), end: at(60) };

let dir: string;
let source: Store;
const targets: Store[] = [];

const customFields = async (store: Store) => {
  const out: StoredEvent[] = [];
  for await (const batch of store.exportEvents()) out.push(...batch);
  return out
    .sort((a, b) => a.ts.getTime() - b.ts.getTime() || a.type.localeCompare(b.type))
    .map((e) => [e.type, e.name ?? null, e.props ?? null]);
};

beforeAll(async () => {
  source = await openChdbStore();
  await source.createProperty({ id: 'shop', name: 'Shop', domain: null, timezone: 'UTC' });
  for (const g of goals) await source.createGoal(g);
  await source.insertEvents(events);
  dir = await writeExports(source, 'goals-export');
});
afterAll(() => closeAndRemove([source, ...targets], dir));

describe.each([
  ['NDJSON into DuckDB', () => join(dir, 'export.ndjson'), () => openDuckdbStore(':memory:')],
  ['Parquet into ClickHouse', () => join(dir, 'parquet'), openChdbStore],
])('an export of goals and custom events, %s', (_name, path, open) => {
  it('gives the same goals, in order, the same names and props, and the same goal figures', async () => {
    const target = await open();
    targets.push(target);
    expect(await importCommand(target, path())).toBe(
      `imported 1 property, 0 API keys, 0 saved funnels, 0 tests, 5 goals, 0 snapshots, ${events.length} events`,
    );
    expect(await target.listGoals('shop')).toEqual(goals);
    expect(await customFields(target)).toEqual(await customFields(source));
    const figures = await source.goalFigures(scope, goals);
    expect(figures.map((f) => f.conversions)).toEqual([1, 2, 1, 1, 1]);
    expect(await target.goalFigures(scope, goals)).toEqual(figures);
  });
});

describe('the export of goals', () => {
  it('has goals.parquet beside the other files, and goal lines with only the fields each kind uses', async () => {
    expect(await readdir(join(dir, 'parquet'))).toContain('goals.parquet');
    const lines = (await readFile(join(dir, 'export.ndjson'), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.filter((l) => l.kind === 'goal').map(({ created_at: _c, ...l }) => l)).toEqual([
      {
        kind: 'goal',
        id: 'gol_pricing',
        property_id: 'shop',
        name: 'gol_pricing',
        goal_kind: 'page',
        page: '/pricing/**',
      },
      { kind: 'goal', id: 'gol_signup', property_id: 'shop', name: 'gol_signup', goal_kind: 'event', event: 'Signup' },
      {
        kind: 'goal',
        id: 'gol_buy',
        property_id: 'shop',
        name: 'gol_buy',
        goal_kind: 'click',
        page: '/pricing',
        target: 'a.buy',
      },
      { kind: 'goal', id: 'gol_forms', property_id: 'shop', name: 'gol_forms', goal_kind: 'form' },
      {
        kind: 'goal',
        id: 'gol_hero',
        property_id: 'shop',
        name: 'gol_hero',
        goal_kind: 'form',
        page: '/signup',
        target: 'form#signup',
        source: 'hero',
      },
    ]);
  });

  it('refuses a goal line its kind does not allow, naming the line, and imports nothing', async () => {
    const lines = (await readFile(join(dir, 'export.ndjson'), 'utf8')).trim().split('\n');
    const n = lines.findIndex((l) => JSON.parse(l).kind === 'goal') + 1;
    const bad = lines.map((l, i) => (i === n - 1 ? JSON.stringify({ ...JSON.parse(l), page: undefined }) : l));
    const file = join(dir, 'bad-goal.ndjson');
    await writeFile(file, `${bad.join('\n')}\n`);
    const target = await openDuckdbStore(':memory:');
    targets.push(target);
    await expect(importCommand(target, file)).rejects.toThrow(new RegExp(`^line ${n}: page: `));
    expect(await target.listProperties()).toEqual([]);
  });
});

import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../../contract/events.js';
import { importCommand } from '../../../cli/commands/import.js';
import { contentsOf } from '../../../cli/store-export/store-contents.js';
import { writeNdjson } from '../../../cli/store-export/write-ndjson.js';
import { writeParquet } from '../../../cli/store-export/write-parquet.js';
import { normalizeEvent } from '../../ingest/normalize-event.js';
import { reopenableStore } from '../../test-support/reopenable-store.js';
import type { GoalRecord, Scope, Store } from '../store.js';
import { Database } from './database.js';
import { openDuckdbStore } from './duckdb-store.js';

// What only the embedded store does for custom events and goals: the columns and table added to a
// store made before them, name and props through collect, export and import, and the goal figures'
// own paths (several properties in one scope, texts the store never saw, revenue summed exactly).

type Extra = Partial<Pick<StoredEvent, 'property_id' | 'name' | 'props' | 'target' | 'amount' | 'currency'>>;
const event = (
  type: StoredEvent['type'],
  session: string,
  minute: number,
  path: string,
  extra: Extra = {},
): StoredEvent => ({
  ...normalizeEvent(
    {
      type,
      property_id: 'a',
      visitor_id: `v-${session}`,
      session_id: session,
      path,
      ts: new Date(Date.UTC(2026, 2, 2, 10, minute)).toISOString(),
    },
    new Date(),
  ),
  ...extra,
});
const goal = (id: string, over: Partial<GoalRecord>): GoalRecord => ({
  id,
  property_id: 'a',
  name: id,
  kind: 'page',
  page: null,
  event: null,
  target: null,
  source: null,
  created_at: new Date('2026-03-01T09:00:00Z'),
  ...over,
});
const day: Scope = {
  propertyIds: ['a'],
  start: new Date('2026-03-02T00:00:00Z'),
  end: new Date('2026-03-03T00:00:00Z'),
};

async function exported(store: Store): Promise<StoredEvent[]> {
  const all: StoredEvent[] = [];
  for await (const batch of store.exportEvents()) all.push(...batch);
  return all.sort((x, y) => x.ts.getTime() - y.ts.getTime());
}
/** What an event says about itself beyond its ids (which an export rewrites). */
const named = (e: StoredEvent) => ({
  type: e.type,
  path: e.path,
  ...('name' in e ? { name: e.name } : {}),
  ...('props' in e ? { props: e.props } : {}),
});

const signup = event('custom', 's1', 1, '/signup', { name: 'Signup', props: { plan: 'pro', seats: '3', ünï: 'ça' } });
const payment = event('revenue', 's1', 2, '/signup', {
  name: 'Order',
  props: { order: 'A-1' },
  amount: 29,
  currency: 'USD',
});

describe('a store made before custom events and goals were kept', () => {
  const { open, dir } = reopenableStore('custom-events');

  it('gets the name and props columns and the goals table when opened; its rows read without name and props', async () => {
    let s = await open();
    await s.insertEvents([event('pageview', 's0', 0, '/')]);
    await s.close();
    // What the version before left: no name or props on events, no goals table or its sequence.
    const db = await Database.open(dir());
    await db.writer.run(
      'ALTER TABLE events DROP COLUMN props; ALTER TABLE events DROP COLUMN name; DROP TABLE goals; DROP SEQUENCE goal_seq',
    );
    await db.close();

    s = await open();
    expect(await s.listGoals('a')).toEqual([]);
    // Collected (through the collect inbox) after the upgrade: name and props as sent.
    await s.insertEvents([signup, payment]);
    expect((await exported(s)).map(named)).toEqual([
      { type: 'pageview', path: '/' },
      { type: 'custom', path: '/signup', name: 'Signup', props: { plan: 'pro', seats: '3', ünï: 'ça' } },
      { type: 'revenue', path: '/signup', name: 'Order', props: { order: 'A-1' } },
    ]);
    const g = goal('gol_signup', { kind: 'event', event: 'Signup' });
    await s.createGoal(g);
    expect(await s.listGoals('a')).toEqual([g]);
    expect(await s.goalFigures(day, [g])).toEqual([
      { visitors: 1, conversions: 1, revenue: [{ currency: 'USD', amount: 29 }] },
    ]);
  });

  it('gets the compact table of custom events and payments once from its events, bots left out', async () => {
    let s = await open();
    const bot = { ...event('custom', 's2', 3, '/signup', { name: 'Signup' }), is_bot: true };
    await s.insertEvents([
      signup,
      payment,
      bot,
      { ...event('revenue', 's2', 4, '/signup', { amount: 5, currency: 'USD' }), is_bot: true },
    ]);
    const g = goal('gol_signup', { kind: 'event', event: 'Signup' });
    const figures = [{ visitors: 1, conversions: 1, revenue: [{ currency: 'USD', amount: 29 }] }];
    expect(await s.goalFigures(day, [g])).toEqual(figures);
    await s.close();
    // What the version before left: custom events in `events` only.
    const db = await Database.open(dir());
    await db.writer.run(
      `DROP TABLE compact_custom_events; DELETE FROM store_migrations WHERE name = 'compact-custom-events'`,
    );
    await db.close();

    s = await open();
    expect(await s.goalFigures(day, [g])).toEqual(figures);
    await s.close();
    s = await open(); // and only once
    expect(await s.goalFigures(day, [g])).toEqual(figures);
  });
});

describe('export and import between embedded stores', () => {
  let dir: string | null = null;
  const stores: Store[] = [];
  afterEach(async () => {
    for (const s of stores.splice(0)) await s.close();
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = null;
  });

  it.each(['ndjson', 'parquet'] as const)(
    'carry name, props (key order kept) and goals (their order too) through %s',
    async (format) => {
      dir = await mkdtemp(join(tmpdir(), 'sightline-custom-export-'));
      const source = await openDuckdbStore(':memory:');
      stores.push(source);
      await source.createProperty({ id: 'a', name: 'A', domain: null, timezone: 'UTC' });
      // Two goals created in the same millisecond, listed in the order they were created.
      const goals = [
        goal('gol_z', { kind: 'event', event: 'Signup' }),
        goal('gol_a', { kind: 'form', source: 'hero', page: '/signup' }),
      ];
      for (const g of goals) await source.createGoal(g);
      await source.insertEvents([event('pageview', 's1', 0, '/signup'), signup, payment]);

      const path = join(dir, format === 'ndjson' ? 'export.ndjson' : 'export');
      if (format === 'ndjson') {
        const sink = createWriteStream(path);
        await writeNdjson(await contentsOf(source), sink);
        sink.end();
        await finished(sink);
      } else {
        await writeParquet(await contentsOf(source), path);
      }
      const target = await openDuckdbStore(':memory:');
      stores.push(target);
      expect(await importCommand(target, path)).toBe(
        'imported 1 property, 0 API keys, 0 saved funnels, 0 tests, 2 goals, 0 snapshots, 3 events',
      );
      expect(await target.listGoals('a')).toEqual(goals);
      const back = await exported(target);
      expect(back.map(named)).toEqual((await exported(source)).map(named));
      expect(Object.keys(back[1].props!)).toEqual(['plan', 'seats', 'ünï']);
      expect(await target.goalFigures(day, goals)).toEqual(await source.goalFigures(day, goals));
    },
  );
});

describe('goal figures', () => {
  const { open } = reopenableStore('goal-figures');

  it('count each goal in its own property when a scope has several, sessions of equal ids apart', async () => {
    const s = await open();
    await s.insertEvents([
      // The same session and visitor ids in both properties.
      event('pageview', 's1', 0, '/pricing'),
      event('click', 's1', 1, '/pricing', { target: 'a.buy' }),
      event('revenue', 's1', 2, '/pricing', { amount: 10, currency: 'EUR' }),
      event('pageview', 's1', 0, '/pricing', { property_id: 'b' }),
      event('pageview', 's1', 1, '/pricing', { property_id: 'b' }),
      event('custom', 's1', 2, '/pricing', { property_id: 'b', name: 'Signup' }),
      event('revenue', 's1', 3, '/pricing', { property_id: 'b', amount: 5, currency: 'USD' }),
    ]);
    const goals = [
      goal('a_pricing', { page: '/pricing' }),
      goal('b_pricing', { property_id: 'b', page: '/pricing' }),
      goal('a_buy', { kind: 'click', target: 'a.buy' }),
      goal('b_signup', { property_id: 'b', kind: 'event', event: 'Signup' }),
    ];
    const both = { ...day, propertyIds: ['a', 'b'] };
    expect(await s.goalFigures(both, goals)).toEqual([
      { visitors: 1, conversions: 1, revenue: [{ currency: 'EUR', amount: 10 }] },
      { visitors: 1, conversions: 2, revenue: [{ currency: 'USD', amount: 5 }] },
      { visitors: 1, conversions: 1, revenue: [{ currency: 'EUR', amount: 10 }] },
      { visitors: 1, conversions: 1, revenue: [{ currency: 'USD', amount: 5 }] },
    ]);
    // One property's scope: the other's goals count nothing there.
    expect((await s.goalFigures(day, goals)).map((f) => f.conversions)).toEqual([1, 0, 1, 0]);
  });

  it('match nothing for a text the store never saw, and sum revenue exactly per currency', async () => {
    const s = await open();
    await s.insertEvents([
      event('form_submit', 's1', 0, '/signup', { target: 'form#signup' }),
      event('revenue', 's1', 1, '/signup', { amount: 0.1, currency: 'USD' }),
      event('revenue', 's1', 2, '/signup', { amount: 0.2, currency: 'USD' }),
      event('revenue', 's1', 3, '/signup', { amount: 0, currency: 'EUR' }),
      event('revenue', 's1', 4, '/signup', { amount: 7 }), // no currency: left out
    ]);
    const goals = [
      goal('never', { kind: 'click', target: 'a.never-clicked' }),
      goal('forms', { kind: 'form', source: 'never-seen' }),
      goal('signup', { kind: 'form', target: 'form#signup', page: '/sign*' }),
    ];
    expect(await s.goalFigures(day, goals)).toEqual([
      { visitors: 0, conversions: 0, revenue: [] },
      { visitors: 0, conversions: 0, revenue: [] },
      {
        visitors: 1,
        conversions: 1,
        revenue: [
          { currency: 'EUR', amount: 0 },
          { currency: 'USD', amount: 0.3 },
        ],
      },
    ]);
    expect(await s.goalFigures(day, [])).toEqual([]);
  });
});

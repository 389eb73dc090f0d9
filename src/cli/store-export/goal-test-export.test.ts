import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../contract/events.js';
import { storedEvent } from '../../server/test-support/stored-event.js';
import { newExperiment } from '../../server/experiments/experiment-records.js';
import { openDuckdbStore } from '../../server/store/duckdb/duckdb-store.js';
import type { ExperimentRecord, GoalRecord, Store } from '../../server/store/store.js';
import { importCommand } from '../commands/import.js';
import { closeAndRemove, openChdbStore, writeExports } from '../test-support/export-files.js';

// A split test counting one of the property's goals moves with the goal it kept (goal_definition):
// DuckDB → NDJSON → ClickHouse (chDB) and DuckDB → Parquet → DuckDB give the same tests and figures,
// even once the goal itself is gone.

const at = (minute: number) => new Date(Date.UTC(2026, 4, 5, 10, minute));
const event = (session: string, minute: number, over: Partial<StoredEvent>): StoredEvent =>
  storedEvent({
    property_id: 'shop',
    ts: at(minute),
    session_id: session,
    path: '/pricing',
    country: 'US',
    device: 'desktop',
    browser: null,
    os: null,
    client_key: null,
    ...over,
  });
const buy: GoalRecord = {
  id: 'gol_buy',
  property_id: 'shop',
  name: 'Buy',
  kind: 'click',
  page: '/pricing',
  event: null,
  target: 'a.buy',
  source: null,
  created_at: at(-30),
};
const variants = [{ changes: [{ selector: 'h1', op: 'text' as const, value: 'New' }] }];
const goalTest = newExperiment(
  'shop',
  { name: 'Buy button', page: '/pricing', type: 'nocode', variants, goal: 'goal', goal_target: buy.id },
  at(-20),
  [buy],
);
const plainTest = newExperiment('shop', { name: 'Headline', page: '/pricing', type: 'nocode', variants }, at(-20));
// a converts (a.buy on /pricing), b clicks another element, c clicks a.buy on another page.
const exposed = (session: string, variant: number) => [
  event(session, 0, {}),
  ...[goalTest, plainTest].map((t) => event(session, 0.5, { type: 'exposure', experiment_id: t.id, variant })),
];
const events = [
  ...exposed('a', 0),
  event('a', 1, { type: 'click', target: 'a.buy' }),
  ...exposed('b', 1),
  event('b', 1, { type: 'click', target: 'a.other' }),
  ...exposed('c', 1),
  event('c', 1, { type: 'click', path: '/about', target: 'a.buy' }),
];

let dir: string;
let source: Store;
const targets: Store[] = [];
const byName = (tests: ExperimentRecord[]) => [...tests].sort((x, y) => x.name.localeCompare(y.name));

beforeAll(async () => {
  source = await openDuckdbStore(':memory:');
  await source.createProperty({ id: 'shop', name: 'Shop', domain: null, timezone: 'UTC' });
  await source.createGoal(buy);
  await source.createExperiment(goalTest);
  await source.createExperiment(plainTest);
  await source.insertEvents(events);
  // The goal is gone: the test still counts by the copy it kept, and so must the moved one.
  await source.deleteGoal('shop', buy.id);
  dir = await writeExports(source, 'goal-test-export');
});
afterAll(() => closeAndRemove([source, ...targets], dir));

describe.each([
  ['NDJSON into ClickHouse', () => join(dir, 'export.ndjson'), openChdbStore],
  ['Parquet into DuckDB', () => join(dir, 'parquet'), () => openDuckdbStore(':memory:')],
])('an export of a goal test, %s', (_name, path, open) => {
  it('gives the same tests, the goal test with its goal, and the same figures', async () => {
    const target = await open();
    targets.push(target);
    await importCommand(target, path());
    const moved = byName(await target.listExperiments('shop', { limit: 100 }));
    expect(moved).toEqual(byName([goalTest, plainTest]));
    expect(moved[0].goal_definition).toEqual({
      name: 'Buy',
      kind: 'click',
      page: '/pricing',
      event: null,
      target: 'a.buy',
      source: null,
    });
    const figures = await source.experimentFigures(goalTest);
    expect(figures.map((f) => [f.sessions, f.conversions])).toEqual([
      [1, 1],
      [2, 0],
    ]);
    expect(await target.experimentFigures(moved[0])).toEqual(figures);
  });
});

describe('the export line of a goal test', () => {
  it('carries goal_definition with only the fields its kind uses; other tests have none', async () => {
    const lines = (await readFile(join(dir, 'export.ndjson'), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
      .filter((l) => l.kind === 'experiment');
    expect(lines.find((l) => l.id === goalTest.id).goal_definition).toEqual({
      name: 'Buy',
      kind: 'click',
      page: '/pricing',
      target: 'a.buy',
    });
    expect(lines.find((l) => l.id === plainTest.id)).not.toHaveProperty('goal_definition');
  });
});

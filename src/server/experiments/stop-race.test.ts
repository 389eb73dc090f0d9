import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExperimentRecord, Store } from '../store/store.js';
import { PROP_A } from '../test-support/fixtures.js';
import { openTestStore, testStoreKind } from '../test-support/test-store.js';
import { newExperiment } from './experiment-records.js';

// Issue 11: several Sightline servers on one store behave as one, and an auto-stop happens once.
// Whoever races to complete a test, it ends with one stopped_at and reason, and exactly one caller
// is told it stopped it (the others get null, as for a test already complete).

const DAY = 86_400_000;
const body = {
  name: 'Race',
  page: '/race',
  type: 'nocode' as const,
  variants: [{ changes: [{ selector: 'h1', op: 'text' as const, value: 'x' }] }],
};

async function backdated(store: Store, ageMs: number, days: number | null): Promise<ExperimentRecord> {
  const e = newExperiment(
    PROP_A,
    { ...body, ...(days === null ? {} : { auto_stop_days: days }) },
    new Date(Date.now() - ageMs),
  );
  await store.createExperiment(e);
  return e;
}

/** How many of the callers' answers report the test as stopped by them. */
const stoppedBy = (answers: (ExperimentRecord | null | ExperimentRecord[])[], id: string) =>
  answers.filter((a) => (Array.isArray(a) ? a.some((e) => e.id === id) : a?.id === id)).length;

describe('racing stops on one store', () => {
  let store: Store;
  beforeAll(async () => {
    store = await openTestStore();
  });
  afterAll(() => store.close());

  it('an auto-stop and a manual stop at once: one stop, one caller told', async () => {
    const due = await backdated(store, 3 * DAY, 2);
    const answers = await Promise.all([
      store.autoStopExperiments(new Date(), PROP_A),
      store.stopExperiment(PROP_A, due.id, 'manual', new Date()),
      store.autoStopExperiments(new Date()),
    ]);
    expect(stoppedBy(answers, due.id)).toBe(1);
    const winner = answers.flat().find((a) => a?.id === due.id)!;
    expect(await store.getExperiment(PROP_A, due.id)).toMatchObject({
      status: 'complete',
      stopped_at: winner.stopped_at,
      reason: winner.reason,
    });
  });
});

// Two servers need two store objects on one database: chDB can open a database twice in one process,
// while an embedded DuckDB file is held by one process (and `:memory:` is private to its store), so
// there is no second DuckDB "server" to race with.
describe.skipIf(testStoreKind !== 'chdb')('two servers on one ClickHouse', () => {
  let first: Store;
  let second: Store;
  beforeAll(async () => {
    const { openClickhouseStore } = await import('../store/clickhouse/clickhouse-store.js');
    const database = `test_${randomUUID().replaceAll('-', '')}`;
    first = await openClickhouseStore({ target: { kind: 'chdb', path: ':memory:', database }, dropOnClose: true });
    second = await openClickhouseStore({ target: { kind: 'chdb', path: ':memory:', database } });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('see the same tests', async () => {
    const e = await backdated(first, DAY, null);
    expect(await second.getExperiment(PROP_A, e.id)).toEqual(e);
    expect((await second.updateExperiment(PROP_A, e.id, { name: 'Renamed' }))?.name).toBe('Renamed');
    expect((await first.getExperiment(PROP_A, e.id))?.name).toBe('Renamed');
  });

  it('auto-stop a due test once: one server is told, both read the same stop at created_at + auto_stop_days', async () => {
    const due = [await backdated(first, 3 * DAY, 2), await backdated(first, 5 * DAY, 1)];
    const answers = await Promise.all([
      first.autoStopExperiments(new Date()),
      second.autoStopExperiments(new Date(), PROP_A),
    ]);
    for (const e of due) {
      expect(stoppedBy(answers, e.id)).toBe(1);
      const expected = {
        status: 'complete',
        reason: 'auto_stop',
        stopped_at: new Date(e.created_at.getTime() + e.auto_stop_days! * DAY),
      };
      expect(await first.getExperiment(PROP_A, e.id)).toMatchObject(expected);
      expect(await second.getExperiment(PROP_A, e.id)).toMatchObject(expected);
    }
    // Nothing is left to stop on either.
    expect(await first.autoStopExperiments(new Date())).toEqual([]);
    expect(await second.autoStopExperiments(new Date())).toEqual([]);
  });

  it('stop a test once when both stop it by hand: the one told keeps its time and reason everywhere', async () => {
    const e = await backdated(first, DAY, null);
    const atFirst = new Date(Date.now() - 1_000);
    const atSecond = new Date();
    const answers = await Promise.all([
      first.stopExperiment(PROP_A, e.id, 'manual', atFirst),
      second.stopExperiment(PROP_A, e.id, 'winner found', atSecond),
    ]);
    expect(stoppedBy(answers, e.id)).toBe(1);
    const winner = (answers[0] ?? answers[1])!;
    expect(winner).toMatchObject({
      status: 'complete',
      ...(answers[0] ? { stopped_at: atFirst, reason: 'manual' } : { stopped_at: atSecond, reason: 'winner found' }),
    });
    for (const store of [first, second]) {
      expect(await store.getExperiment(PROP_A, e.id)).toMatchObject({
        status: 'complete',
        stopped_at: winner.stopped_at,
        reason: winner.reason,
      });
      expect(await store.stopExperiment(PROP_A, e.id, 'again', new Date())).toBeNull();
      expect(await store.activeExperiments(PROP_A)).not.toContainEqual(expect.objectContaining({ id: e.id }));
    }
  });

  it('an edit racing a stop does not reopen the test', async () => {
    const e = await backdated(first, DAY, null);
    await Promise.all([
      first.updateExperiment(PROP_A, e.id, { name: 'Late edit' }),
      second.stopExperiment(PROP_A, e.id, 'manual', new Date()),
    ]);
    expect((await first.getExperiment(PROP_A, e.id))?.status).toBe('complete');
    expect(await second.updateExperiment(PROP_A, e.id, { name: 'Too late' })).toBeNull();
  });
});

import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newExperiment } from '../../experiments/experiment-records.js';
import type { Store } from '../store.js';
import { chDb, type ChDb } from './clickhouse-db.js';
import { openClickhouseStore } from './clickhouse-store.js';
import { connectClickhouse } from './connect.js';
import { claimStops } from './experiment-stops.js';

// The stop claim's settle step (experiment-stops.ts): a claim stamped before ours that only becomes
// readable after we first looked (an insert still committing, or another server's clock) must still win.

const target = { kind: 'chdb' as const, path: ':memory:', database: `test_${randomUUID().replaceAll('-', '')}` };
let store: Store;
let db: ChDb;
beforeAll(async () => {
  store = await openClickhouseStore({ target, dropOnClose: true });
  db = chDb(await connectClickhouse(target), target.database, null);
});
afterAll(async () => {
  await db?.client.close();
  await store?.close();
});

const body = {
  name: 'Claimed',
  page: '/c',
  type: 'nocode' as const,
  variants: [{ changes: [{ selector: 'h1', op: 'text' as const, value: 'x' }] }],
};

async function claimAndMeanwhile(meanwhile: (id: string) => Promise<void>) {
  const e = newExperiment('site-a', body, new Date(Date.now() - 60_000));
  await store.createExperiment(e);
  const claiming = claimStops(db, [{ record: e, reason: 'manual', stoppedAt: new Date() }]);
  // Once our claim is in (and before its settle time is up), another lands.
  while ((await db.all('SELECT 1 FROM experiment_stops WHERE id = {id:String}', { id: e.id })).length === 0)
    await sleep(5);
  await meanwhile(e.id);
  return { e, won: await claiming };
}

const otherClaim = (id: string, offsetMs: number) =>
  db.run(
    `INSERT INTO experiment_stops (property_id, id, claimed_at, nonce, stopped_at, reason)
     SELECT 'site-a', {id:String}, now64(6) + toIntervalMillisecond({offset:Int64}), 'other', now64(3), 'by the other server'`,
    { id, offset: offsetMs },
  );

describe('stop claims', () => {
  it('a claim stamped earlier that shows up while ours settles wins: we are not told we stopped the test', async () => {
    const { e, won } = await claimAndMeanwhile((id) => otherClaim(id, -200));
    expect(won).toEqual([]);
    expect(await store.getExperiment('site-a', e.id)).toMatchObject({
      status: 'complete',
      reason: 'by the other server',
    });
  });

  it('a later claim does not take the stop away', async () => {
    const { e, won } = await claimAndMeanwhile((id) => otherClaim(id, 0));
    expect(won.map((w) => [w.id, w.reason])).toEqual([[e.id, 'manual']]);
    expect(await store.getExperiment('site-a', e.id)).toMatchObject({
      status: 'complete',
      reason: 'manual',
      stopped_at: won[0].stopped_at,
    });
  });
});

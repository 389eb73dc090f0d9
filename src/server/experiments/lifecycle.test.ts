import Fastify from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { experimentDetailResponse } from '../../contract/experiments.js';
import { buildApp } from '../app.js';
import { splitTestRoutes } from '../routes/split-test-routes.js';
import { openDuckdbStore } from '../store/duckdb/duckdb-store.js';
import type { Store } from '../store/store.js';
import {
  addKey,
  createTestEnv,
  endpointPath,
  get,
  patch,
  post,
  PROP_A,
  type TestEnv,
} from '../test-support/fixtures.js';
import { newExperiment } from './experiment-records.js';

const DAY = 86_400_000;
const body = {
  name: 'Auto',
  page: '/auto',
  type: 'nocode' as const,
  variants: [{ changes: [{ selector: 'h1', op: 'text' as const, value: 'x' }] }],
};

/** A test created `ageMs` ago with the given auto_stop_days, written through the store (the API always creates "now"). */
async function backdated(store: Store, ageMs: number, days: number | null) {
  const e = newExperiment(
    PROP_A,
    { ...body, ...(days === null ? {} : { auto_stop_days: days }) },
    new Date(Date.now() - ageMs),
  );
  await store.createExperiment(e);
  return e;
}

async function until(check: () => Promise<boolean>, timeoutMs = 2_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('auto-stop on read', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv();
  });
  afterAll(() => env.close());

  it('completes a test past its auto_stop_days when it is read, stopped at created_at + auto_stop_days exactly', async () => {
    const due = await backdated(env.store, 3 * DAY, 2);
    const running = await backdated(env.store, 3 * DAY, 4);
    const endless = await backdated(env.store, 400 * DAY, null);
    // Nothing has read them yet (the timer's first tick is a minute away).
    expect((await env.store.getExperiment(PROP_A, due.id))?.status).toBe('active');

    const r = await get(env, env.keys.a, endpointPath('splitTest', { experimentId: due.id }));
    const detail = experimentDetailResponse.parse(r.body);
    expect(detail).toMatchObject({
      status: 'complete',
      reason: 'auto_stop',
      stopped_at: new Date(due.created_at.getTime() + 2 * DAY).toISOString(),
    });

    const list = (await get(env, env.keys.a, endpointPath('splitTests'))).body.data;
    const status = Object.fromEntries(
      list.map((e: { experiment_id: string; status: string }) => [e.experiment_id, e.status]),
    );
    expect(status).toMatchObject({ [due.id]: 'complete', [running.id]: 'active', [endless.id]: 'active' });

    // complete is final
    expect((await post(env, env.keys.a, endpointPath('stopSplitTest', { experimentId: due.id }), {})).status).toBe(409);
    expect(
      (await patch(env, env.keys.a, endpointPath('updateSplitTest', { experimentId: due.id }), { auto_stop_days: 30 }))
        .status,
    ).toBe(409);
  });

  it('the list and the tracker config settle too, and a PATCH that shortens auto_stop_days below the age stops the test', async () => {
    const viaList = await backdated(env.store, 2 * DAY, 1);
    const listed = (await get(env, env.keys.a, endpointPath('splitTests', {}), { status: 'active' })).body.data;
    expect(listed.map((e: { experiment_id: string }) => e.experiment_id)).not.toContain(viaList.id);

    const viaConfig = await backdated(env.store, 2 * DAY, 1);
    const config = await env.app.inject({ method: 'GET', url: `/api/tracker/config?property=${PROP_A}` });
    expect(config.json().experiments.map((e: { id: string }) => e.id)).not.toContain(viaConfig.id);
    expect(await env.store.getExperiment(PROP_A, viaConfig.id)).toMatchObject({
      status: 'complete',
      reason: 'auto_stop',
    });

    const shortened = await backdated(env.store, 5 * DAY, 10);
    const r = await patch(env, env.keys.a, endpointPath('updateSplitTest', { experimentId: shortened.id }), {
      auto_stop_days: 3,
    });
    expect(r.body).toEqual({ experiment_id: shortened.id, name: 'Auto', status: 'complete', auto_stop_days: 3 });
    expect(await env.store.getExperiment(PROP_A, shortened.id)).toMatchObject({
      reason: 'auto_stop',
      stopped_at: new Date(shortened.created_at.getTime() + 3 * DAY),
    });
  });
});

describe('auto-stop by the timer', () => {
  it('stops a due test with nobody reading it, and stops checking once the app closes', async () => {
    const store = await openDuckdbStore(':memory:');
    const app = Fastify();
    await app.register(splitTestRoutes, { store, autoStopEveryMs: 20 });
    await app.ready();
    try {
      const due = await backdated(store, DAY + 1_000, 1);
      await until(async () => (await store.getExperiment(PROP_A, due.id))?.status === 'complete');
      expect(await store.getExperiment(PROP_A, due.id)).toMatchObject({
        reason: 'auto_stop',
        stopped_at: new Date(due.created_at.getTime() + DAY),
      });

      await app.close();
      const later = await backdated(store, 2 * DAY, 1);
      await new Promise((r) => setTimeout(r, 150));
      expect((await store.getExperiment(PROP_A, later.id))?.status).toBe('active');
    } finally {
      await app.close();
      await store.close();
    }
  });
});

describe('auto-stop across a restart', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sightline-autostop-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps tests in the data directory and stops one that ran out while the server was down', async () => {
    const first = await openDuckdbStore(dir);
    await first.createProperty({ id: PROP_A, name: 'Site A', domain: null, timezone: 'UTC' });
    const { key } = await addKey(first, [PROP_A]);
    const app1 = await buildApp({ store: first });
    const created = await app1.inject({
      method: 'POST',
      url: `/api/external/v1${endpointPath('createSplitTest')}`,
      payload: { ...body, auto_stop_days: 1 },
      headers: { authorization: `Bearer ${key}` },
    });
    expect(created.statusCode).toBe(201);
    // Created "a day and a minute ago" with auto_stop_days 1: due, but nothing reads it before the restart.
    const due = await backdated(first, DAY + 60_000, 1);
    await app1.close();
    await first.close();

    const second = await openDuckdbStore(dir);
    const app2 = await buildApp({ store: second });
    try {
      expect((await second.getExperiment(PROP_A, due.id))?.status).toBe('active');
      const read = async (id: string) => {
        const res = await app2.inject({
          method: 'GET',
          url: `/api/external/v1${endpointPath('splitTest', { experimentId: id })}`,
          headers: { authorization: `Bearer ${key}` },
        });
        expect(res.statusCode).toBe(200);
        return experimentDetailResponse.parse(res.json());
      };
      expect(await read(due.id)).toMatchObject({
        status: 'complete',
        reason: 'auto_stop',
        auto_stop_days: 1,
        created_at: due.created_at.toISOString(),
        stopped_at: new Date(due.created_at.getTime() + DAY).toISOString(),
      });
      expect(await read(created.json().experiment_id)).toMatchObject({
        status: 'active',
        auto_stop_days: 1,
        stopped_at: null,
        name: 'Auto',
      });
    } finally {
      await app2.close();
      await second.close();
    }
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { normalizeEvent } from '../ingest/normalize-event.js';
import { duckdbInternals, openDuckdbStore } from '../store/duckdb/duckdb-store.js';
import type { Scope, Store } from '../store/store.js';
import { generateEvents, type SeedOptions } from './generate-events.js';
import { seedStore } from './seed-store.js';

// A seed must store exactly what writing its events in one batch stores, whatever its batch and
// transaction sizes (the pipelined writer, the prefetch across commits, the paused background pass).

const opts: SeedOptions = {
  propertyId: 'demo',
  events: 24_000,
  days: 3,
  seed: 5,
  end: new Date('2026-03-02T00:00:00Z'),
};
const scope: Scope = {
  propertyIds: ['demo'],
  start: new Date('2026-02-27T00:00:00Z'),
  end: new Date('2026-03-02T00:00:00Z'),
};

const stores: Store[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
});

async function emptyStore() {
  const store = await openDuckdbStore(':memory:');
  stores.push(store);
  await store.createProperty({ id: 'demo', name: 'Demo', domain: null, timezone: 'UTC' });
  return store;
}

/** The stored rows, ordered; numbers given in write order (session and visitor numbers) left out. */
async function contents(store: Awaited<ReturnType<typeof emptyStore>>) {
  const { db, settle } = store[duckdbInternals];
  await settle();
  const rows = (sql: string) =>
    db.all(sql).then((r) => JSON.stringify(r, (_, v) => (typeof v === 'bigint' ? v.toString() : v)));
  return {
    events: await rows('SELECT * FROM events ORDER BY ALL'),
    sessions: await rows(
      'SELECT * EXCLUDE (session_no, pattern_no, arrival_no, client_no, visitor_no) FROM sessions ORDER BY ALL',
    ),
    compact: await rows(`SELECT (SELECT count(*) FROM compact_page_views), (SELECT count(*) FROM compact_engagements),
      (SELECT count(*) FROM compact_interactions), (SELECT count(*) FROM compact_custom_events),
      (SELECT sum(views) FROM compact_page_view_hours), (SELECT count(*) FROM visitor_numbers)`),
    // Each session with a person's page view carries its visitor's number, whichever it is.
    sessionVisitorsOff: await rows(`SELECT count(*) AS n FROM sessions s LEFT JOIN visitor_numbers v USING (visitor_key)
      WHERE NOT s.is_bot AND s.pageviews > 0 AND s.visitor_no IS DISTINCT FROM v.visitor_no`),
    summary: await store.trafficSummary(scope),
    pages: await store.pages(scope, 20),
    entryExit: await store.entryExitPages(scope, 10),
  };
}

describe('seedStore', () => {
  it('stores the same events, sessions and compact tables as one batch of the generated events', async () => {
    const seeded = await emptyStore();
    const progress: number[] = [];
    const count = await seedStore(seeded, opts, (done) => progress.push(done), {
      batch: 3_000,
      perTransaction: 10_000,
    });
    expect(count).toBe(24_000);
    expect(progress.at(-1)).toBe(24_000);
    expect(await seeded.countEvents()).toBe(24_000);

    const reference = await emptyStore();
    const now = new Date();
    const all = [...generateEvents(opts)].flat().map((e) => normalizeEvent(e, now));
    await reference.importEvents(
      (async function* () {
        yield all;
      })(),
    );

    const [a, b] = [await contents(seeded), await contents(reference)];
    expect(a.summary.page_views).toBeGreaterThan(1000);
    expect(a.sessionVisitorsOff).toBe('[{"n":0}]');
    expect(a).toEqual(b);
  });
});

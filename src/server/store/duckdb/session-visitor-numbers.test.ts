import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../../contract/events.js';
import type { Filter } from '../../../contract/filters.js';
import { normalizeEvent } from '../../ingest/normalize-event.js';
import { reopenableStore } from '../../test-support/reopenable-store.js';
import { Database } from './database.js';
import { duckdbInternals, type DuckdbInternals } from './duckdb-store.js';

// A session carries its visitor's number once it has a person's page view, whatever came first, and a
// store made before the column gets it once; the summary under a session filter counts visitors by it.

const event = (
  type: StoredEvent['type'],
  session: string,
  visitor: string,
  at: string,
  extra: Partial<StoredEvent> = {},
) => ({
  ...normalizeEvent(
    {
      type,
      property_id: 'a',
      visitor_id: visitor,
      session_id: session,
      path: '/',
      ts: at,
      target: type === 'click' ? '#go' : undefined,
    },
    new Date(),
  ),
  country: 'US',
  ...extra,
});
const us: Filter[] = [{ op: 'is', dimension: 'country', values: ['US'] }];
const day = {
  propertyIds: ['a'],
  start: new Date('2026-03-02T00:00:00Z'),
  end: new Date('2026-03-03T00:00:00Z'),
  filters: us,
};

const { open, dir } = reopenableStore('session-visitors');
const internals = (s: unknown) => (s as { [duckdbInternals]: DuckdbInternals })[duckdbInternals];
/** Each session's visitor number beside the one `visitor_numbers` gives its visitor (null: none). */
const numbers = (s: unknown) =>
  internals(s).db.all<{ id: string; visitor_no: number | null; expected: number | null }>(
    `SELECT s.session_key::VARCHAR AS id, s.visitor_no, n.visitor_no AS expected FROM sessions s
     LEFT JOIN visitor_numbers n USING (visitor_key) ORDER BY s.first_ts`,
  );

/** Written as a batch of its own: accepted batches are otherwise written together (collect-inbox.ts). */
const write = async (s: Awaited<ReturnType<typeof open>>, events: StoredEvent[]) => {
  await s.insertEvents(events);
  await internals(s).settle();
};

describe("a session's visitor number", () => {
  it("is set by the batch bringing a person's first page view and kept by later ones; a bot's session has none", async () => {
    const s = await open();
    await write(s, [event('click', 's1', 'v1', '2026-03-02T10:00:00Z')]); // no page view yet
    expect((await numbers(s)).map((r) => r.visitor_no)).toEqual([null]);
    await write(s, [event('pageview', 's1', 'v1', '2026-03-02T10:01:00Z')]);
    await write(s, [event('engagement', 's1', 'v1', '2026-03-02T10:02:00Z')]); // none in this batch
    // v1's second session: its visitor was numbered two batches ago, this batch brings its view.
    await write(s, [
      event('pageview', 's2', 'v1', '2026-03-02T11:00:00Z'),
      event('pageview', 's3', 'v2', '2026-03-02T11:00:00Z'),
    ]);
    await write(s, [event('pageview', 'bot', 'crawler', '2026-03-02T12:00:00Z', { is_bot: true })]);
    const rows = await numbers(s);
    expect(rows.map((r) => r.visitor_no)).toEqual([1, 1, 2, null]);
    expect(rows.map((r) => r.expected)).toEqual([1, 1, 2, null]);
    // Three sessions of two visitors; the bot's view is no one's.
    expect(await s.trafficSummary(day)).toMatchObject({ page_views: 3, unique_visitors: 2, sessions: 3 });
  });

  it('is given once to the sessions of a store made before the column', async () => {
    let s = await open();
    await s.insertEvents([
      event('pageview', 's1', 'v1', '2026-03-02T10:00:00Z'),
      event('pageview', 's2', 'v1', '2026-03-02T11:00:00Z'),
      event('pageview', 's3', 'v2', '2026-03-02T12:00:00Z', { country: 'CA' }),
    ]);
    await s.close();
    const db = await Database.open(dir(), 1);
    await db.writer.run(
      "ALTER TABLE sessions DROP COLUMN visitor_no; DELETE FROM store_migrations WHERE name = 'session-visitor-numbers'",
    );
    await db.close();
    s = await open();
    expect((await numbers(s)).map((r) => [r.visitor_no, r.expected])).toEqual([
      [1, 1],
      [1, 1],
      [2, 2],
    ]);
    expect(await s.trafficSummary(day)).toMatchObject({ page_views: 2, unique_visitors: 1, sessions: 2 });
    expect(
      await s.trafficSummary({ ...day, filters: [{ op: 'is_not', dimension: 'country', values: ['US'] }] }),
    ).toMatchObject({
      page_views: 1,
      unique_visitors: 1,
    });
  });
});

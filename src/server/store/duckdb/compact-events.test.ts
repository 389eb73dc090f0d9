import { describe, expect, it } from 'vitest';
import { normalizeEvent } from '../../ingest/normalize-event.js';
import { reopenableStore } from '../../test-support/reopenable-store.js';
import type { Store } from '../store.js';
import { Database } from './database.js';

// The compact tables must give the figures the events give: one number per text across batches and
// properties, bots left out, and a store written before them rebuilt once with the same answers.

type Input = Parameters<typeof normalizeEvent>[0];
const event = (e: Partial<Input> & Pick<Input, 'type' | 'visitor_id' | 'session_id' | 'path' | 'ts'>, property = 'a') =>
  normalizeEvent({ property_id: property, ...e } as Input, new Date());
const day = { propertyIds: ['a'], start: new Date('2026-03-02T00:00:00Z'), end: new Date('2026-03-03T00:00:00Z') };
const daily = { ...day, granularity: 'day' as const, offsets: [{ fromMs: null, offsetMinutes: 0 }] as never };

const { open, dir } = reopenableStore('compact');

const visit = (v: string, s: string, path: string, at: string, extra: Partial<Input> = {}) => [
  event({ type: 'pageview', visitor_id: v, session_id: s, path, ts: at, ...extra }),
  event({
    type: 'engagement',
    visitor_id: v,
    session_id: s,
    path,
    ts: at.replace(':00Z', ':30Z'),
    scroll_depth: 0.5,
    engaged_ms: 1000,
  }),
  event({ type: 'click', visitor_id: v, session_id: s, path, ts: at.replace(':00Z', ':20Z'), target: 'Buy' }),
];

async function figures(s: Store) {
  return {
    pages: await s.pages(day, 10),
    details: await s.pageDetails(day, '/pricing', 10),
    clicks: await s.interactions(daily, 'click', { limit: 10 }),
    funnel: await s.funnel({ scope: day, steps: ['/', '/pricing'], mode: 'sequential' } as never, 10),
    paths: await s.funnelPaths({ scope: day, steps: ['/', '/pricing'], mode: 'sequential' } as never, 5),
    after: await s.pathsAfter(day, '/', 3),
  };
}

describe('compact event tables', () => {
  it('number a path once across batches and properties, and leave bots out', async () => {
    const s = await open();
    await s.insertEvents([
      ...visit('v1', 's1', '/', '2026-03-02T10:00:00Z'),
      ...visit('v1', 's1', '/pricing', '2026-03-02T10:01:00Z'),
    ]);
    await s.insertEvents([...visit('v2', 's2', '/pricing', '2026-03-02T11:00:00Z')]);
    await s.insertEvents([
      event(
        { type: 'pageview', visitor_id: 'v3', session_id: 's3', path: '/pricing', ts: '2026-03-02T12:00:00Z' },
        'b',
      ),
    ]);
    await s.insertEvents([
      event({
        type: 'pageview',
        visitor_id: 'bot',
        session_id: 'sb',
        path: '/pricing',
        ts: '2026-03-02T12:00:00Z',
        user_agent: 'Googlebot/2.1 (+http://www.google.com/bot.html)',
      } as never),
    ]);
    const f = await figures(s);
    expect(f.pages.map((p) => [p.path, p.page_views, p.unique_visitors, p.avg_scroll_depth])).toEqual([
      ['/pricing', 2, 2, 0.5],
      ['/', 1, 1, 0.5],
    ]);
    expect(f.clicks.rows).toEqual([
      { page: '/pricing', target: 'Buy', label: null, count: 2, unique: 2, page_views: 2 },
      { page: '/', target: 'Buy', label: null, count: 1, unique: 1, page_views: 1 },
    ]);
    expect(f.funnel[0].reached).toEqual([1, 1]);
    expect(await s.pageDetails(day, '/never-seen', 10)).toEqual({
      totals: { page_views: 0, unique_visitors: 0, avg_scroll_depth: null, bounce_rate: null },
      rows: [],
    });
    expect((await s.interactions(daily, 'click', { limit: 10, page: '/never-seen' })).total).toEqual({
      count: 0,
      unique: 0,
    });
  });

  it('are built once from the events of a store written before them, with the same answers', async () => {
    const s = await open();
    await s.insertEvents([
      ...visit('v1', 's1', '/', '2026-03-02T10:00:00Z'),
      ...visit('v1', 's1', '/pricing', '2026-03-02T10:01:00Z'),
    ]);
    await s.insertEvents([
      ...visit('v2', 's2', '/', '2026-03-02T11:00:00Z'),
      ...visit('v2', 's2', '/signup', '2026-03-02T11:02:00Z'),
    ]);
    const before = await figures(s);
    await s.close();
    const db = await Database.open(dir());
    await db.writer
      .run(`DELETE FROM compact_page_views; DELETE FROM compact_engagements; DELETE FROM compact_interactions;
      DELETE FROM text_numbers; DELETE FROM store_migrations WHERE name = 'compact-events'`);
    await db.close();
    const reopened = await open();
    expect(before.pages.map((p) => p.path)).toEqual(['/', '/pricing', '/signup']);
    expect(await figures(reopened)).toEqual(before);
    await reopened.insertEvents(visit('v3', 's3', '/pricing', '2026-03-02T12:00:00Z')); // numbering goes on after the rebuilt texts
    expect((await reopened.pages(day, 10)).find((p) => p.path === '/pricing')).toMatchObject({
      page_views: 2,
      unique_visitors: 2,
    });
  });
});

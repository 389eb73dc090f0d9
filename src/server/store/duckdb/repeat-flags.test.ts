import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Database } from './database.js';
import { interactions } from './interaction-queries.js';
import { pages } from './page-queries.js';
import { flagRepeatsSql, repeatKeys } from './repeat-flags.js';
import { schemaSql } from './schema.js';
import { engagementHoursFromRowsSql } from './engagement-hours.js';

// Scroll depth must be the same exact mean over (session, page) whatever the flags say: before any
// flagging, with an old row flagged single and a new row of its pair not flagged yet, and after.

let db: Database;
beforeEach(async () => {
  db = await Database.open(':memory:', 1);
  await db.writer.run(schemaSql);
  await db.writer.run(`
    INSERT INTO text_numbers VALUES ('/a', 1);
    INSERT INTO compact_page_views (property_id, ts, session_key, visitor_no, path_no) VALUES ('p', '2026-03-02 10:00', 11, 1, 1), ('p', '2026-03-02 11:00', 12, 2, 1);
    -- Session 11 scrolled /a twice (0.3, then 0.7 in a later batch); session 12 once (0.9).
    INSERT INTO compact_engagements (property_id, ts, session_key, path_no, scroll_depth, repeated) VALUES
      ('p', '2026-03-02 10:01', 11, 1, 0.3, NULL), ('p', '2026-03-02 10:20', 11, 1, 0.7, NULL), ('p', '2026-03-02 11:01', 12, 1, 0.9, NULL)`);
});
afterEach(() => db.close());

const day = { propertyIds: ['p'], start: new Date('2026-03-02T00:00:00Z'), end: new Date('2026-03-03T00:00:00Z') };
// The rows are written here directly, so the hourly sums the write path keeps beside them are rebuilt.
const depth = async () => {
  await db.writer.run(`DELETE FROM compact_engagement_hours; ${engagementHoursFromRowsSql}`);
  return (await pages(db, day, 10))[0].avg_scroll_depth;
};
const flagAll = () => db.writer.run(flagRepeatsSql(repeatKeys.pageDepths));
const flags = async () =>
  (await db.all<{ repeated: boolean | null }>('SELECT repeated FROM compact_engagements ORDER BY ts')).map(
    (r) => r.repeated,
  );

describe('repeat flags', () => {
  it('leave the mean over (session, page) of the deepest scroll exact in every state', async () => {
    expect(await depth()).toBeCloseTo(0.8, 12); // nothing flagged: (0.7 + 0.9) / 2
    await db.writer.run(`UPDATE compact_engagements SET repeated = false WHERE scroll_depth IN (0.3, 0.9)`);
    expect(await flags()).toEqual([false, null, false]); // the first row was flagged before its pair's second arrived
    expect(await depth()).toBeCloseTo(0.8, 12);
    await flagAll();
    expect(await flags()).toEqual([true, true, false]);
    expect(await depth()).toBeCloseTo(0.8, 12);
  });

  it('flag only what changed on a second pass', async () => {
    await flagAll();
    await db.writer.run(
      `INSERT INTO compact_engagements (property_id, ts, session_key, path_no, scroll_depth, repeated) VALUES ('p', '2026-03-02 11:30', 12, 1, 0.95, NULL)`,
    );
    await flagAll();
    expect(await flags()).toEqual([true, true, true, true]);
    expect(await depth()).toBeCloseTo((0.7 + 0.95) / 2, 12);
  });

  it('leave distinct sessions of clicks and page visitors exact in every state', async () => {
    await db.writer.run(`INSERT INTO text_numbers VALUES ('Buy', 2);
      INSERT INTO compact_interactions (property_id, ts, is_form, session_key, path_no, target_no, source_no) VALUES
        ('p', '2026-03-02 10:02', false, 11, 1, 2, NULL), ('p', '2026-03-02 11:02', false, 12, 1, NULL, NULL)`);
    const daily = { ...day, granularity: 'day' as const, offsets: [{ fromMs: null, offsetMinutes: 0 }] as never };
    // The seed's fields of each row: labels and rates (issue 12) do not depend on the repeat flags.
    const report = async () => {
      const r = await interactions(db, daily, 'click', { limit: 10 });
      return { ...r, rows: r.rows.map(({ page, target, count, unique }) => ({ page, target, count, unique })) };
    };
    const visitors = async () => (await pages(db, day, 10))[0].unique_visitors;
    const expected = {
      rows: [
        { page: '/a', target: 'Buy', count: 2, unique: 1 },
        { page: '/a', target: 'unknown', count: 2, unique: 1 },
      ],
      trend: [{ bucket: '2026-03-02 00:00:00', count: 4, unique: 2 }],
      total: { count: 4, unique: 2 },
    };
    await db.writer.run(`${flagRepeatsSql(repeatKeys.interactionSessions)}`);
    // Each session clicks its target a second time, and visitor 1 views /a again: not flagged yet.
    await db.writer
      .run(`INSERT INTO compact_interactions (property_id, ts, is_form, session_key, path_no, target_no, source_no) VALUES
        ('p', '2026-03-02 10:03', false, 11, 1, 2, NULL), ('p', '2026-03-02 11:03', false, 12, 1, NULL, NULL);
      INSERT INTO compact_page_views (property_id, ts, session_key, visitor_no, path_no) VALUES ('p', '2026-03-02 12:00', 13, 1, 1)`);
    expect(await report()).toEqual(expected);
    expect(await visitors()).toBe(2);
    await db.writer.run(`${flagRepeatsSql(repeatKeys.interactionSessions)}`);
    expect(await report()).toEqual(expected);
    expect(await visitors()).toBe(2);
  });
});

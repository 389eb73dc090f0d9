import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../../contract/events.js';
import { storedEvent } from '../../test-support/stored-event.js';
import { Database } from './database.js';
import { schemaSql } from './schema.js';
import { dropSessionsPrimaryKey } from './sessions-key-migration.js';
import { writeEvents } from './write-events.js';

let db: Database;
beforeEach(async () => {
  db = await Database.open(':memory:', 1);
  await db.writer.run(schemaSql);
});
afterEach(() => db.close());

const view = (session: string, property: string, at: string, path: string): StoredEvent =>
  storedEvent({ property_id: property, ts: new Date(at), visitor_id: 'v', session_id: session, path });
const sessions = () =>
  db.all('SELECT property_id, entry_path, exit_path, pageviews FROM sessions ORDER BY property_id');

describe('sessions without a primary key', () => {
  it('keeps one row per session and property: the same session id in two properties stays two sessions', async () => {
    await db.transaction((c) =>
      writeEvents(c, [view('s', 'p', '2026-03-02T10:00:00Z', '/a'), view('s', 'q', '2026-03-02T10:00:00Z', '/x')]),
    );
    await db.transaction((c) => writeEvents(c, [view('s', 'p', '2026-03-02T10:01:00Z', '/b')]));
    await db.transaction((c) =>
      writeEvents(c, [view('s', 'q', '2026-03-02T09:59:00Z', '/w'), view('s', 'p', '2026-03-02T10:02:00Z', '/c')]),
    );
    expect(await sessions()).toEqual([
      { property_id: 'p', entry_path: '/a', exit_path: '/c', pageviews: 3 },
      { property_id: 'q', entry_path: '/w', exit_path: '/x', pageviews: 2 },
    ]);
  });

  it('rebuilds a store made with the key once, keeping its rows, and merges into it as before', async () => {
    await db.writer.run('DROP TABLE sessions');
    await db.writer.run(
      schemaSql.replace(
        /CREATE TABLE IF NOT EXISTS sessions \(([\s\S]*?)\n\);/,
        (_, cols) => `CREATE TABLE sessions (${cols.replace(/--.*\n/g, '')}, PRIMARY KEY (property_id, session_key));`,
      ),
    );
    const keyed = `SELECT count(*) AS n FROM duckdb_constraints() WHERE table_name = 'sessions' AND constraint_type = 'PRIMARY KEY'`;
    expect(await db.all(keyed)).toEqual([{ n: 1 }]);
    await db.transaction((c) => writeEvents(c, [view('s', 'p', '2026-03-02T10:00:00Z', '/a')]));
    await dropSessionsPrimaryKey(db);
    await dropSessionsPrimaryKey(db);
    expect(await db.all(keyed)).toEqual([{ n: 0 }]);
    await db.transaction((c) => writeEvents(c, [view('s', 'p', '2026-03-02T10:01:00Z', '/b')]));
    expect(await sessions()).toEqual([{ property_id: 'p', entry_path: '/a', exit_path: '/b', pageviews: 2 }]);
  });
});

import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StoredEvent } from '../../../contract/events.js';
import { storedEvent } from '../../test-support/stored-event.js';
import { DuckDBInstance } from '@duckdb/node-api';
import { openCollectInbox } from './collect-inbox.js';
import { Database } from './database.js';
import { schemaSql } from './schema.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function open(dir: string) {
  const db = await Database.open(dir, 1);
  await db.writer.run(schemaSql);
  const inbox = await openCollectInbox(db, dir);
  db.beforeRead = inbox.settled;
  return { db, inbox };
}

const view = (session: string, path: string, at: string): StoredEvent =>
  storedEvent({ property_id: 'p', ts: new Date(at), visitor_id: 'v', session_id: session, path });

describe('collect inbox', () => {
  it('lets a read right after an accepted batch see it, in events and sessions', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sightline-inbox-'));
    dirs.push(dir);
    const { db, inbox } = await open(dir);
    await inbox.accept([view('s', '/a', '2026-03-02T10:00:00Z')]);
    await inbox.accept([view('s', '/b', '2026-03-02T10:01:00Z')]);
    expect(await db.all('SELECT entry_path, exit_path, pageviews FROM sessions')).toEqual([
      { entry_path: '/a', exit_path: '/b', pageviews: 2 },
    ]);
    await inbox.close();
    await db.close();
  });

  it('has a batch on disk in its log by the time it is accepted', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sightline-inbox-'));
    dirs.push(dir);
    const { db, inbox } = await open(dir);
    await inbox.accept([view('s', '/logged', '2026-03-02T10:00:00Z')]);
    const logDir = join(dir, 'collect-inbox');
    const text = readdirSync(logDir)
      .map((f) => readFileSync(join(logDir, f), 'utf8'))
      .join('');
    expect(text).toMatch(/^1 \[.*"path":"\/logged".*\]\n$/);
    await inbox.close();
    await db.close();
    expect(readdirSync(logDir)).toEqual([]); // written into the store, so the log let it go
  });

  it('writes at the next start, once, the batches a killed server logged, and not an append cut short', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sightline-inbox-'));
    dirs.push(dir);
    // What a kill -9 leaves: two appended batches, and a third whose append the kill cut (never answered).
    mkdirSync(join(dir, 'collect-inbox'));
    const line = (seq: number, events: StoredEvent[]) => `${seq} ${JSON.stringify(events)}\n`;
    const torn = line(9, [view('x', '/torn', '2026-03-02T10:07:00Z')]).slice(0, 40);
    writeFileSync(
      join(dir, 'collect-inbox', '0000000000000007.log'),
      line(7, [view('s', '/a', '2026-03-02T10:00:00Z')]) +
        line(8, [view('s', '/b', '2026-03-02T10:05:00Z'), view('t', '/c', '2026-03-02T10:06:00Z')]) +
        torn,
    );
    for (let start = 0; start < 2; start++) {
      const { db, inbox } = await open(dir);
      expect(await db.all("SELECT path, ts FROM events WHERE path <> '/d' ORDER BY ts")).toEqual([
        { path: '/a', ts: new Date('2026-03-02T10:00:00Z') },
        { path: '/b', ts: new Date('2026-03-02T10:05:00Z') },
        { path: '/c', ts: new Date('2026-03-02T10:06:00Z') },
      ]);
      if (start === 0) await inbox.accept([view('u', '/d', '2026-03-02T11:00:00Z')]); // numbered after the batches left
      expect((await db.all<{ n: number }>("SELECT count(*) AS n FROM events WHERE path = '/d'"))[0].n).toBe(1);
      await inbox.close();
      await db.close();
    }
  });

  it('writes at the next start, once, the batches an inbox of the DuckDB kind left (before the log)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sightline-inbox-'));
    dirs.push(dir);
    // What a kill -9 leaves: two committed inbox rows, nothing written from them.
    const left = await DuckDBInstance.create(join(dir, 'collect-inbox.duckdb'));
    const conn = await left.connect();
    await conn.run('CREATE TABLE collect_inbox (seq BIGINT NOT NULL, events VARCHAR NOT NULL)');
    await conn.run(`INSERT INTO collect_inbox VALUES (7, '${JSON.stringify([view('s', '/a', '2026-03-02T10:00:00Z')])}'),
      (8, '${JSON.stringify([view('s', '/b', '2026-03-02T10:05:00Z'), view('t', '/c', '2026-03-02T10:06:00Z')])}')`);
    conn.closeSync();
    left.closeSync();
    for (let start = 0; start < 2; start++) {
      const { db, inbox } = await open(dir);
      expect(await db.all("SELECT path, ts FROM events WHERE path <> '/d' ORDER BY ts")).toEqual([
        { path: '/a', ts: new Date('2026-03-02T10:00:00Z') },
        { path: '/b', ts: new Date('2026-03-02T10:05:00Z') },
        { path: '/c', ts: new Date('2026-03-02T10:06:00Z') },
      ]);
      expect(
        await db.all("SELECT entry_path, exit_path FROM sessions WHERE entry_path <> '/d' ORDER BY entry_path"),
      ).toEqual([
        { entry_path: '/a', exit_path: '/b' },
        { entry_path: '/c', exit_path: '/c' },
      ]);
      if (start === 0) await inbox.accept([view('u', '/d', '2026-03-02T11:00:00Z')]); // numbered after the rows left
      expect((await db.all<{ n: number }>("SELECT count(*) AS n FROM events WHERE path = '/d'"))[0].n).toBe(1);
      await inbox.close();
      await db.close();
    }
  });

  it('reports its queue for /metrics: the events not yet written and how long the oldest has waited', async () => {
    const { db, inbox } = await open(':memory:');
    const clock = vi.spyOn(performance, 'now');
    try {
      expect(inbox.queue()).toEqual({ events: 0, oldestSeconds: 0 });
      clock.mockReturnValue(10_000);
      await inbox.accept([view('s', '/a', '2026-03-02T10:00:00Z'), view('s', '/b', '2026-03-02T10:01:00Z')]);
      clock.mockReturnValue(10_400);
      await inbox.accept([view('t', '/c', '2026-03-02T10:02:00Z')]);
      // Written only after a second's gathering (or a read): both batches still wait, the first 2.5 s.
      clock.mockReturnValue(12_500);
      expect(inbox.queue()).toEqual({ events: 3, oldestSeconds: 2.5 });
      clock.mockRestore();
      await inbox.settled();
      expect(inbox.queue()).toEqual({ events: 0, oldestSeconds: 0 });
    } finally {
      clock.mockRestore();
      await inbox.close();
      await db.close();
    }
  });
});

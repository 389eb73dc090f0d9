import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { openDuckdbStore } from '../../server/store/duckdb/duckdb-store.js';
import { shopStoreAndDir } from '../test-support/shop-store.js';
import { copyProgress } from '../store-export/copy-progress.js';
import { contentsOf, loadContents } from '../store-export/store-contents.js';
import { importCommand } from './import.js';
import { importProgress } from './import-progress.js';

// What the import and migrate show on stderr while they work (issue 44 §7: the bar sat at 100% for
// 9 s while committing; migrate said nothing for minutes). On a terminal the import shows its phases;
// elsewhere it prints nothing (scripts and tests read stderr for the error alone). Migrate prints a
// line per kind even when stderr is not a terminal.

/** Stderr as a terminal (or not), keeping what was written with the cursor codes taken out. */
class Stderr extends Writable {
  text = '';
  columns = 100;
  constructor(readonly isTTY: boolean) {
    super();
  }
  override _write(chunk: Buffer | string, _encoding: string, done: () => void) {
    this.text += String(chunk).replace(/\x1B(\[[0-9;?]*[A-Za-z]|[78])/g, '');
    done();
  }
}
const stderr = (isTTY: boolean) => new Stderr(isTTY) as Stderr & NodeJS.WriteStream;

const fx = shopStoreAndDir('import-progress-');

async function eventsFile(name: string, n: number) {
  const line = (i: number) =>
    JSON.stringify({
      type: 'pageview',
      property_id: 'shop',
      ts: '2026-03-02T10:00:00Z',
      visitor_id: `v${i}`,
      session_id: `s${i}`,
      path: `/p${i % 7}`,
    });
  const path = join(fx.dir, name);
  await writeFile(path, Array.from({ length: n }, (_, i) => line(i)).join('\n'));
  return path;
}

describe('import progress', () => {
  it('on a terminal: hashing, reading, then a committing line; the summary is unchanged', async () => {
    const err = stderr(true);
    const file = await eventsFile('tty.ndjson', 3_000);
    const progress = { file: importProgress(err), export: copyProgress(err) };
    expect(await importCommand(fx.store, file, { progress })).toBe('imported 3000 events');
    expect(err.text).toMatch(/hashing .* 100% \| 0\.\d\/0\.\d MB/);
    expect(err.text).toMatch(/reading .* 100% \| 0\.\d\/0\.\d MB/);
    expect(err.text).toMatch(/committing… \d+s/);
    expect(err.text.indexOf('committing')).toBeGreaterThan(err.text.lastIndexOf('reading'));
  });

  it('elsewhere: nothing at all', async () => {
    const err = stderr(false);
    const progress = { file: importProgress(err), export: copyProgress(err) };
    await importCommand(fx.store, await eventsFile('plain.ndjson', 10), { progress });
    expect(err.text).toBe('');
  });
});

describe('migrate progress (copyProgress with lines)', () => {
  it('says each kind as it is done, and the events so far while they copy, when stderr is no terminal', async () => {
    await importCommand(fx.store, await eventsFile('source.ndjson', 5_000));
    const target = await openDuckdbStore(':memory:');
    try {
      const err = stderr(false);
      // everyMs 0: a line for every batch (the real interval is 10 s).
      await loadContents(target, await contentsOf(fx.store), {
        progress: copyProgress(err, { lines: true, everyMs: 0 }),
      });
      const lines = err.text.trimEnd().split('\n');
      expect(lines.filter((l) => l.endsWith('copied so far')).length).toBeGreaterThan(0);
      expect(lines.filter((l) => !l.endsWith('copied so far'))).toEqual([
        'events: all read; committing…',
        'events: 5,000 copied',
        'properties: 1 copied',
        'API keys: 0 copied',
        'saved funnels: 0 copied',
        'tests: 0 copied',
        'goals: 0 copied',
        'accounts: 0 copied',
        'share links: 0 copied',
        'audit log entries: 0 copied',
        'snapshots: 0 copied',
      ]);
      expect(lines.at(-12)).toMatch(/^events: [\d,]+ copied so far$/);
    } finally {
      await target.close();
    }
  });

  it('counts up in place on a terminal', async () => {
    await importCommand(fx.store, await eventsFile('source-tty.ndjson', 100));
    const target = await openDuckdbStore(':memory:');
    try {
      const err = stderr(true);
      await loadContents(target, await contentsOf(fx.store), { progress: copyProgress(err) });
      expect(err.text).toMatch(/events: 100 copied \| \d+s/);
      expect(err.text).toMatch(/events: committing… \d+s/);
      expect(err.text).toMatch(/properties: 1 copied/);
    } finally {
      await target.close();
    }
  });
});

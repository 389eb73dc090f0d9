import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { shopStoreAndDir } from '../test-support/shop-store.js';
import { importFile } from './import-events.js';
import { MAX_LINE_CHARS } from './read-lines.js';

// An import reports every bad line in one run (issue 44 §7: five bad lines took five runs to learn),
// up to 100 of them, and still writes nothing.

const fx = shopStoreAndDir('import-bad-lines-');

const good = (i: number) =>
  JSON.stringify({
    type: 'pageview',
    property_id: 'shop',
    ts: '2026-03-02T10:00:00Z',
    visitor_id: `v${i}`,
    session_id: `s${i}`,
    path: '/',
  });
const file = async (name: string, lines: string[]) => {
  const path = join(fx.dir, name);
  await writeFile(path, lines.join('\n') + '\n');
  return path;
};
const failure = (path: string) =>
  importFile(fx.store, path).then(
    () => expect.unreachable('the import should fail'),
    (error: Error) => error.message,
  );

describe('import of a file with bad lines', () => {
  it('names every bad line, its field and what is wrong, and writes none of the good ones', async () => {
    const lines = Array.from({ length: 30_000 }, (_, i) => good(i)); // past a batch: written ones roll back
    lines[2] = good(2).replace('"path":"/"', '"path":"no-slash"');
    lines[9] = '{"type": "pageview",';
    lines[20_000] = good(0).replace('"shop"', '"ghost"');
    lines[29_999] = good(0).replace(',"ts":"2026-03-02T10:00:00Z"', '');
    const path = await file('five.ndjson', [...lines, '', good(9).replace('"v9"', '"not ok!"')]);
    expect((await failure(path)).split('\n')).toEqual([
      '5 bad lines; nothing was imported:',
      expect.stringMatching(/^ {2}line 3: path: /),
      '  line 10: (line): not valid JSON',
      '  line 20001: property_id: no property "ghost"',
      '  line 30000: ts: required on import (ISO-8601 with zone)',
      expect.stringMatching(/^ {2}line 30002: visitor_id: /),
    ]);
    expect(await fx.store.countEvents()).toBe(0);
  });

  it('names the first 100 and counts the rest', async () => {
    const path = await file('many.ndjson', [good(0), ...Array.from({ length: 250 }, () => '[]')]);
    const message = (await failure(path)).split('\n');
    expect(message[0]).toBe('250 bad lines; nothing was imported:');
    expect(message.slice(1, 101)).toEqual(
      Array.from({ length: 100 }, (_, i) => `  line ${i + 2}: (event): Invalid input: expected object, received array`),
    );
    expect(message.slice(101)).toEqual(['  … and 150 more']);
  });

  it('says one bad line in one line, as before', async () => {
    const path = await file('one.ndjson', [good(0), good(1).replace('"shop"', '"ghost"')]);
    expect(await failure(path)).toBe('line 2: property_id: no property "ghost"; nothing was imported');
  });

  it('stops at a line too long to read, still naming the bad lines before it', async () => {
    const long = `{"path":"/${'x'.repeat(MAX_LINE_CHARS)}"}`;
    const path = await file('long.ndjson', [good(0), '[]', long, '[]']);
    expect((await failure(path)).split('\n')).toEqual([
      '2 bad lines; nothing was imported:',
      '  line 2: (event): Invalid input: expected object, received array',
      `  line 3: (line): longer than ${MAX_LINE_CHARS} characters; not read further`,
    ]);
    const alone = await file('long-alone.ndjson', [good(0), long]);
    expect(await failure(alone)).toBe(`line 2: longer than ${MAX_LINE_CHARS} characters; nothing was imported`);
  });
});

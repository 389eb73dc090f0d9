import fc from 'fast-check';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLines } from './read-lines.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'read-lines-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function viaReadline(file: string): Promise<string[]> {
  const out: string[] = [];
  for await (const line of createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity }))
    out.push(line);
  return out;
}

async function viaReadLines(file: string, chunkBytes: number): Promise<string[]> {
  const out: string[] = [];
  for await (const lines of readLines(file, chunkBytes)) out.push(...lines);
  return out;
}

describe('readLines', () => {
  // Import errors name a line number, so the split must be readline's exactly, chunk borders included.
  it('splits every file into the lines readline gives, whatever the chunk size', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom('a', 'é', '€', '\n', '\r', '\r\n', ' ', '{}'), { maxLength: 40 }),
        fc.integer({ min: 1, max: 7 }),
        async (parts, chunkBytes) => {
          const file = join(dir, `f${n++}.txt`);
          await writeFile(file, parts.join(''));
          expect(await viaReadLines(file, chunkBytes)).toEqual(await viaReadline(file));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reads a large file in few chunks', async () => {
    const file = join(dir, 'big.ndjson');
    await writeFile(file, Array.from({ length: 50_000 }, (_, i) => `{"i":${i}}`).join('\n'));
    let chunks = 0;
    let lines = 0;
    for await (const batch of readLines(file)) {
      chunks++;
      lines += batch.length;
    }
    expect(lines).toBe(50_000);
    expect(chunks).toBeLessThan(5);
  });
});

describe('a line longer than the cap (issue 41: one 300 MB line took 4.4 min and 2.6 GB)', () => {
  const read = async (file: string) => {
    const out: string[] = [];
    for await (const lines of readLines(file, 64, 100)) out.push(...lines);
    return out;
  };

  it('is refused with its number as soon as it is seen, whether it ends a chunk, spans many or ends the file', async () => {
    const file = join(dir, 'long.ndjson');
    await writeFile(file, `a\nb\n${'x'.repeat(101)}\nc\n`);
    await expect(read(file)).rejects.toThrow('line 3: longer than 100 characters; nothing was imported');
    await writeFile(file, `a\n${'x'.repeat(5_000)}`);
    await expect(read(file)).rejects.toThrow('line 2: longer than 100 characters');
    await writeFile(file, `${'y'.repeat(99)}\r\n${'x'.repeat(100)}\n`);
    expect(await read(file)).toEqual(['y'.repeat(99), 'x'.repeat(100)]);
  });
});

import { DuckDBInstance } from '@duckdb/node-api';
import { createWriteStream } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_TEST_SIZE } from '../../contract/experiments.js';
import { openDuckdbStore } from '../../server/store/duckdb/duckdb-store.js';
import type { Store } from '../../server/store/store.js';
import { importCommand } from '../commands/import.js';
import { loadMovingDataset } from '../test-support/moving-dataset.js';
import { MAX_IMPORT_ROWS } from './export-format.js';
import { contentsOf } from './store-contents.js';
import { writeNdjson } from './write-ndjson.js';
import { writeParquet } from './write-parquet.js';

// Issue 41 §8: an export is a file from elsewhere. It plants no working key unless asked, no test
// whose changes the API would refuse, no gigabytes of tiny rows, and its errors name a line or a row.

let dir: string;
let target: Store;
let lines: Record<string, unknown>[];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sightline-trust-'));
  const source = await openDuckdbStore(':memory:');
  await loadMovingDataset(source, { seedEvents: 200 });
  const sink = createWriteStream(join(dir, 'export.ndjson'));
  await writeNdjson(await contentsOf(source), sink);
  sink.end();
  await finished(sink);
  await writeParquet(await contentsOf(source), join(dir, 'parquet'));
  await source.close();
  lines = (await readFile(join(dir, 'export.ndjson'), 'utf8'))
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
});
afterAll(() => rm(dir, { recursive: true, force: true }));
beforeEach(async () => {
  target = await openDuckdbStore(':memory:');
});
afterEach(() => target.close());

let files = 0;
/**
 * The export with its first no-code test, made a running one, replaced by `edit(line)`; and that
 * line's number. (Which of the dataset's tests ends stopped depends on an order of equal times.)
 */
async function withActiveTest(edit: (test: Record<string, unknown>) => Record<string, unknown>) {
  const n = lines.findIndex((l) => l.kind === 'experiment' && l.type === 'nocode');
  expect(n).toBeGreaterThan(0);
  const running = { ...lines[n], status: 'active', stopped_at: null, reason: null };
  const file = join(dir, `edited-${++files}.ndjson`);
  await writeFile(file, lines.map((l, i) => JSON.stringify(i === n ? edit(running) : l)).join('\n') + '\n');
  return { file, line: n + 1 };
}
type Variant = { label: string; changes: unknown[]; url?: string };
const variantsOf = (test: Record<string, unknown>) => test.variants as Variant[];

async function expectNothingImported() {
  expect(await target.listProperties()).toEqual([]);
  expect(await target.countEvents()).toBe(0);
}

describe('tests in an export', () => {
  it('refuses a running test whose change the API refuses (a style element’s text), naming the line and the change', async () => {
    const { file, line } = await withActiveTest((t) => ({
      ...t,
      variants: variantsOf(t).map((v, i) =>
        i === 1
          ? { ...v, changes: [{ selector: 'style', op: 'text', value: '@import url(//evil.example/x.css)' }] }
          : v,
      ),
    }));
    await expect(importCommand(target, file)).rejects.toThrow(
      new RegExp(`^line ${line}: variants\\.1\\.changes\\.0(\\.selector)?: .*nothing was imported$`),
    );
    await expectNothingImported();
  });

  it('refuses changes in the control, and a test larger than a page script carries', async () => {
    const control = await withActiveTest((t) => ({
      ...t,
      variants: variantsOf(t).map((v, i) =>
        i === 0 ? { ...v, changes: [{ selector: 'h1', op: 'text', value: 'Hi' }] } : v,
      ),
    }));
    await expect(importCommand(target, control.file)).rejects.toThrow(
      `line ${control.line}: variants.0: the control (variant 0) changes nothing and has no url; nothing was imported`,
    );
    // 200 KB of text changes (the attack's 5 MB made /sightline.js 5 MB), even on a test marked complete.
    const huge = await withActiveTest((t) => ({
      ...t,
      status: 'complete',
      stopped_at: t.created_at,
      variants: variantsOf(t).map((v, i) =>
        i === 1
          ? {
              ...v,
              changes: Array.from({ length: 40 }, () => ({ selector: 'p', op: 'text', value: 'x'.repeat(5_000) })),
            }
          : v,
      ),
    }));
    await expect(importCommand(target, huge.file)).rejects.toThrow(
      new RegExp(
        `^line ${huge.line}: variants: \\d+ characters; at most ${MAX_TEST_SIZE} per test; nothing was imported$`,
      ),
    );
    await expectNothingImported();
  });

  it('still moves a complete test whose change a later rule refuses: it is never served', async () => {
    const { file } = await withActiveTest((t) => ({
      ...t,
      status: 'complete',
      stopped_at: t.created_at,
      reason: 'manual',
      variants: variantsOf(t).map((v, i) =>
        i === 1 ? { ...v, changes: [{ selector: 'style', op: 'text', value: 'p{}' }] } : v,
      ),
    }));
    await expect(importCommand(target, file)).resolves.toMatch(/^imported 3 properties/);
  });

  it('keeps a test’s plan settings and more metrics, and refuses what the API would', async () => {
    const kept = await withActiveTest((t) => ({
      ...t,
      plan_settings: { minimum_detectable_effect: 0.2, min_days: 14 },
      metrics: [
        { goal: 'revenue', goal_target: null, role: 'guardrail' },
        { goal: 'destination_page', goal_target: '/thanks', role: 'secondary' },
      ],
    }));
    await importCommand(target, kept.file);
    const id = lines[kept.line - 1].id as string;
    const property = lines[kept.line - 1].property_id as string;
    expect((await target.getExperiment(property, id))?.plan_settings).toEqual({
      minimum_detectable_effect: 0.2,
      min_days: 14,
    });
    expect((await target.getExperiment(property, id))?.metrics).toEqual([
      { goal: 'revenue', goal_target: null, role: 'guardrail' },
      { goal: 'destination_page', goal_target: '/thanks', role: 'secondary' },
    ]);
    // A running test's metric is checked as a create checks it: a page goal needs its page.
    const noPage = await withActiveTest((t) => ({
      ...t,
      metrics: [{ goal: 'destination_page', goal_target: null, role: 'secondary' }],
    }));
    const empty = await openDuckdbStore(':memory:');
    try {
      await expect(importCommand(empty, noPage.file)).rejects.toThrow(
        new RegExp(`^line ${noPage.line}: metrics\\.0\\.goal_target: `),
      );
    } finally {
      await empty.close();
    }
    const bad = await withActiveTest((t) => ({ ...t, plan_settings: { min_days: 0 } }));
    const fresh = await openDuckdbStore(':memory:');
    try {
      await expect(importCommand(fresh, bad.file)).rejects.toThrow(
        new RegExp(`^line ${bad.line}: plan_settings\\.min_days: `),
      );
    } finally {
      await fresh.close();
    }
  });
});

describe('row caps', () => {
  it('refuses an NDJSON export with more properties than any store has, at the first one too many', async () => {
    const cap = MAX_IMPORT_ROWS.property!;
    const property = lines.find((l) => l.kind === 'property')!;
    const many = Array.from({ length: cap + 1 }, (_, i) => JSON.stringify({ ...property, id: `p${i}` }));
    const file = join(dir, 'many.ndjson');
    await writeFile(file, many.join('\n') + '\n');
    await expect(importCommand(target, file)).rejects.toThrow(
      `line ${cap + 1}: kind: more than ${cap} property lines (the most an export has); nothing was imported`,
    );
  });

  it('refuses a small Parquet file of 5M rows from its footer, before reading a row', async () => {
    const copy = join(dir, 'parquet-50m');
    await cp(join(dir, 'parquet'), copy, { recursive: true });
    const db = await DuckDBInstance.create(':memory:');
    const conn = await db.connect();
    // 5M alike rows compress to some tens of KB: the file's size says nothing about its rows.
    await conn.run(
      `COPY (SELECT 'p' || (i % 3) AS id, 'n' AS name, NULL::VARCHAR AS domain, 'UTC' AS timezone,
        TIMESTAMPTZ '2026-01-01 00:00:00+00' AS created_at FROM range(5000000) t(i))
      TO '${join(copy, 'properties.parquet')}' (FORMAT parquet)`,
    );
    conn.closeSync();
    db.closeSync();
    const started = Date.now();
    await expect(importCommand(target, copy)).rejects.toThrow(
      `properties.parquet: 5000000 rows; an export has at most ${MAX_IMPORT_ROWS.property} of this kind; nothing was imported`,
    );
    expect(Date.now() - started).toBeLessThan(5_000); // the footer, not the rows
    await expectNothingImported();
  });

  it('names the row and column of bad JSON in a Parquet file instead of throwing a SyntaxError', async () => {
    const copy = join(dir, 'parquet-bad-json');
    await cp(join(dir, 'parquet'), copy, { recursive: true });
    const db = await DuckDBInstance.create(':memory:');
    const conn = await db.connect();
    const file = join(copy, 'saved_funnels.parquet');
    await conn.run(
      `COPY (SELECT * REPLACE (CASE WHEN row_number() OVER () = 2 THEN '{"page": ' ELSE steps::VARCHAR END AS steps)
        FROM read_parquet('${file}')) TO '${file}.new' (FORMAT parquet)`,
    );
    conn.closeSync();
    db.closeSync();
    await cp(`${file}.new`, file);
    await rm(`${file}.new`);
    await expect(importCommand(target, copy)).rejects.toThrow(
      'saved_funnels.parquet row 2: steps: not valid JSON; nothing was imported',
    );
    await expectNothingImported();
  });
});

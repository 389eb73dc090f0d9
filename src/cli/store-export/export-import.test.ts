import { DuckDBInstance } from '@duckdb/node-api';
import { createWriteStream } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDuckdbStore } from '../../server/store/duckdb/duckdb-store.js';
import type { Store } from '../../server/store/store.js';
import { PROP_A, PROP_B } from '../../server/test-support/fixtures.js';
import { importCommand } from '../commands/import.js';
import { everyReport, expectSubstance, loadMovingDataset } from '../test-support/moving-dataset.js';
import { contentsOf } from './store-contents.js';
import { writeNdjson } from './write-ndjson.js';
import { writeParquet } from './write-parquet.js';

// `export` then `import` on the embedded store, in both formats: the same reports and records after,
// and an import that refuses (a bad line, an id the target has) leaves the target as it was.

let dir: string;
let source: Store;
let target: Store;
let reports: Record<string, unknown>;

async function exportNdjson(store: Store, file: string): Promise<void> {
  const sink = createWriteStream(file);
  await writeNdjson(await contentsOf(store), sink);
  sink.end();
  await finished(sink);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sightline-export-'));
  source = await openDuckdbStore(':memory:');
  await loadMovingDataset(source, { seedEvents: 2_000 });
  reports = await everyReport(source);
  expectSubstance(reports);
  await exportNdjson(source, join(dir, 'export.ndjson'));
  await writeParquet(await contentsOf(source), join(dir, 'parquet'));
});
afterAll(async () => {
  await source?.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  target = await openDuckdbStore(':memory:');
});
afterEach(async () => {
  await target.close();
});

/** The export's lines, parsed. */
async function exportLines(file = join(dir, 'export.ndjson')): Promise<Record<string, unknown>[]> {
  return (await readFile(file, 'utf8'))
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
}

/** Writes a copy of the NDJSON export with `edit` applied to its lines. */
async function editedExport(
  name: string,
  edit: (lines: Record<string, unknown>[]) => (Record<string, unknown> | string)[],
): Promise<string> {
  const file = join(dir, name);
  await writeFile(
    file,
    edit(await exportLines())
      .map((l) => (typeof l === 'string' ? l : JSON.stringify(l)))
      .join('\n') + '\n',
  );
  return file;
}

async function expectUntouched(store: Store) {
  expect(await store.countEvents()).toBe(0);
  expect(await store.listProperties()).toEqual([]);
  expect(await store.listApiKeys()).toEqual([]);
}

describe('the NDJSON export', () => {
  it('lists metadata first and events last, one kind per line, ids as key hashes, key hashes but no keys', async () => {
    const lines = await exportLines();
    const kinds = lines.map((l) => l.kind);
    const order = ['property', 'api_key', 'saved_funnel', 'experiment', 'snapshot', 'event'];
    expect(kinds.map((k) => order.indexOf(k as string))).toEqual(
      [...kinds.map((k) => order.indexOf(k as string))].sort((a, b) => a - b),
    );
    expect(kinds.filter((k) => k !== 'event')).toEqual([
      'property',
      'property',
      'property',
      'api_key',
      'api_key',
      'saved_funnel',
      'saved_funnel',
      'experiment',
      'experiment',
      'snapshot',
      'snapshot',
      'snapshot',
      'snapshot',
    ]);
    const events = lines.filter((l) => l.kind === 'event');
    expect(events).toHaveLength(await source.countEvents());
    for (const e of events.slice(0, 100)) {
      expect(e.visitor_id).toMatch(/^k[0-9a-f]{16}$/);
      expect(e.session_id).toMatch(/^k[0-9a-f]{16}$/);
    }
    for (const k of lines.filter((l) => l.kind === 'api_key')) {
      expect(Object.keys(k).sort()).toEqual([
        'created_at',
        'hash',
        'id',
        'kind',
        'metrics_read_only',
        'name',
        'permissions',
        'prefix',
        'property_ids',
        'revoked_at',
      ]);
    }
  });
});

describe.each([
  ['an NDJSON export', () => join(dir, 'export.ndjson')],
  ['a Parquet export', () => join(dir, 'parquet')],
])('import of %s', (_name, path) => {
  it('gives the same reports and records, created_at and revocations included, with --with-keys', async () => {
    const summary = await importCommand(target, path(), { withKeys: true });
    const [live] = (await source.listApiKeys()).filter((k) => !k.revoked_at);
    expect(summary.split('\n')).toEqual([
      'imported 3 properties, 2 API keys, 2 saved funnels, 2 tests, 4 snapshots, ' +
        `${await source.countEvents()} events`,
      // The revoked one opens nothing: only the live key is named.
      'this API key now opens the API (revoke any you do not know: keys revoke KEY_ID):',
      `  ${live.id} "${live.name}" ${live.prefix}… properties ${live.property_ids.join(', ')}; permissions ${live.permissions.join(', ')}`,
    ]);
    expect(await everyReport(target)).toEqual(reports);
  });

  it('leaves the keys out without --with-keys, and says so', async () => {
    expect((await importCommand(target, path())).split('\n')).toEqual([
      'imported 3 properties, 0 API keys, 2 saved funnels, 2 tests, 4 snapshots, ' +
        `${await source.countEvents()} events`,
      "left out the export's 2 API keys: to bring keys, import into an empty store with --with-keys",
    ]);
    expect(await target.listApiKeys()).toEqual([]);
  });

  it('refuses a store that already has one of its properties, and writes nothing', async () => {
    await target.createProperty({ id: PROP_A, name: 'Mine', domain: null, timezone: 'UTC' });
    await expect(importCommand(target, path())).rejects.toThrow(`the target store already has property "${PROP_A}"`);
    expect(await target.countEvents()).toBe(0);
    expect((await target.listProperties()).map((p) => p.name)).toEqual(['Mine']);
  });
});

describe('API keys', () => {
  /** The keys' permissions by their properties, after an import of `path`. */
  const importedPermissions = async (path: string) => {
    await importCommand(target, path, { withKeys: true });
    return Object.fromEntries((await target.listApiKeys()).map((k) => [k.property_ids.join('+'), k.permissions]));
  };
  const asNow = { [`acme-shop+${PROP_A}`]: ['metrics', 'experiments', 'configure'], [PROP_B]: ['metrics'] };
  // Before configure, a key with metrics also wrote goals and saved funnels, and "all" was two.
  const asBefore = {
    [`acme-shop+${PROP_A}`]: ['metrics', 'experiments', 'configure'],
    [PROP_B]: ['metrics', 'configure'],
  };

  it('keep their permissions through an export made now, a metrics-only key read-only', async () => {
    expect(await importedPermissions(join(dir, 'export.ndjson'))).toEqual(asNow);
  });

  it('keep their permissions through a Parquet export made now', async () => {
    expect(await importedPermissions(join(dir, 'parquet'))).toEqual(asNow);
  });

  it('with metrics in an NDJSON export made before configure get it, as the stores gave their own keys', async () => {
    const file = await editedExport('before-configure.ndjson', (lines) =>
      lines.map((l) => {
        if (l.kind !== 'api_key') return l;
        const { metrics_read_only: _marker, ...old } = l;
        return { ...old, permissions: (old.permissions as string[]).filter((p) => p !== 'configure') };
      }),
    );
    expect(await importedPermissions(file)).toEqual(asBefore);
  });

  it('with metrics in a Parquet export made before configure get it too', async () => {
    const old = join(dir, 'parquet-before-configure');
    await cp(join(dir, 'parquet'), old, { recursive: true });
    const instance = await DuckDBInstance.create(':memory:');
    const conn = await instance.connect();
    const keys = join(old, 'api_keys.parquet');
    await conn.run(
      `COPY (SELECT * EXCLUDE (metrics_read_only) REPLACE (list_filter(permissions, p -> p != 'configure') AS permissions)
       FROM read_parquet('${join(dir, 'parquet', 'api_keys.parquet')}')) TO '${keys}' (FORMAT parquet)`,
    );
    conn.closeSync();
    instance.closeSync();
    expect(await importedPermissions(old)).toEqual(asBefore);
  });
});

describe('the Parquet export', () => {
  it('is one file per kind, and nothing else', async () => {
    expect((await readdir(join(dir, 'parquet'))).sort()).toEqual([
      'api_keys.parquet',
      'events.parquet',
      'experiments.parquet',
      'properties.parquet',
      'saved_funnels.parquet',
      'snapshots.parquet',
    ]);
  });

  it('refuses a directory that is not empty', async () => {
    const busy = join(dir, 'busy');
    await mkdir(busy);
    await writeFile(join(busy, 'notes.txt'), 'mine');
    await expect(writeParquet(await contentsOf(source), busy)).rejects.toThrow(/is not empty/);
    expect(await readdir(busy)).toEqual(['notes.txt']);
  });
});

describe('a bad NDJSON export', () => {
  it('names the line of a bad event, even the last, and imports nothing', async () => {
    const file = await editedExport('bad-event.ndjson', (lines) => [
      ...lines,
      { ...lines[lines.length - 1], visitor_id: 'not ok!' },
    ]);
    const lineCount = (await exportLines()).length + 1;
    await expect(importCommand(target, file)).rejects.toThrow(
      new RegExp(`^line ${lineCount}: visitor_id: .*nothing was imported`),
    );
    await expectUntouched(target);
  });

  it('names the line of a bad snapshot and imports nothing', async () => {
    const file = await editedExport('bad-snapshot.ndjson', (lines) =>
      lines.map((l) => (l.kind === 'snapshot' ? { ...l, elements: 'nope' } : l)),
    );
    const line = (await exportLines()).findIndex((l) => l.kind === 'snapshot') + 1;
    await expect(importCommand(target, file)).rejects.toThrow(new RegExp(`^line ${line}: elements: `));
    await expectUntouched(target);
  });

  it('refuses an unknown kind, broken JSON, and metadata among the events', async () => {
    const unknown = await editedExport('unknown-kind.ndjson', (lines) => [
      lines[0],
      { ...lines[1], kind: 'user' },
      ...lines.slice(2),
    ]);
    await expect(importCommand(target, unknown)).rejects.toThrow(/^line 2: kind: /);
    const broken = await editedExport('broken.ndjson', (lines) => [
      lines[0],
      '{"kind": "property",',
      ...lines.slice(1),
    ]);
    await expect(importCommand(target, broken)).rejects.toThrow(/^line 2: \(line\): not valid JSON/);
    const late = await editedExport('late-property.ndjson', (lines) => [...lines, lines[0]]);
    await expect(importCommand(target, late)).rejects.toThrow(/kind: a property among the events/);
    await expectUntouched(target);
  });

  it('refuses an event of a property neither the export nor the target has', async () => {
    const file = await editedExport('ghost.ndjson', (lines) => [
      ...lines,
      { ...lines[lines.length - 1], property_id: 'ghost' },
    ]);
    await expect(importCommand(target, file)).rejects.toThrow(/property_id: no property "ghost"/);
    await expectUntouched(target);
  });
});

describe('import of events in the operations.md §3 format', () => {
  it('still imports them as before', async () => {
    await target.createProperty({ id: PROP_A, name: 'A', domain: null, timezone: 'UTC' });
    const file = join(dir, 'events.ndjson');
    await writeFile(
      file,
      `${JSON.stringify({ type: 'pageview', property_id: PROP_A, ts: '2026-03-02T10:00:00Z', visitor_id: 'v', session_id: 's', path: '/' })}\n`,
    );
    expect(await importCommand(target, file)).toBe('imported 1 events');
  });
});

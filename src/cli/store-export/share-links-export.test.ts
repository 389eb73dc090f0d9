import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashKey } from '../../server/auth/api-keys.js';
import { openDuckdbStore } from '../../server/store/duckdb/duckdb-store.js';
import type { ShareLinkRecord, Store } from '../../server/store/store.js';
import { importCommand } from '../commands/import.js';
import { closeAndRemove, openChdbStore, writeExports } from '../test-support/export-files.js';
import { contentsOf } from './store-contents.js';
import { writeParquet } from './write-parquet.js';

// Share links move with an export (issue 43 §4) as stored (the token's and password's hashes), and
// only with --with-keys: like a key, a link from a file is a way in to reports.

const at = (day: number) => new Date(Date.UTC(2026, 4, day, 10));
let dir: string;
let source: Store;
const targets: Store[] = [];
const links: ShareLinkRecord[] = [
  {
    id: 'shr_board',
    property_id: 'shop',
    token_hash: hashKey('a-token-nobody-knows-0123456789'),
    label: 'Board',
    reports: ['traffic', 'pages'],
    filters: [['is', 'country', ['US', null]]],
    password_hash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g',
    embed: true,
    frame_ancestors: ['https://blog.example.com'],
    created_by: 'ana@example.com',
    created_at: at(1),
    expires_at: at(30),
    revoked_at: null,
  },
  {
    id: 'shr_old',
    property_id: 'shop',
    token_hash: hashKey('another-token-nobody-knows-0123'),
    label: 'Old',
    reports: ['traffic'],
    filters: [],
    password_hash: null,
    embed: false,
    frame_ancestors: [],
    created_by: 'the printed sign-in link',
    created_at: at(2),
    expires_at: null,
    revoked_at: at(3),
  },
];

beforeAll(async () => {
  source = await openDuckdbStore(':memory:');
  await source.createProperty({ id: 'shop', name: 'Shop', domain: null, timezone: 'UTC' });
  for (const l of links) await source.createShareLink(l);
  dir = await writeExports(source, 'share-export');
});
afterAll(() => closeAndRemove([source, ...targets], dir));

describe.each([
  ['NDJSON into DuckDB', () => join(dir, 'export.ndjson'), () => openDuckdbStore(':memory:')],
  ['Parquet into ClickHouse', () => join(dir, 'parquet'), openChdbStore],
])('an export with share links, %s', (_name, path, open) => {
  it('leaves them out without --with-keys, then brings them as they were', async () => {
    const without = await open();
    targets.push(without);
    expect(await importCommand(without, path())).toBe(
      "imported 1 property, 0 API keys, 0 saved funnels, 0 tests, 0 snapshots, 0 events\nleft out the export's 2 share links: to bring them, import into an empty store with --with-keys",
    );
    expect(await without.listShareLinks()).toEqual([]);
    const target = await open();
    targets.push(target);
    expect(await importCommand(target, path(), { withKeys: true })).toBe(
      'imported 1 property, 0 API keys, 0 saved funnels, 0 tests, 2 share links, 0 snapshots, 0 events',
    );
    expect(await target.listShareLinks()).toEqual(links);
    expect(await target.shareLinkByHash(links[0].token_hash)).toEqual(links[0]);
  });
});

describe('the export of share links', () => {
  it('has share_links.parquet only when there are share links', async () => {
    expect(await readdir(join(dir, 'parquet'))).toContain('share_links.parquet');
    const empty = await openDuckdbStore(':memory:');
    targets.push(empty);
    await writeParquet(await contentsOf(empty), join(dir, 'none'));
    expect(await readdir(join(dir, 'none'))).not.toContain('share_links.parquet');
  });
});

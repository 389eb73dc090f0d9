import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  cleanUp,
  cliOk,
  createKeyViaCli,
  linesOf,
  makeTempDir,
  qs,
  runCli,
  startServer,
  writeNdjson,
  type CliResult,
} from './test-support/spawn-helpers.js';

// `export`, `import` of an export and `migrate --to clickhouse` through the real CLI (operations.md §2,
// docs/moving-between-stores.md): what goes to stdout and stderr, and that a key made on one
// installation still opens the same figures on the one its export was imported into.

const PROPERTY = 'shop';
const events = [
  {
    type: 'pageview',
    property_id: PROPERTY,
    ts: '2026-03-02T10:00:00Z',
    visitor_id: 'v1',
    session_id: 's1',
    path: '/',
    device: 'desktop',
    country: 'DE',
  },
  {
    type: 'pageview',
    property_id: PROPERTY,
    ts: '2026-03-02T10:01:00Z',
    visitor_id: 'v1',
    session_id: 's1',
    path: '/pricing',
  },
  {
    type: 'click',
    property_id: PROPERTY,
    ts: '2026-03-02T10:02:00Z',
    visitor_id: 'v1',
    session_id: 's1',
    path: '/pricing',
    target: 'a.buy',
  },
  {
    type: 'pageview',
    property_id: PROPERTY,
    ts: '2026-03-02T11:00:00Z',
    visitor_id: 'v2',
    session_id: 's2',
    path: '/',
  },
];
const range = qs({ start: '2026-03-01', end: '2026-03-03' });

let source: string;
let key: string;
let exported: CliResult;

async function ok(dataDir: string, args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  const result = await runCli(dataDir, args, { env, timeoutMs: 90_000 });
  if (result.code !== 0)
    throw new Error(`cli ${args.join(' ')} exited ${result.code}\nstdout: ${result.stdout}\nstderr: ${result.stderr}`);
  return result;
}

/** The traffic summary a server on `dataDir` answers for `key`. */
async function summaryOn(dataDir: string, env: Record<string, string> = {}) {
  const server = await startServer(dataDir, { env });
  try {
    const r = await server.get(`${API}/properties/${PROPERTY}/traffic/summary${range}`, key);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  } finally {
    await server.stop();
  }
}

beforeAll(async () => {
  source = await makeTempDir();
  await cliOk(source, ['properties', 'create', '--id', PROPERTY, '--name', 'Shop']);
  key = await createKeyViaCli(source, [PROPERTY]);
  await cliOk(source, ['import', await writeNdjson(source, 'events.ndjson', events)]);
  exported = await cliOk(source, ['export']);
});
afterAll(cleanUp);

describe('export', () => {
  it('writes NDJSON to stdout (metadata first, events last) and its summary to stderr, never a key', () => {
    const lines = linesOf(exported.stdout).map((l) => JSON.parse(l));
    expect(lines.map((l) => l.kind)).toEqual(['property', 'api_key', 'event', 'event', 'event', 'event']);
    expect(lines[0]).toMatchObject({ id: PROPERTY, name: 'Shop', domain: null, timezone: 'UTC' });
    expect(lines[1].hash).toMatch(/\S/);
    expect(exported.stdout).not.toContain(key);
    expect(exported.stdout).not.toContain(key.slice(3));
    expect(linesOf(exported.stderr)).toEqual([
      'exported 1 property, 1 API key, 0 saved funnels, 0 tests, 0 snapshots, 4 events',
    ]);
  });

  it('writes a file with --out and a Parquet directory with --format parquet, the summary on stdout', async () => {
    const file = join(source, 'export.ndjson');
    const toFile = await cliOk(source, ['export', '--out', file]);
    expect(linesOf(toFile.stdout)).toEqual([
      `exported 1 property, 1 API key, 0 saved funnels, 0 tests, 0 snapshots, 4 events to ${file}`,
    ]);
    expect(await readFile(file, 'utf8')).toBe(exported.stdout);
    const dir = join(source, 'parquet');
    const toDir = await cliOk(source, ['export', '--format', 'parquet', '--out', dir]);
    expect(linesOf(toDir.stdout)).toEqual([
      `exported 1 property, 1 API key, 0 saved funnels, 0 tests, 0 snapshots, 4 events to ${dir}`,
    ]);
    expect((await readdir(dir)).length).toBe(6);
  });

  it('refuses a Parquet export without --out, an unknown format and an existing file', async () => {
    for (const [args, message] of [
      [['export', '--format', 'parquet'], /--out DIR/],
      [['export', '--format', 'csv'], /--format: ndjson or parquet, not "csv"/],
      [['export', '--out', join(source, 'events.ndjson')], /already exists/],
    ] as const) {
      const result = await runCli(source, [...args]);
      expect(result.code).not.toBe(0);
      expect(result.stdout).toBe('');
      expect(linesOf(result.stderr)).toEqual([expect.stringMatching(message)]);
    }
  });
});

describe('import of an export', () => {
  it.each(['export.ndjson', 'parquet'])(
    'from %s: the same key opens the same figures on the new installation',
    async (name) => {
      const target = await makeTempDir();
      // Keys come in only when asked for, each then named (a file from elsewhere plants none).
      const imported = await cliOk(target, ['import', join(source, name), '--with-keys']);
      const [summary, warning, key] = linesOf(imported.stdout);
      expect(summary).toBe('imported 1 property, 1 API key, 0 saved funnels, 0 tests, 0 snapshots, 4 events');
      expect(warning).toBe('this API key now opens the API (revoke any you do not know: keys revoke KEY_ID):');
      expect(key).toMatch(/^ {2}key_\S+ ".*" \S+… properties /);
      expect(await summaryOn(target)).toEqual(await summaryOn(source));
    },
    120_000,
  );
});

describe('migrate --to clickhouse', () => {
  it('copies DATA_DIR into CLICKHOUSE_URL and says the counts agree; the server on ClickHouse answers the same', async () => {
    const clickhouse = { CLICKHOUSE_URL: `chdb:${join(await makeTempDir(), 'ch')}` };
    const migrated = await ok(source, ['migrate', '--to', 'clickhouse'], clickhouse);
    expect(linesOf(migrated.stdout)).toEqual([
      'migrated 1 property, 1 API key, 0 saved funnels, 0 tests, 0 snapshots, 4 events from DuckDB to ClickHouse; the counts agree',
    ]);
    const again = await runCli(source, ['migrate', '--to', 'clickhouse'], { env: clickhouse, timeoutMs: 90_000 });
    expect(again.code).not.toBe(0);
    expect(again.stderr).toMatch(/^error: the target store already has property "shop"/);
    expect(await summaryOn(source, { STORE: 'clickhouse', ...clickhouse })).toEqual(await summaryOn(source));
  }, 240_000);

  it('needs --to and CLICKHOUSE_URL', async () => {
    expect((await runCli(source, ['migrate'])).stderr).toMatch(/^error: usage: migrate --to clickhouse/);
    expect((await runCli(source, ['migrate', '--to', 'clickhouse'])).stderr).toMatch(
      /^error: migrate needs CLICKHOUSE_URL/,
    );
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  cleanUp,
  cliOk,
  createKeyViaCli,
  killChildren,
  linesOf,
  makeTempDir,
  qs,
  runCli,
  startServer,
  writeNdjson,
} from './test-support/spawn-helpers.js';

// operations.md §2 `import FILE`: all or nothing, line number and field on failure, count on success.
//
// One DATA_DIR for the whole file (property and key made once): a valid file is imported, then each
// bad file is rejected, then the server must report exactly the valid file's events. Every bad file's
// good lines use a path of their own (/leak-…), so a partial import shows which case leaked.

const PROPERTY = 'shop';
const DAY = '2026-03-02';
const at = (time: string) => `${DAY}T${time}Z`;
const base = (visitor: string, time: string, path: string) => ({
  property_id: PROPERTY,
  ts: at(time),
  visitor_id: visitor,
  session_id: `s-${visitor}`,
  path,
});

const validEvents = [
  {
    type: 'pageview',
    ...base('v1', '10:00:00', '/'),
    referrer: 'https://www.google.com/',
    device: 'desktop',
    country: 'DE',
  },
  { type: 'pageview', ...base('v1', '10:01:00', '/pricing') },
  { type: 'click', ...base('v1', '10:02:00', '/pricing'), target: 'a.buy', href: '/checkout' },
  { type: 'engagement', ...base('v1', '10:03:00', '/pricing'), scroll_depth: 0.8, engaged_ms: 42_000 },
  { type: 'pageview', ...base('v2', '11:00:00', '/signup'), utm_source: 'newsletter' },
  { type: 'form_submit', ...base('v2', '11:01:00', '/signup'), target: 'form#signup', source: 'signup' },
  { type: 'engagement', ...base('v2', '11:02:00', '/signup'), scroll_depth: 0.5, engaged_ms: 9_000 },
  { type: 'pageview', ...base('v3', '12:00:00', '/'), device: 'mobile' },
];

/** Lines 1, 2 and 4 are good page views on /leak-NAME; line 3 is `bad`. */
const withBadLine3 = (name: string, bad: object | string) => {
  const good = (i: number) => ({ type: 'pageview', ...base(`leak${i}`, `09:0${i}:00`, `/leak-${name}`) });
  return [good(1), good(2), bad, good(4)];
};
const goodLine = { type: 'pageview', ...base('x', '09:30:00', '/x') };

const badFiles: Array<{ name: string; lines: Array<object | string>; line: number; field: RegExp }> = [
  { name: 'path', lines: withBadLine3('path', { ...goodLine, path: 'no-slash' }), line: 3, field: /\bpath\b/ },
  { name: 'json', lines: withBadLine3('json', '{"type": "pageview", "property_id": "shop",'), line: 3, field: /JSON/ },
  { name: 'ts', lines: withBadLine3('ts', { ...goodLine, ts: undefined }), line: 3, field: /\bts\b/ },
  {
    name: 'property',
    lines: withBadLine3('property', { ...goodLine, property_id: 'ghost' }),
    line: 3,
    field: /property_id.*ghost/,
  },
  {
    // Past the importer's first 50,000-line batch, so the rollback has to cover written batches too.
    name: 'late',
    lines: [
      ...Array.from({ length: 50_002 }, (_, i) => ({
        type: 'pageview',
        ...base(`late${i % 500}`, '08:00:00', '/leak-late'),
      })),
      { ...goodLine, visitor_id: 'not ok!' },
    ],
    line: 50_003,
    field: /visitor_id/,
  },
];

let dataDir: string;
let key: string;
beforeAll(async () => {
  dataDir = await makeTempDir();
  await cliOk(dataDir, ['properties', 'create', '--id', PROPERTY, '--name', 'Shop']);
  key = await createKeyViaCli(dataDir, [PROPERTY]);
});
afterEach(killChildren);
afterAll(cleanUp);

describe('import FILE', () => {
  it('imports a valid NDJSON file and prints the count', async () => {
    const file = await writeNdjson(dataDir, 'valid.ndjson', validEvents);
    const { stdout } = await cliOk(dataDir, ['import', file]);
    expect(linesOf(stdout)).toEqual([`imported ${validEvents.length} events`]);
  });

  it.each(badFiles)(
    'rejects a file with a bad $name line: exit non-zero, names line $line and the field',
    async ({ name, lines, line, field }) => {
      const file = await writeNdjson(dataDir, `bad-${name}.ndjson`, lines);
      const result = await runCli(dataDir, ['import', file]);
      expect(result.code, result.stderr).not.toBe(0);
      expect(result.stdout).toBe('');
      const message = linesOf(result.stderr);
      expect(message, result.stderr).toHaveLength(1);
      expect(message[0]).toMatch(/^error: /);
      expect(message[0]).toMatch(new RegExp(`\\bline ${line}\\b`));
      expect(message[0]).toMatch(field);
    },
  );

  it('refuses content imported before in one line, unless --again (issue 44 §7)', async () => {
    // No events in it (blank lines only): taking it again changes no figure the last test checks.
    const blank = await writeNdjson(dataDir, 'blank.ndjson', ['', '']);
    expect(linesOf((await cliOk(dataDir, ['import', blank])).stdout)).toEqual(['imported 0 events']);
    const again = await runCli(dataDir, ['import', blank]);
    expect(again.code).not.toBe(0);
    expect(linesOf(again.stderr)).toEqual([
      expect.stringMatching(/^error: this content was imported on .* from blank\.ndjson \(0 events\);.*--again\)$/),
    ]);
    expect(linesOf((await cliOk(dataDir, ['import', blank, '--again'])).stdout)).toEqual(['imported 0 events']);
  });

  it('a missing file fails with a one-line error', async () => {
    const result = await runCli(dataDir, ['import', `${dataDir}/nope.ndjson`]);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/^error: .*nope\.ndjson/);
  });

  it('the server reports exactly the valid file: nothing of a rejected file was kept', async () => {
    const server = await startServer(dataDir);
    const range = qs({ start: '2026-03-01', end: '2026-03-07' });
    const prop = `${API}/properties/${PROPERTY}`;

    const summary = await server.get(`${prop}/traffic/summary${range}`, key);
    expect(summary.status, JSON.stringify(summary.body)).toBe(200);
    expect(summary.body.data).toMatchObject({ page_views: 4, sessions: 3, unique_visitors: 3 });

    const pages = await server.get(`${prop}/pages/breakdown${range}&limit=50`, key);
    expect(pages.status).toBe(200);
    const byPath = Object.fromEntries(
      pages.body.data.map((r: { path: string; page_views: number }) => [r.path, r.page_views]),
    );
    expect(byPath).toEqual({ '/': 2, '/pricing': 1, '/signup': 1 });

    const clicks = await server.get(`${prop}/clicks/breakdown${range}`, key);
    expect(clicks.body.summary).toMatchObject({ total_clicks: 1 });
    const forms = await server.get(`${prop}/forms/breakdown${range}`, key);
    expect(forms.body.summary).toMatchObject({ total_submissions: 1 });

    expect((await server.stop()).code).toBe(0);
  });
});

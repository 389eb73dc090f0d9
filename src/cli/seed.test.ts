import { afterEach, describe, expect, it } from 'vitest';
import {
  API,
  cleanUp,
  cliOk,
  closeFloats,
  createKeyViaCli,
  linesOf,
  makeTempDir,
  qs,
  startServer,
} from './test-support/spawn-helpers.js';

// operations.md §2 `seed`: the same flags give the same traffic, whatever the data dir.

afterEach(cleanUp);

const SEED_ARGS = [
  'seed',
  '--property',
  'p',
  '--create',
  '--events',
  '2000',
  '--days',
  '7',
  '--seed',
  '5',
  '--end',
  '2026-11-01T00:00:00Z',
];

/** Seeds a fresh data dir, makes a key, starts the server and returns its answers for the seeded week. */
async function seedAndQuery() {
  const dataDir = await makeTempDir();
  const seeded = await cliOk(dataDir, SEED_ARGS);
  const key = await createKeyViaCli(dataDir, ['p']);
  const server = await startServer(dataDir);
  const range = qs({ start: '2026-10-20', end: '2026-11-02', timezone: 'UTC' });
  const summary = await server.get(`${API}/properties/p/traffic/summary${range}`, key);
  const pages = await server.get(`${API}/properties/p/pages/breakdown${range}&limit=50`, key);
  const stopped = await server.stop();
  return { seeded, summary, pages, stopped };
}

describe('seed', () => {
  it('is deterministic: two fresh data dirs answer the same, and it prints a count line', async () => {
    const [a, b] = await Promise.all([seedAndQuery(), seedAndQuery()]);

    for (const run of [a, b]) {
      expect(linesOf(run.seeded.stdout)).toHaveLength(1);
      expect(run.seeded.stdout).toMatch(/^seeded 2000 events into "p" over 7 days/);
      expect(run.summary.status, JSON.stringify(run.summary.body)).toBe(200);
      expect(run.pages.status, JSON.stringify(run.pages.body)).toBe(200);
      expect(run.stopped.code).toBe(0);
    }
    expect(a.summary.body.data.page_views).toBeGreaterThan(0);
    expect(a.pages.body.data.length).toBeGreaterThan(1);

    expect(b.summary.body).toEqual(closeFloats(a.summary.body));
    expect(b.pages.body).toEqual(closeFloats(a.pages.body));
  });
});

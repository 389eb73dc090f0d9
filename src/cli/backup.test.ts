import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Database } from '../server/store/duckdb/database.js';
import { cleanUp, cliOk, makeTempDir, runCli, startServer, type RunningServer } from './test-support/spawn-helpers.js';

// Issue 44 §3: `backup` while the server takes collect traffic, then `restore` into a new DATA_DIR,
// and every event answered 202 before the backup began is there once.

afterEach(cleanUp);

const PER_REQUEST = 10;
const CONCURRENCY = 6;
const UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';

/** Request i's body: ten page views of its own session, each path naming the request. */
const body = (i: number) =>
  JSON.stringify({
    events: Array.from({ length: PER_REQUEST }, () => ({
      type: 'pageview',
      property_id: 'kept',
      visitor_id: `v${i}`,
      session_id: `s${i}`,
      path: `/r${i}`,
    })),
  });

/**
 * Sends requests from CONCURRENCY senders until `until` settles; `accepted` gets each one answered 202,
 * with when its answer had arrived (so after the server gave it).
 */
async function collectLoad(
  server: RunningServer,
  accepted: Map<number, number>,
  until: Promise<unknown>,
): Promise<void> {
  let done = false;
  void until.finally(() => (done = true));
  let next = 0;
  const sender = async () => {
    while (!done) {
      const i = next++;
      const res = await fetch(`${server.url}/api/collect`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain', 'user-agent': UA },
        body: body(i),
      });
      if (res.status !== 202) throw new Error(`request ${i}: ${res.status} ${await res.text()}`);
      accepted.set(i, Date.now());
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, sender));
}

const NO_COLLECT_LIMITS = Object.fromEntries(
  ['CLIENT_EVENTS', 'PROPERTY_EVENTS', 'CLIENT_BYTES', 'PROPERTY_BYTES'].map((l) => [`COLLECT_${l}_PER_MINUTE`, '0']),
);

const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((tick) => setTimeout(tick, 5));
};

describe('backup and restore', () => {
  it('restores a backup taken under collect load with every event answered before it, once', async () => {
    const dataDir = await makeTempDir();
    const out = join(await makeTempDir(), 'backup');
    await cliOk(dataDir, ['properties', 'create', '--id', 'kept', '--name', 'Kept']);
    const server = await startServer(dataDir, { env: NO_COLLECT_LIMITS });

    // The backup starts once 150 requests were answered, while the load goes on until it ends.
    const accepted = new Map<number, number>();
    let acceptedBefore = 0;
    const backup = until(() => accepted.size >= 150).then(() => {
      acceptedBefore = accepted.size;
      return runCli(dataDir, ['backup', '--out', out]);
    });
    await collectLoad(server, accepted, backup);

    const result = await backup;
    expect(result, result.stderr).toMatchObject({ code: 0 });
    expect(result.stdout).toMatch(/through the running server/);
    expect(accepted.size).toBeGreaterThan(acceptedBefore); // collect kept answering during the backup
    // Its promise: every request answered before its instant (which the command's start precedes).
    const { instant } = JSON.parse(await readFile(join(out, 'manifest.json'), 'utf8')) as { instant: string };
    const beforeInstant = [...accepted].filter(([, at]) => at < Date.parse(instant)).map(([i]) => i);
    expect(beforeInstant.length).toBeGreaterThanOrEqual(acceptedBefore);
    expect(await server.stop()).toEqual({ code: 0, signal: null });

    const restored = join(await makeTempDir(), 'data');
    await cliOk(restored, ['restore', out]);
    const again = await startServer(restored); // writes the inbox's batches, as after a crash
    expect((await again.get('/healthz')).status).toBe(200);
    expect(await again.stop()).toEqual({ code: 0, signal: null });

    const db = await Database.open(restored);
    const rows = await db.all<{ path: string; n: number }>(
      "SELECT path, count(*) AS n FROM events WHERE property_id = 'kept' GROUP BY path",
    );
    await db.close();
    const stored = new Map(rows.map((r) => [Number(r.path.slice(2)), r.n]));
    const missing = beforeInstant.filter((i) => stored.get(i) !== PER_REQUEST);
    expect(missing, 'answered 202 before the backup, not (wholly) restored').toEqual([]);
    // Later requests may be there too, each whole, and none twice.
    const notOnce = [...stored].filter(([, n]) => n !== PER_REQUEST);
    expect(notOnce, 'requests whose events are not there exactly once').toEqual([]);
  });
});

import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { storedEvent } from '../../../test-support/stored-event.js';
import { CONTROL_SOCKET, listenForControl } from '../../../control/control-socket.js';
import { onlineBackupOf } from '../../online-backup.js';
import { openDuckdbStore } from '../duckdb-store.js';
import { restoreBackup } from './restore-backup.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sightline-backup-'));
  dirs.push(dir);
  return dir;
}

const views = (session: string, n: number) =>
  Array.from({ length: n }, (_, i) =>
    storedEvent({ property_id: 'p', ts: new Date(Date.UTC(2026, 2, 2, 10, i)), session_id: session, path: `/${i}` }),
  );

/** A store on disk holding 3 written events and 2 accepted but not yet written (they wait in its inbox's log). */
async function storeWithInbox(dataDir: string) {
  const store = await openDuckdbStore(dataDir);
  await store.insertEvents(views('a', 3));
  expect(await store.countEvents()).toBe(3); // a read writes what was answered before it
  await store.insertEvents(views('b', 2)); // written a second later, or by the next read
  return store;
}

describe('backup and restore of the embedded store', () => {
  it('copies a serving store with its unwritten inbox, and a restore serves every event once', async () => {
    const dataDir = join(tempDir(), 'data');
    const out = join(tempDir(), 'backup');
    const store = await storeWithInbox(dataDir);
    const manifest = await onlineBackupOf(store)!(out);
    await store.close();

    expect(manifest.tables.events).toBe(3);
    expect(manifest.inbox).toMatchObject({ batches: 1, events: 2 });
    expect(Object.keys(manifest.files).sort()).toEqual(['collect-inbox/0000000000000001.log', 'sightline.duckdb']);

    const restored = join(tempDir(), 'restored');
    await restoreBackup(out, restored);
    // The first start writes the inbox's batch as after a crash; the 3 already written are not written again.
    const again = await openDuckdbStore(restored);
    expect(await again.countEvents()).toBe(5);
    await again.close();
  });

  it('refuses a non-empty target, a damaged backup, and a non-empty DATA_DIR', async () => {
    const dataDir = join(tempDir(), 'data');
    const store = await storeWithInbox(dataDir);
    const used = tempDir();
    writeFileSync(join(used, 'notes.txt'), 'mine');
    await expect(onlineBackupOf(store)!(used)).rejects.toThrow(/not empty/);
    expect(readdirSync(used)).toEqual(['notes.txt']); // left as it was

    const out = join(tempDir(), 'backup');
    await onlineBackupOf(store)!(out);
    await store.close();
    await expect(restoreBackup(out, dataDir)).rejects.toThrow(/DATA_DIR .* is not empty/);

    appendFileSync(join(out, 'collect-inbox', '0000000000000001.log'), 'x');
    const target = join(tempDir(), 'restored');
    await expect(restoreBackup(out, target)).rejects.toThrow(/collect-inbox\/0000000000000001.log differs/);
    expect(existsSync(target)).toBe(false); // checked before anything was made
  });

  it('takes a backup through the control socket, which only its owner may open and which goes on close', async () => {
    const dataDir = join(tempDir(), 'data');
    mkdirSync(dataDir);
    const store = await storeWithInbox(dataDir);
    const control = (await listenForControl(dataDir, store))!;
    const socket = join(dataDir, CONTROL_SOCKET);
    expect(statSync(socket).mode & 0o777).toBe(0o600);

    const post = (body: unknown) =>
      new Promise<{ status: number; body: { error?: string; tables?: Record<string, number> } }>((done, fail) => {
        const req = request({ socketPath: socket, method: 'POST', path: '/backup' }, (res) => {
          let text = '';
          res.setEncoding('utf8').on('data', (s: string) => (text += s));
          res.on('end', () => done({ status: res.statusCode!, body: JSON.parse(text) }));
        });
        req.on('error', fail).end(JSON.stringify(body));
      });
    expect(await post({ dir: 'relative/dir' })).toEqual({
      status: 400,
      body: { error: 'the backup directory must be an absolute path, not "relative/dir"' },
    });
    const ok = await post({ dir: join(tempDir(), 'backup') });
    expect(ok.status).toBe(200);
    expect(ok.body.tables?.events).toBe(3);

    await control.close();
    expect(readdirSync(dataDir)).not.toContain(CONTROL_SOCKET);
    await store.close();
  });
});

import { chmodSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { BackupError } from '../store/duckdb/backup/backup-manifest.js';
import { onlineBackupOf } from '../store/online-backup.js';
import type { Store } from '../store/store.js';

/** In DATA_DIR: where the CLI reaches the server that holds the store (`backup` while it serves). */
export const CONTROL_SOCKET = 'control.sock';
const MAX_BODY = 64 * 1024;

async function readJson(request: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of request) {
    text += String(chunk);
    if (text.length > MAX_BODY) throw new BackupError('request body too large');
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new BackupError('the request body is not JSON');
  }
}

function answer(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/**
 * A Unix socket in DATA_DIR, mode 0600, with one request: `POST /backup {"dir": ABSOLUTE_PATH}`,
 * answered with the backup's manifest. Only the server's user (and root) can connect, and they can
 * read DATA_DIR's files anyway: it gives no power they lack, only a copy at one instant of a store
 * the server holds. Returns null, with a warning, when the socket cannot be made (a path over the
 * kernel's 107 bytes): the server runs, and a backup then needs it stopped.
 */
export async function listenForControl(dataDir: string, store: Store): Promise<{ close(): Promise<void> } | null> {
  const backup = onlineBackupOf(store);
  if (!backup) return null;
  const path = resolve(join(dataDir, CONTROL_SOCKET));
  const server = createServer((request, response) => {
    if (request.method !== 'POST' || request.url !== '/backup') return answer(response, 404, { error: 'not found' });
    readJson(request)
      .then((body) => {
        const dir = (body as { dir?: unknown } | null)?.dir;
        if (typeof dir !== 'string') throw new BackupError('the body names no "dir"');
        return backup(dir);
      })
      .then(
        (manifest) => answer(response, 200, manifest),
        (error: unknown) => {
          if (!(error instanceof BackupError)) console.error('backup failed:', error);
          answer(response, error instanceof BackupError ? 400 : 500, { error: (error as Error).message });
        },
      );
  });
  // Left by a server killed before it could remove it; this process holds the store's lock, so no
  // other server listens there.
  rmSync(path, { force: true });
  try {
    await new Promise<void>((done, fail) => {
      server.once('error', fail);
      server.listen(path, done);
    });
  } catch (error) {
    console.warn(`control socket ${path} not opened (${(error as Error).message}); backup needs the server stopped`);
    return null;
  }
  chmodSync(path, 0o600);
  return {
    async close() {
      await new Promise<void>((done) => {
        server.close(() => done());
        server.closeIdleConnections();
      });
      rmSync(path, { force: true });
    },
  };
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDemoData } from '../src/server/demo/demo-data.js';
import { openDuckdbStore } from '../src/server/store/duckdb/duckdb-store.js';
import { sigterm, startServer, type ServerProcess } from './server-process.js';

export interface DemoServer {
  server: ServerProcess;
  port: number;
  /** The demo's API key (every permission). */
  key: string;
  /** SIGTERM, then a kill after 30 s: whether it stopped by itself. */
  stop(): Promise<'stopped' | 'late'>;
}

/**
 * Runs `fn` against `npm start`'s server on a fresh store of demo data (the load benchmarks' target),
 * then kills whatever is left of the server and removes the store, however `fn` ends.
 */
export async function withDemoServer<T>(name: string, fn: (demo: DemoServer) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), `sightline-${name}-bench-`));
  let server: ServerProcess | undefined;
  try {
    console.error(`${name}: creating the demo data…`);
    const store = await openDuckdbStore(dataDir);
    const demo = await createDemoData(store);
    await store.close();
    if (!demo) throw new Error('the fresh store already had properties');
    const started = await startServer(dataDir);
    server = started;
    return await fn({
      server: started,
      port: Number(new URL(started.url).port),
      key: demo.key,
      stop: () =>
        Promise.race([
          sigterm(started).then(() => 'stopped' as const),
          new Promise<'late'>((r) => setTimeout(() => r('late'), 30_000).unref()),
        ]),
    });
  } finally {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

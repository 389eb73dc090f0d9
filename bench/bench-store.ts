import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { generateEvents } from '../src/server/seed/generate-events.js';
import { seedStore } from '../src/server/seed/seed-store.js';
import { importFile } from '../src/cli/commands/import-events.js';
import { newApiKey } from '../src/server/auth/api-keys.js';
import { openDuckdbStore } from '../src/server/store/duckdb/duckdb-store.js';

export const BENCH_PROPERTY = 'bench';

/** A fresh store directory holding `events` seeded events over `days` days in one property, and a key for it. */
export async function seededStore(
  events: number,
  end: Date,
  days = 30,
): Promise<{ dir: string; key: string; seedSeconds: number }> {
  const dir = mkdtempSync(join(tmpdir(), `sightline-bench-${events}-`));
  const store = await openDuckdbStore(dir);
  await store.createProperty({ id: BENCH_PROPERTY, name: 'Bench', domain: null, timezone: 'America/New_York' });
  await store.createProperty({ id: `${BENCH_PROPERTY}-2`, name: 'Bench 2', domain: null, timezone: 'UTC' });
  const started = performance.now();
  let last = 0;
  await seedStore(store, { propertyId: BENCH_PROPERTY, events, days, seed: 7, end }, (done) => {
    if (done - last >= 1_000_000) {
      process.stderr.write(`  seeded ${done.toLocaleString('en-US')} events\n`);
      last = done;
    }
  });
  const seedSeconds = (performance.now() - started) / 1000;
  const { key, record } = newApiKey({
    name: 'bench',
    propertyIds: [BENCH_PROPERTY, `${BENCH_PROPERTY}-2`],
    permissions: ['metrics'],
  });
  await store.createApiKey(record);
  await store.close();
  return { dir, key, seedSeconds };
}

/** Import throughput: `events` events written as NDJSON, then `import` into an empty store (validation included). */
export async function importThroughput(
  events: number,
  end: Date,
): Promise<{ eventsPerSecond: number; seconds: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'sightline-import-'));
  const file = join(dir, 'events.ndjson');
  const out = createWriteStream(file);
  for (const day of generateEvents({ propertyId: 'imp', events, days: 30, seed: 3, end })) {
    if (!out.write(day.map((e) => JSON.stringify(e)).join('\n') + '\n')) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  const store = await openDuckdbStore(join(dir, 'db'));
  await store.createProperty({ id: 'imp', name: 'Import', domain: null, timezone: 'UTC' });
  const started = performance.now();
  const count = await importFile(store, file);
  const seconds = (performance.now() - started) / 1000;
  await store.close();
  rmSync(dir, { recursive: true, force: true });
  return { eventsPerSecond: count / seconds, seconds };
}

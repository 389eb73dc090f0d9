import type { Store } from '../store/store.js';
import { normalizeEvent } from '../ingest/normalize-event.js';
import { generateEvents, type SeedOptions } from './generate-events.js';

const BATCH = 50_000;

/** Generates seed traffic into the store in one transaction; `onProgress` gets the running count. */
export async function seedStore(store: Store, opts: SeedOptions, onProgress: (done: number) => void = () => {}): Promise<number> {
  async function* batches() {
    let batch = [];
    let done = 0;
    for (const day of generateEvents(opts)) {
      for (const e of day) {
        batch.push(normalizeEvent(e, new Date(e.ts)));
        if (batch.length >= BATCH) {
          yield batch;
          done += batch.length;
          onProgress(done);
          batch = [];
        }
      }
    }
    if (batch.length > 0) {
      yield batch;
      onProgress(done + batch.length);
    }
  }
  return store.importEvents(batches());
}

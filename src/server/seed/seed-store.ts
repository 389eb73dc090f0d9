import type { Store } from '../store/store.js';
import type { StoredEvent } from '../../contract/events.js';
import { normalizeEvent } from '../ingest/normalize-event.js';
import { generateEvents, type SeedOptions } from './generate-events.js';

const BATCH = 50_000;
/**
 * Events per transaction. One transaction for a whole seed slowed every statement in it as its
 * uncommitted data grew (10M events: 56,000 events/s against 108,000 for 1M), and a seed, unlike
 * `import`, need not be all or nothing: a stopped seed keeps the millions it committed.
 */
const PER_TRANSACTION = 1_000_000;

/** Generates seed traffic into the store, a million events per transaction; `onProgress` gets the running count. */
export async function seedStore(store: Store, opts: SeedOptions, onProgress: (done: number) => void = () => {}): Promise<number> {
  function* batches(): Generator<StoredEvent[]> {
    let batch: StoredEvent[] = [];
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
  const source = batches();
  let next = source.next();
  let total = 0;
  while (!next.done) {
    // The batches of one transaction, drawn from the shared source as the import asks for them.
    async function* transactionBatches() {
      for (let n = 0; !next.done && n < PER_TRANSACTION; next = source.next()) {
        n += next.value.length;
        yield next.value;
      }
    }
    total += await store.importEvents(transactionBatches());
  }
  return total;
}

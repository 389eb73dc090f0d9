import type { Store } from '../store/store.js';
import type { StoredEvent } from '../../contract/events.js';
import { normalizeEvent } from '../ingest/normalize-event.js';
import { generateEvents, type SeedOptions } from './generate-events.js';

/** Events per batch handed to the store: small, so they die young (the store writes 200,000 at a time). */
const BATCH = 20_000;
/**
 * Events per transaction. One transaction for a whole seed slowed every statement in it as its
 * uncommitted data grew (10M events: 56,000 events/s against 108,000 for 1M), and a seed, unlike
 * `import`, need not be all or nothing: a stopped seed keeps the millions it committed.
 */
const PER_TRANSACTION = 1_000_000;

/** Generates seed traffic into the store, a million events per transaction; `onProgress` gets the running count. */
export async function seedStore(
  store: Store,
  opts: SeedOptions,
  onProgress: (done: number) => void = () => {},
  /** Events per batch and per transaction (tests make them small to cross their boundaries). */
  sizes = { batch: BATCH, perTransaction: PER_TRANSACTION },
): Promise<number> {
  // Every seed event has its own `ts`, which normalizeEvent parses; `now` is never used.
  const now = new Date();
  function* batches(): Generator<StoredEvent[]> {
    let batch: StoredEvent[] = [];
    let done = 0;
    for (const day of generateEvents(opts)) {
      for (const e of day) {
        batch.push(normalizeEvent(e, now));
        if (batch.length >= sizes.batch) {
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
    let drawn = 0;
    let nextTransaction: Promise<IteratorResult<StoredEvent[]>> | undefined;
    // The batches of one transaction, drawn from the shared source as the import asks for them.
    async function* transactionBatches() {
      for (;;) {
        if (next.done) return;
        drawn += next.value.length;
        yield next.value;
        if (drawn >= sizes.perTransaction) break;
        next = source.next();
      }
      // The next transaction's first batch is generated while this one's last batch is written and
      // committed (DuckDB's threads), not before: the main thread would otherwise idle through it.
      nextTransaction = new Promise((resolve, reject) =>
        setImmediate(() => {
          try {
            resolve(source.next());
          } catch (error) {
            reject(error);
          }
        }),
      );
      nextTransaction.catch(() => undefined); // rethrown where it is awaited, unless the import failed first
    }
    total += await store.importEvents(transactionBatches());
    if (nextTransaction) next = await nextTransaction;
  }
  return total;
}

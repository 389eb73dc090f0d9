import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Database } from './database.js';
import { startRepeatFlagging } from './repeat-flags.js';
import { schemaSql } from './schema.js';

// During a bulk write (import, seed) the timer's background passes wait: one pass after it, not one
// between each of a seed's transactions over an ever larger store.

let db: Database;
beforeEach(async () => {
  db = await Database.open(':memory:', 1);
  await db.writer.run(schemaSql);
});
afterEach(async () => {
  vi.useRealTimers();
  await db.close();
});

describe('background pass', () => {
  it('waits while paused and runs on the first tick after', async () => {
    let paused = true;
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const passes = startRepeatFlagging(db, 1000, () => paused);
    await passes.settle(); // the pass at open and a settle run whatever the pause says
    const transaction = vi.spyOn(db, 'transaction');
    passes.written();
    vi.advanceTimersByTime(5000);
    expect(transaction).not.toHaveBeenCalled();
    paused = false;
    vi.advanceTimersByTime(1000);
    expect(transaction).toHaveBeenCalledTimes(1);
    await passes.stop();
  });
});

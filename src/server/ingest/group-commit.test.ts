import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../contract/events.js';
import { GroupCommitter } from './group-commit.js';

// The group committer with a fake writer: what each transaction holds and who hears about it.

/** A stand-in event; only its path matters here, as a label. */
const ev = (label: string) => ({ path: label }) as StoredEvent;
const labels = (events: StoredEvent[]) => events.map((e) => e.path);
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** A writer that records each batch it commits, optionally slow or failing. */
function fakeWriter(opts: { failOn?: (events: StoredEvent[]) => boolean; delayMs?: number } = {}) {
  const writes: string[][] = [];
  const write = async (events: StoredEvent[]) => {
    if (opts.delayMs) await sleep(opts.delayMs);
    if (opts.failOn?.(events)) throw new Error('disk full');
    writes.push(labels(events));
  };
  return { writes, write };
}

/** Settles a promise into a tag, so a test can check which submits failed. */
const outcome = (p: Promise<void>) =>
  p.then(
    () => 'ok',
    (e: Error) => `failed: ${e.message}`,
  );

describe('GroupCommitter', () => {
  it('writes the requests of one window in a single transaction, then answers all of them', async () => {
    const w = fakeWriter();
    const gc = new GroupCommitter(w.write, 20);
    const answered: string[] = [];
    const subs = [['a1', 'a2'], ['b1'], ['c1', 'c2', 'c3']].map((batch) =>
      gc.submit(batch.map(ev)).then(() => {
        // every request hears back only after the shared write is done
        answered.push(`${batch[0]} after ${w.writes.length} write`);
      }),
    );
    await Promise.all(subs);
    expect(w.writes).toEqual([['a1', 'a2', 'b1', 'c1', 'c2', 'c3']]);
    expect(answered).toEqual(['a1 after 1 write', 'b1 after 1 write', 'c1 after 1 write']);
  });

  it('does not answer before its events have been written', async () => {
    let release!: () => void;
    const held = new Promise<void>((done) => (release = done));
    const writes: string[][] = [];
    const gc = new GroupCommitter(async (events) => {
      await held;
      writes.push(labels(events));
    }, 200);
    let done = false;
    const p = gc.submit([ev('x')]).then(() => (done = true));
    await sleep(20);
    expect(done).toBe(false);
    release();
    await p;
    expect(writes).toEqual([['x']]);
  });

  it('when idle, writes at once instead of waiting out the window', async () => {
    const w = fakeWriter();
    const gc = new GroupCommitter(w.write, 600_000); // a window the test would never see end
    await gc.submit([ev('alone')]);
    expect(w.writes).toEqual([['alone']]);
    await gc.close();
  });

  it('when busy, gathers for the window: requests during a write wait for the next one together', async () => {
    let release!: () => void;
    const held = new Promise<void>((done) => (release = done));
    const writes: string[][] = [];
    const gc = new GroupCommitter(async (events) => {
      if (writes.length === 0) await held;
      writes.push(labels(events));
    }, 600_000);
    const first = gc.submit([ev('a')]); // idle: its write starts at once, and hangs
    await sleep(5);
    const later = [gc.submit([ev('b')]), gc.submit([ev('c')])];
    release();
    await first;
    await sleep(5);
    // the window (ten minutes here) holds b and c back; only close() writes them, as one transaction
    expect(writes).toEqual([['a']]);
    await gc.close();
    await Promise.all(later);
    expect(writes).toEqual([['a'], ['b', 'c']]);
  });

  it('a failed write rejects exactly its own waiters, and later windows still commit', async () => {
    const w = fakeWriter({ failOn: (events) => labels(events).includes('poison') });
    const gc = new GroupCommitter(w.write, 10);
    const first = await Promise.all([outcome(gc.submit([ev('ok1')])), outcome(gc.submit([ev('poison')]))]);
    expect(first).toEqual(['failed: disk full', 'failed: disk full']);
    const later = await Promise.all([outcome(gc.submit([ev('ok2')])), outcome(gc.submit([ev('ok3')]))]);
    expect(later).toEqual(['ok', 'ok']);
    // the failed transaction kept nothing; the next one holds only its own events
    expect(w.writes).toEqual([['ok2', 'ok3']]);
  });

  it('a failure while the next window gathers leaves that window unharmed', async () => {
    const w = fakeWriter({ failOn: (events) => labels(events).includes('poison'), delayMs: 30 });
    const gc = new GroupCommitter(w.write, 5);
    const failing = outcome(gc.submit([ev('poison')]));
    await sleep(15); // the failing write is in progress
    const next = outcome(gc.submit([ev('fine')]));
    expect(await failing).toBe('failed: disk full');
    expect(await next).toBe('ok');
    expect(w.writes).toEqual([['fine']]);
  });

  it('close() writes what is pending, then refuses new events', async () => {
    const w = fakeWriter();
    const gc = new GroupCommitter(w.write, 10_000); // the window alone would never end within the test
    const pending = Promise.all([gc.submit([ev('p1')]), gc.submit([ev('p2')])]);
    await gc.close();
    await pending;
    expect(w.writes).toEqual([['p1', 'p2']]);
    await expect(gc.submit([ev('late')])).rejects.toThrow(/shutting down/);
    expect(w.writes).toEqual([['p1', 'p2']]);
  });

  it('close() waits for a write in progress and for the events that arrived meanwhile', async () => {
    const w = fakeWriter({ delayMs: 40 });
    const gc = new GroupCommitter(w.write, 1);
    const first = gc.submit([ev('w1')]);
    await sleep(15); // w1's write is under way
    const second = gc.submit([ev('w2')]);
    await gc.close();
    expect(w.writes).toEqual([['w1'], ['w2']]);
    await Promise.all([first, second]);
  });

  it('under a slow writer, the next write takes everything that arrived while the last one ran', async () => {
    let release!: () => void;
    const held = new Promise<void>((done) => (release = done));
    const writes: string[][] = [];
    const gc = new GroupCommitter(async (events) => {
      if (writes.length === 0) await held; // the first transaction is slow
      writes.push(labels(events));
    }, 2);
    const all: Promise<void>[] = [gc.submit([ev('r0')])];
    await sleep(10); // r0's window is over and its write hangs
    for (let i = 1; i <= 8; i++) {
      all.push(gc.submit([ev(`r${i}`)]));
      await sleep(4); // each arrives in a window of its own
    }
    release();
    await Promise.all(all);
    expect(writes).toEqual([['r0'], ['r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7', 'r8']]);
  });

  it('writes at once when a window reaches the batch limit, without waiting for it to end', async () => {
    const w = fakeWriter();
    const gc = new GroupCommitter(w.write, 10_000, 3);
    await Promise.all([gc.submit([ev('m1'), ev('m2')]), gc.submit([ev('m3')])]);
    expect(w.writes).toEqual([['m1', 'm2', 'm3']]);
    await gc.close();
  });
});

import { describe, expect, it } from 'vitest';
import { configCache } from './config-cache.js';

/** A read that counts its calls per property and resolves when told. */
function countingRead() {
  const reads: string[] = [];
  const pending: (() => void)[] = [];
  const read = (id: string) => {
    reads.push(id);
    return new Promise<{ id: string; n: number }>((done) => pending.push(() => done({ id, n: reads.length })));
  };
  return { read, reads, settle: () => pending.splice(0).forEach((f) => f()) };
}

describe('configCache', () => {
  it('answers 50 downloads at once with one read, and the same object for the next seconds', async () => {
    let t = 0;
    const r = countingRead();
    const cache = configCache(r.read, { ttlMs: 5_000, now: () => t });
    const all = Array.from({ length: 50 }, () => cache.get('acme-shop'));
    r.settle();
    const values = await Promise.all(all);
    expect(r.reads).toEqual(['acme-shop']);
    expect(new Set(values).size).toBe(1);

    t = 4_999;
    expect(await cache.get('acme-shop')).toBe(values[0]);
    t = 5_000;
    const fresh = cache.get('acme-shop');
    r.settle();
    expect(await fresh).not.toBe(values[0]);
    expect(r.reads).toEqual(['acme-shop', 'acme-shop']);
  });

  it('reads again at once after forget, and keeps properties apart', async () => {
    const r = countingRead();
    const cache = configCache(r.read, { ttlMs: 5_000, now: () => 0 });
    const a = cache.get('a');
    const b = cache.get('b');
    r.settle();
    expect((await a).id).toBe('a');
    expect((await b).id).toBe('b');
    cache.forget('a');
    const again = cache.get('a');
    r.settle();
    await again;
    expect(await cache.get('b')).toBe(await b);
    expect(r.reads).toEqual(['a', 'b', 'a']);
  });

  it('remembers a failure for the same seconds, and holds at most maxEntries properties', async () => {
    let reads = 0;
    const cache = configCache(
      async (id) => {
        reads++;
        if (id === 'down') throw new Error('store unavailable');
        return id;
      },
      { ttlMs: 5_000, maxEntries: 2, now: () => 0 },
    );
    await expect(cache.get('down')).rejects.toThrow('store unavailable');
    await expect(cache.get('down')).rejects.toThrow('store unavailable');
    expect(reads).toBe(1);

    await cache.get('x');
    await cache.get('y'); // 'down' is the oldest of three: dropped
    await expect(cache.get('down')).rejects.toThrow();
    expect(reads).toBe(4);
  });
});

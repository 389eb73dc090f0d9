import { describe, expect, it, vi } from 'vitest';
import type { Property } from '../store/store.js';
import { propertyDirectory } from './property-directory.js';

/** A store whose property list is read slowly and can grow, counting the reads. */
function slowStore(ids: string[]) {
  const store = {
    reads: 0,
    ids,
    async listProperties(): Promise<Property[]> {
      store.reads++;
      await new Promise((done) => setTimeout(done, 20));
      return store.ids.map(
        (id) => ({ id, name: id, domain: null, timezone: 'UTC', created_at: new Date() }) as unknown as Property,
      );
    },
  };
  return store;
}

describe('propertyDirectory', () => {
  it('answers a burst of requests at start from one read, none refused while it runs', async () => {
    const store = slowStore(['shop']);
    const exists = propertyDirectory(store);
    const answers = await Promise.all(Array.from({ length: 20 }, () => exists('shop')));
    expect(answers).toEqual(Array(20).fill(true));
    expect(store.reads).toBe(1);
  });

  it('re-reads for an unknown id at most once a second', async () => {
    const store = slowStore(['shop']);
    const exists = propertyDirectory(store);
    expect(await exists('blog')).toBe(false);
    store.ids.push('blog');
    expect(await exists('blog')).toBe(false); // within the second: the cached list answers
    expect(await exists('shop')).toBe(true);
    expect(store.reads).toBe(1);
    await new Promise((done) => setTimeout(done, 1_050));
    expect(await exists('blog')).toBe(true);
    expect(store.reads).toBe(2);
  });

  it('reads a known id again after ten seconds, so a deleted property stops being accepted', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const store = slowStore(['shop', 'blog']);
      const exists = propertyDirectory(store);
      expect(await exists('blog')).toBe(true);
      store.ids = ['shop'];
      vi.setSystemTime(Date.now() + 9_000);
      expect(await exists('blog')).toBe(true);
      expect(store.reads).toBe(1);
      vi.setSystemTime(Date.now() + 2_000);
      expect(await exists('blog')).toBe(true); // answered from the list in hand while the new one loads
      await vi.waitFor(() => expect(store.reads).toBe(2));
      await new Promise((done) => setTimeout(done, 30));
      expect(await exists('blog')).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});

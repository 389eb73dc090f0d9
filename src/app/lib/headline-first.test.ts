import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterHeadline, headlineRead } from './headline-first.js';

/** A promise and the functions that settle it. */
function deferred<T = string>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

const turns = async (n = 5) => {
  for (let i = 0; i < n; i++) await Promise.resolve();
};

describe('headline reads first', () => {
  it('starts a later read only once every headline read of the same tick has answered', async () => {
    const started: string[] = [];
    const summary = deferred();
    const trends = deferred();
    void headlineRead(summary.promise);
    const table = afterHeadline(async () => (started.push('table'), 'rows'));
    // Marked after the table's read was asked for, in the same tick (a route loader's order).
    void headlineRead(trends.promise);
    await turns();
    expect(started).toEqual([]);
    summary.resolve('figures');
    await turns();
    expect(started).toEqual([]);
    trends.resolve('points');
    expect(await table).toBe('rows');
    expect(started).toEqual(['table']);
  });

  it('does not hold the tables back when a headline read fails, and passes the failure on unchanged', async () => {
    const failing = deferred();
    const marked = headlineRead(failing.promise);
    const table = afterHeadline(async () => 'rows');
    failing.reject(new Error('503'));
    await expect(marked).rejects.toThrow('503');
    expect(await table).toBe('rows');
  });

  it('starts at once when no headline read is in flight', async () => {
    let started = false;
    const table = afterHeadline(async () => ((started = true), 'rows'));
    await turns(2);
    expect(started).toBe(true);
    expect(await table).toBe('rows');
  });

  describe('in a browser', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
      vi.useRealTimers();
    });

    it('starts the tables only after a frame has painted the headline figures', async () => {
      vi.useFakeTimers();
      const frames: (() => void)[] = [];
      vi.stubGlobal('requestAnimationFrame', (cb: () => void) => frames.push(cb));
      let started = false;
      const summary = deferred();
      void headlineRead(summary.promise);
      const table = afterHeadline(async () => ((started = true), 'rows'));
      summary.resolve('figures');
      await turns(10);
      expect(started).toBe(false); // answered, but not painted yet
      expect(frames).toHaveLength(1);
      frames[0](); // the next frame's callback; its paint follows, then the task after it
      await vi.advanceTimersByTimeAsync(0);
      expect(started).toBe(true);
      expect(await table).toBe('rows');
    });

    it('starts the tables after 100 ms when no frame comes (a hidden tab paints none)', async () => {
      vi.useFakeTimers();
      vi.stubGlobal('requestAnimationFrame', () => 0);
      let started = false;
      const summary = deferred();
      void headlineRead(summary.promise);
      const table = afterHeadline(async () => ((started = true), 'rows'));
      summary.resolve('figures');
      await vi.advanceTimersByTimeAsync(99);
      expect(started).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(started).toBe(true);
      expect(await table).toBe('rows');
    });
  });
});

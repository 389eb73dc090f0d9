import { describe, expect, it } from 'vitest';
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
});

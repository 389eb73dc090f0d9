import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDuckdbStore } from '../../server/store/duckdb/duckdb-store.js';
import type { Store } from '../../server/store/store.js';
import { printedLines } from '../test-support/printed-lines.js';
import { seedCommand } from './seed.js';

// `seed --property X` in process (issue 44 §7: `seed --property nosuch` made that property silently):
// an unknown property is refused unless --create; the CLI's wiring and determinism are seed.test.ts's.

let store: Store;
const { out, err } = printedLines();
beforeEach(async () => {
  store = await openDuckdbStore(':memory:');
});
afterEach(() => store.close());

const flags = { events: '200', days: '2', end: '2026-03-02T00:00:00Z' };

describe('seed --property', () => {
  it('refuses a property there is none of, writing nothing, and names --create', async () => {
    await store.createProperty({ id: 'shop', name: 'Shop', domain: null, timezone: 'UTC' });
    await expect(seedCommand(store, { ...flags, property: 'shpo' })).rejects.toThrow(
      '--property: no property "shpo" (properties list shows those there are); to create it and seed it, add --create',
    );
    expect((await store.listProperties()).map((p) => p.id)).toEqual(['shop']);
    expect(await store.countEvents()).toBe(0);
  });

  it('with --create makes it and seeds it; an existing one is seeded either way', async () => {
    await seedCommand(store, { ...flags, property: 'new' }, { create: true });
    expect(err).toEqual(['created property "new"']);
    expect(out).toEqual([expect.stringMatching(/^seeded 200 events into "new" over 2 days/)]);
    await seedCommand(store, { ...flags, property: 'new' });
    expect(await store.countEvents(['new'])).toBe(400);
  });

  it('without --property seeds the first property, or makes `demo` in an empty store, as before', async () => {
    await seedCommand(store, flags);
    expect((await store.listProperties()).map((p) => p.id)).toEqual(['demo']);
    expect(await store.countEvents(['demo'])).toBe(200);
  });
});

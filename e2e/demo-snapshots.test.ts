import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventOf, startHarness, type Harness } from './support/tracker-harness.js';

const file = new URL('../src/server/demo/demo-snapshots.json', import.meta.url);
const stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown[]>;

// The demo data gives the recommender the snapshots the tracker would send from the demo site; if the
// site or the tracker changes, this fails with the new elements (paste them into the JSON file).
describe('demo snapshots', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  it.each(Object.keys(stored))('%s is what the tracker snapshots from the page today', async (path) => {
    const context = await h.person({ viewport: { width: 1280, height: 900 } });
    await (await context.newPage()).goto(h.origin + path);
    const snapshot = await eventOf(h, 'snapshot', path);
    // Links are stored as on the demo property's own domain, not the test server's port.
    const elements = JSON.parse(JSON.stringify(snapshot.elements).replaceAll(h.origin, 'https://shop.acme.example'));
    expect(elements).toEqual(stored[path]);
    await h.reset();
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SNAPSHOTS_PER_PAGE_DAY } from '../ingest/snapshot-sources.js';
import { collect, pageview } from '../test-support/collect-requests.js';
import { createTestEnv, type TestEnv } from '../test-support/fixtures.js';

// site-a is served from a.example. A snapshot is how the recommender sees a page, so only pages of
// the site may send one, and one sender can neither pick nor block the page's snapshot.
let env: TestEnv;
let n = 0;
let path = '/';
beforeAll(async () => {
  env = await createTestEnv();
  await env.store.createProperty({ id: 'no-domain', name: 'No domain', domain: null, timezone: 'UTC' });
});
afterAll(() => env.close());
beforeEach(() => {
  path = `/page-${++n}`; // each test its own page: the day's allowance is per page
});

const element = (text: string) => ({ selector: '#cta', tag: 'button', kind: 'button', text, styles: {} });
const snapshot = (text: string, extra: Record<string, unknown> = {}) =>
  pageview({ type: 'snapshot', path, elements: [element(text)], ...extra });
/** Sends a snapshot from `address` with the given page headers (a browser on a.example by default). */
async function send(
  text: string,
  address: string,
  headers: Record<string, string> = {},
  extra: Record<string, unknown> = {},
) {
  const res = await env.app.inject({
    method: 'POST',
    url: '/api/collect',
    remoteAddress: address,
    payload: JSON.stringify(snapshot(text, extra)),
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/136.0.0.0 Safari/537.36',
      origin: 'https://a.example',
      ...headers,
    },
  });
  expect(res.statusCode, res.body).toBe(202);
}
const seen = async (property = 'site-a') => (await env.store.pageSnapshot(property, path))?.elements[0].text ?? null;
const without = { origin: '', referer: '' };

describe('snapshots come only from the property’s own pages', () => {
  it.each([
    ['another site', { origin: 'https://evil.example' }],
    ['a site whose name ends like it', { origin: 'https://evil-a.example' }],
    ['no page at all (a script)', without],
    ['an opaque origin', { origin: 'null' }],
  ])('refuses one from %s', async (_from, headers) => {
    await send('Fake', '10.0.0.1', headers as Record<string, string>);
    expect(await seen()).toBeNull();
  });

  it('keeps one whose Origin or, lacking it, Referer is a page of the domain or its www. twin', async () => {
    await send('Real', '10.0.0.2', { origin: '', referer: 'https://www.a.example/pricing?x=1' });
    expect(await seen()).toBe('Real');
  });

  it('keeps none for a property without a domain (docs/decisions.md)', async () => {
    await send('Any', '10.0.0.3', {}, { property_id: 'no-domain' });
    expect(await seen('no-domain')).toBeNull();
  });

  it('still takes the page view beside a refused snapshot', async () => {
    const before = await env.store.countEvents();
    const res = await collect(
      env.app,
      { events: [pageview({ path }), snapshot('Fake')] },
      { headers: { origin: 'https://evil.example' } },
    );
    expect(res.status).toBe(202);
    expect(await env.store.countEvents()).toBe(before + 1);
    expect(await seen()).toBeNull();
  });
});

describe('the page’s snapshot is the one most browsers sent', () => {
  it('a first, forged snapshot neither blocks real visitors’ nor wins over them', async () => {
    await send('Free money', '10.1.0.1'); // forged Origin header, sent first
    await send('Free money', '10.1.0.1'); // again from the same address: not kept twice
    await send('Start trial', '10.1.0.2');
    await send('Start trial', '10.1.0.3');
    expect(await seen()).toBe('Start trial');
  });

  it('a later forged snapshot does not replace the page’s own until more addresses send it (issue 41 §5)', async () => {
    await send('Start trial', '10.4.0.1'); // the page's own, from one visitor
    await send('Free money', '10.4.0.2'); // one forged Origin header, later
    expect(await seen()).toBe('Start trial');
    await send('Free money', '10.4.0.3'); // a second address agrees: a real change of the page looks like this
    expect(await seen()).toBe('Free money');
  });

  it(`keeps at most ${SNAPSHOTS_PER_PAGE_DAY} a page a day, one per address`, async () => {
    for (let i = 0; i < SNAPSHOTS_PER_PAGE_DAY; i++) await send('Real', `10.2.0.${i + 1}`);
    // More addresses than the real visitors had: kept, they would be the majority.
    for (let i = 0; i < SNAPSHOTS_PER_PAGE_DAY + 2; i++) await send('Flood', `10.3.0.${i + 1}`);
    expect(await seen()).toBe('Real');
  });
});

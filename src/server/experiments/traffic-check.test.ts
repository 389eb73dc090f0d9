import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { experimentDetailResponse } from '../../contract/experiments.js';
import { clientKeys } from '../ingest/client-key.js';
import { UA } from '../test-support/collect-requests.js';
import { createTestEnv, endpointPath, get, PROP_A, type TestEnv } from '../test-support/fixtures.js';
import { newExperiment } from './experiment-records.js';

// Anyone can post exposures and conversions to collect. The detail says when a test's counted sessions
// come mostly from one client address, which collect keeps only as a keyed hash on each exposure.

let env: TestEnv;
let experimentId = '';
beforeEach(async () => {
  env = await createTestEnv();
  const e = newExperiment(
    PROP_A,
    {
      name: 'Pricing headline',
      page: '/pricing',
      type: 'nocode',
      variants: [{ changes: [{ selector: 'h1', op: 'text', value: 'New' }] }],
    },
    new Date(Date.now() - 3_600_000),
  );
  await env.store.createExperiment(e);
  experimentId = e.id;
});
afterEach(() => env.close());

let n = 0;
/** One visit posted from `address`: a page view of /pricing (unless `viewed` is false), its exposure to `variant` and a click on the page. */
async function visit(address: string, variant: number, viewed = true) {
  const session = `s${++n}`;
  const base = { property_id: PROP_A, visitor_id: `v${n}`, session_id: session, path: '/pricing' };
  const events = [
    ...(viewed ? [{ ...base, type: 'pageview' }] : []),
    { ...base, type: 'exposure', experiment_id: experimentId, variant },
    { ...base, type: 'click', target: '#cta' },
  ];
  const res = await env.app.inject({
    method: 'POST',
    url: '/api/collect',
    remoteAddress: address,
    headers: { 'user-agent': UA.desktop, 'content-type': 'application/json' },
    payload: { events },
  });
  expect(res.statusCode).toBe(202);
}

async function detail() {
  const r = await get(env, env.keys.a, endpointPath('splitTest', { experimentId }));
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return experimentDetailResponse.parse(r.body);
}

describe('the split-test traffic check', () => {
  it('warns when one client address sent 10+ of the counted sessions and at least a fifth of them', async () => {
    // 8 visitors from 8 addresses, 4 per variant
    for (let i = 0; i < 8; i++) await visit(`198.51.100.${i + 1}`, i % 2);
    // 9 forged sessions in the variant from one address: 9 of 17, but under the 10-session floor
    for (let i = 0; i < 9; i++) await visit('203.0.113.66', 1);
    let d = await detail();
    expect(d.variants.map((v) => v.sessions)).toEqual([4, 13]);
    expect(d.traffic_check).toEqual({
      top_client_sessions: 9,
      top_client_share: 9 / 17,
      looks_forged: false,
      warning: null,
    });

    // three more: 12 of 20 (60%) from one address
    for (let i = 0; i < 3; i++) await visit('203.0.113.66', 1);
    d = await detail();
    expect(d.variants.map((v) => [v.sessions, v.conversions])).toEqual([
      [4, 4],
      [16, 16],
    ]);
    expect(d.traffic_check).toMatchObject({ top_client_sessions: 12, top_client_share: 0.6, looks_forged: true });
    expect(d.traffic_check?.warning).toBe(
      '12 of the 20 sessions counted (60%) came from one client address. This test’s traffic may be forged (or mostly one office or tester): its figures may not describe real visitors.',
    );
  });

  it('does not count exposures without a page view of the test’s page at all', async () => {
    for (let i = 0; i < 40; i++) await visit('203.0.113.66', 1, false);
    await visit('198.51.100.1', 0);
    const d = await detail();
    expect(d.variants.map((v) => v.sessions)).toEqual([1, 0]);
    expect(d.traffic_check).toEqual({
      top_client_sessions: 1,
      top_client_share: 1,
      looks_forged: false,
      warning: null,
    });
  });

  it('treats an IPv6 client’s /64 as one address, and a busy test spread over many addresses as fine', async () => {
    for (let i = 0; i < 10; i++) await visit(`2001:db8:5:6::${i + 1}`, 1);
    for (let i = 0; i < 40; i++) await visit(`198.51.100.${i + 1}`, i % 2);
    const d = await detail();
    expect(d.traffic_check).toMatchObject({ top_client_sessions: 10, top_client_share: 0.2, looks_forged: true });
    for (let i = 0; i < 10; i++) await visit(`198.51.100.${i + 101}`, 0);
    expect((await detail()).traffic_check).toMatchObject({
      top_client_sessions: 10,
      top_client_share: 10 / 60,
      looks_forged: false,
    });
  });
});

describe('clientKeys', () => {
  it('gives one address one key within a UTC day, another the next day, and never holds the address', () => {
    let now = new Date('2026-03-02T23:59:00Z');
    const keyOf = clientKeys(() => now);
    const first = keyOf('203.0.113.66');
    expect(keyOf('203.0.113.66')).toBe(first);
    expect(keyOf('203.0.113.67')).not.toBe(first);
    expect(keyOf('2001:db8:5:6::1')).toBe(keyOf('2001:db8:5:6::ffff')); // one /64
    expect(first).toMatch(/^[A-Za-z0-9_-]{22}$/); // 132 bits of an HMAC, not the address
    now = new Date('2026-03-03T00:00:00Z');
    expect(keyOf('203.0.113.66')).not.toBe(first);
  });
});

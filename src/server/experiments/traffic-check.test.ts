import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventSchema, type EventInput } from '../../contract/events.js';
import { experimentDetailResponse } from '../../contract/experiments.js';
import { normalizeEvent } from '../ingest/normalize-event.js';
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
      addresses: 9,
      heavy_client_share: 0,
      burst_sessions: 0,
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
    expect(d.traffic_check).toMatchObject({
      top_client_sessions: 12,
      top_client_share: 0.6,
      heavy_client_share: 0.6,
      burst_sessions: 0, // 12 in a few seconds, under the 20 of a burst
      looks_forged: true,
    });
    expect(d.traffic_check?.warning).toBe(
      '12 of the 20 sessions counted (60%) came from one client address. This test’s traffic may be forged (or mostly one office or tester): its figures may not describe real visitors, so no winner is called while it looks this way.',
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
      addresses: 1,
      heavy_client_share: 0,
      burst_sessions: 0,
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

/** One session as collect keeps it: a view of /pricing, its exposure (keyed by `address`) and, if it converts, a click. */
interface Visit {
  variant: number;
  address: string;
  at: Date;
  converts: boolean;
}
/** Writes the sessions straight to the store, so they can be spread over hours (collect stamps its own time on nothing but bots). */
async function store(visits: Visit[]) {
  const now = new Date();
  const events = visits.flatMap((v) => {
    const session = `s${++n}`;
    const base = { property_id: PROP_A, visitor_id: `v${n}`, session_id: session, path: '/pricing' };
    const at = (ms: number) => new Date(v.at.getTime() + ms).toISOString();
    const raw: EventInput[] = [
      { ...base, type: 'pageview', ts: at(0) },
      { ...base, type: 'exposure', experiment_id: experimentId, variant: v.variant, ts: at(100) },
      ...(v.converts ? [{ ...base, type: 'click' as const, target: '#cta', ts: at(5_000) }] : []),
    ];
    return raw.map((e) => {
      const kept = normalizeEvent(eventSchema.parse(e), now);
      return e.type === 'exposure' ? { ...kept, client_key: v.address } : kept;
    });
  });
  await env.store.insertEvents(events);
}
/** `count` real visitors over the last `hours`, each from their own address, converting at `rate`. */
function realVisitors(count: number, variant: number, rate: number, hours = 9): Visit[] {
  const now = Date.now();
  return Array.from({ length: count }, (_, i) => ({
    variant,
    address: `real-${variant}-${i}`,
    at: new Date(now - 600_000 - ((i * 7919) % count) * ((hours * 3_600_000) / count)),
    converts: i < count * rate,
  }));
}

describe('the traffic check against forging over several addresses', () => {
  beforeEach(async () => {
    // A test that began 10 hours ago, instead of the hour of the outer beforeEach.
    const e = newExperiment(
      PROP_A,
      {
        name: 'Pricing',
        page: '/pricing',
        type: 'nocode',
        variants: [{ changes: [{ selector: 'h1', op: 'text', value: 'New' }] }],
      },
      new Date(Date.now() - 10 * 3_600_000),
    );
    await env.store.createExperiment(e);
    experimentId = e.id;
  });

  it('withholds the call that 1,600 forged sessions from two addresses in a minute would force (issue 41 §4)', async () => {
    // 2,000 real visitors an arm over 9 hours, both converting at 10%: no winner.
    await store([...realVisitors(2_000, 0, 0.1), ...realVisitors(2_000, 1, 0.1)]);
    let d = await detail();
    expect(d.stats.can_call_winner).toBe(false);
    expect(d.traffic_check).toMatchObject({
      addresses: 4_000,
      heavy_client_share: 0,
      burst_sessions: 0,
      looks_forged: false,
    });

    // Two addresses, 800 sessions each within one minute: the control's all convert, the variant's never.
    const start = Date.now() - 300_000;
    const forged = (address: string, variant: number, converts: boolean): Visit[] =>
      Array.from({ length: 800 }, (_, i) => ({ variant, address, at: new Date(start + i * 50), converts }));
    await store([...forged('forger-a', 0, true), ...forged('forger-b', 1, false)]);
    d = await detail();
    expect(d.variants.map((v) => [v.sessions, v.conversions])).toEqual([
      [2_800, 1_000],
      [2_800, 200],
    ]);
    // The one-address rule alone would not fire: the top address sent 14%.
    expect(d.traffic_check?.top_client_share).toBeCloseTo(800 / 5_600, 9);
    expect(d.traffic_check).toMatchObject({
      addresses: 4_002,
      heavy_client_share: 1_600 / 5_600,
      burst_sessions: 1_600,
      looks_forged: true,
    });
    expect(d.traffic_check?.warning).toBe(
      '1600 of the 5600 sessions counted (29%) came from a few client addresses that sent 10 or more each; and 1600 sessions (29%) arrived in bursts of 20 or more from one address within 10 minutes. This test’s traffic may be forged (or mostly one office or tester): its figures may not describe real visitors, so no winner is called while it looks this way.',
    );
    expect(d.stats).toMatchObject({ can_call_winner: false, winner: null, sample_ratio_mismatch: false });
    expect(d.decision.status).toBe('looks_forged');
    expect(d.stats.verdict).toBe(
      'No call while the traffic looks forged (see the traffic check): its figures may not be real visitors.',
    );
  });

  it('flags forging spread over hours by its heavy addresses, and a hurried one on a busy test by its bursts', async () => {
    // 100 real visitors and two addresses sending 15 sessions each, an hour apart: no burst, but 30 of 130 from heavy addresses.
    const hourly = (address: string): Visit[] =>
      Array.from({ length: 15 }, (_, i) => ({
        variant: 1,
        address,
        at: new Date(Date.now() - (i + 1) * 1_800_000),
        converts: true,
      }));
    await store([...realVisitors(50, 0, 0.1), ...realVisitors(50, 1, 0.1), ...hourly('slow-a'), ...hourly('slow-b')]);
    let d = await detail();
    expect(d.traffic_check).toMatchObject({ top_client_sessions: 15, burst_sessions: 0, looks_forged: true });
    expect(d.traffic_check?.heavy_client_share).toBeCloseTo(30 / 130, 9);
    expect(d.traffic_check?.warning).toMatch(
      /^30 of the 130 sessions counted \(23%\) came from a few client addresses that sent 10 or more each\. /,
    );

    // 2,000 more real visitors: 30 of 2,130 is no longer a sign…
    await store([...realVisitors(1_000, 0, 0.1), ...realVisitors(1_000, 1, 0.1)]);
    d = await detail();
    expect(d.traffic_check?.looks_forged).toBe(false);
    // …but 120 sessions from one address within two minutes are: a burst of 5%+ of the test.
    await store(
      Array.from({ length: 120 }, (_, i) => ({
        variant: 1,
        address: 'hurried',
        at: new Date(Date.now() - 200_000 + i * 1_000),
        converts: true,
      })),
    );
    d = await detail();
    expect(d.traffic_check).toMatchObject({ burst_sessions: 120, looks_forged: true });
    expect(d.traffic_check?.heavy_client_share).toBeCloseTo(150 / 2_250, 9);
    expect(d.traffic_check?.warning).toMatch(
      /^120 sessions \(5%\) arrived in bursts of 20 or more from one address within 10 minutes\. /,
    );
  });
});

describe('bursts across the clock’s 10-minute boundaries', () => {
  it('counts a burst whole when it straddles a boundary such as 10:10 (two grids, offset by 5 minutes)', async () => {
    const e = newExperiment(
      PROP_A,
      {
        name: 'Grid',
        page: '/pricing',
        type: 'nocode',
        variants: [{ changes: [{ selector: 'h1', op: 'text', value: 'N' }] }],
      },
      new Date(Date.now() - 10 * 3_600_000),
    );
    await env.store.createExperiment(e);
    experimentId = e.id;
    // 30 sessions from one address, 90 s either side of a boundary an hour ago: 15 and 15 on the aligned grid,
    // neither a burst alone.
    const boundary = Math.floor((Date.now() - 3_600_000) / 600_000) * 600_000;
    await store([
      ...realVisitors(500, 0, 0.1),
      ...realVisitors(500, 1, 0.1),
      ...Array.from({ length: 30 }, (_, i) => ({
        variant: 1,
        address: 'straddler',
        at: new Date(boundary - 90_000 + i * 6_000),
        converts: false,
      })),
    ]);
    expect((await detail()).traffic_check).toMatchObject({ burst_sessions: 30, top_client_sessions: 30 });
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

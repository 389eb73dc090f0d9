import type { StoredEvent } from '../../contract/events.js';
import { offsetSegments, type Granularity } from '../../server/analytics/time-frame.js';
import { createDemoExperiments } from '../../server/demo/demo-experiments.js';
import { seedStore } from '../../server/seed/seed-store.js';
import type { BucketedScope, ExperimentRecord, Scope, Store } from '../../server/store/store.js';
import { addKey, PROP_A, PROP_B } from '../../server/test-support/fixtures.js';
import { loadMarchDataset, MARCH } from '../../server/test-support/march-dataset.js';
import { storedEvent } from '../../server/test-support/stored-event.js';

/**
 * A store worth moving, for the export, import and migrate tests: every kind of record in every state
 * (a revoked key, a stopped test, saved funnels, snapshots) and events of every type, with bots, NULLs,
 * client keys and a DST change, so a report that moved wrongly shows it.
 */
export const MOVING_NOW = new Date('2026-03-20T12:00:00Z');
const SHOP = 'acme-shop';
const DAY = 86_400_000;

export async function loadMovingDataset(store: Store, opts: { seedEvents: number }): Promise<void> {
  await store.createProperty({
    id: SHOP,
    name: 'Acme Shop',
    domain: 'shop.acme.example',
    timezone: 'America/New_York',
    created_at: new Date('2025-11-02T08:30:00.250Z'),
  });
  await store.createProperty({
    id: PROP_A,
    name: 'Site A',
    domain: 'a.example',
    timezone: 'UTC',
    created_at: new Date('2026-01-05T10:00:00Z'),
  });
  await store.createProperty({
    id: PROP_B,
    name: 'Site B',
    domain: null,
    timezone: 'Europe/Berlin',
    created_at: new Date('2026-01-06T10:00:00Z'),
  });
  if (opts.seedEvents > 0)
    await seedStore(store, { propertyId: SHOP, events: opts.seedEvents, days: 14, seed: 7, end: MOVING_NOW });
  await createDemoExperiments(store, MOVING_NOW);
  await loadMarchDataset(store);

  // Exposures and revenue with client keys (the split-test traffic check), on the first demo test.
  const [test] = await store.listExperiments(SHOP, { limit: 1 });
  const keyedEvent = (i: number, over: Partial<StoredEvent> & Pick<StoredEvent, 'ts'>): StoredEvent =>
    storedEvent({
      property_id: SHOP,
      visitor_id: `ck${i}`,
      session_id: `cks${i}`,
      client_key: `client-${i % 3}`,
      path: test.page,
      country: 'US',
      device: 'desktop',
      ...over,
    });
  const keyed: StoredEvent[] = [];
  for (let i = 0; i < 12; i++) {
    const ts = new Date(MOVING_NOW.getTime() - (i + 2) * 3_600_000);
    keyed.push(keyedEvent(i, { ts }));
    keyed.push(
      keyedEvent(i, { type: 'exposure', ts: new Date(ts.getTime() + 5), experiment_id: test.id, variant: i % 2 }),
    );
    if (i % 4 === 0)
      keyed.push(
        keyedEvent(i, { type: 'revenue', ts: new Date(ts.getTime() + 60_000), amount: 12.5 + i, currency: 'EUR' }),
      );
  }
  await store.insertEvents(keyed);

  const all = await store.listExperiments(SHOP, { limit: 10 });
  await store.stopExperiment(SHOP, all[all.length - 1].id, 'manual', new Date(MOVING_NOW.getTime() - 2 * DAY));

  await addKey(store, [SHOP, PROP_A]);
  const revoked = await addKey(store, [PROP_B], ['metrics']);
  await store.revokeApiKey(revoked.record.id, new Date('2026-03-01T09:15:00.500Z'));

  // One funnel with a mode, breakdown, filters (an unknown value among them) and a goal step, one saved as a seed client saves.
  await store.saveFunnel({
    id: 'f-shop',
    property_id: SHOP,
    name: 'Pricing to signup',
    steps: [{ page: '/demo/pricing' }, { page: '/demo/signup' }, { goal: 'gol_movingSignup1' }],
    mode: 'sequential',
    breakdown_by: 'device',
    filters: [
      { op: 'is_not', dimension: 'country', values: ['FR', null] },
      { op: 'matches', dimension: 'page', values: ['/demo/**'] },
    ],
    created_at: new Date('2026-03-10T10:00:00Z'),
    updated_at: new Date('2026-03-11T10:00:00Z'),
  });
  await store.saveFunnel({
    id: 'f-a',
    property_id: PROP_A,
    name: 'Home to signup',
    steps: [{ page: '/' }, { page: '/pricing' }, { page: '/signup' }],
    created_at: new Date('2026-03-12T10:00:00Z'),
    updated_at: new Date('2026-03-12T10:00:00Z'),
  });
  await store.saveSnapshots([
    {
      property_id: PROP_A,
      path: '/pricing',
      ts: new Date('2026-03-09T10:00:00.125Z'),
      elements: [{ selector: '#buy', tag: 'button', kind: 'button', text: 'Buy', styles: { color: '#fff' } }],
    },
  ]);
}

/** A report scope and its buckets' time zone. */
interface Frame {
  scope: Scope;
  zone: string;
}

const frames: Frame[] = [
  {
    scope: {
      propertyIds: [SHOP],
      start: new Date(MOVING_NOW.getTime() - 30 * DAY),
      end: new Date(MOVING_NOW.getTime() + DAY),
    },
    zone: 'America/New_York',
  },
  {
    scope: {
      propertyIds: [PROP_A],
      start: new Date(`${MARCH.start}T00:00:00Z`),
      end: new Date('2026-03-11T00:00:00Z'),
    },
    zone: 'America/New_York',
  },
  {
    scope: {
      propertyIds: [PROP_A, PROP_B],
      start: new Date(`${MARCH.start}T00:00:00Z`),
      end: new Date('2026-03-11T00:00:00Z'),
    },
    zone: 'UTC',
  },
];

/** Trend buckets in key order: a store returns them in any order (the analytics layer lays them out). */
const byBucket = <T extends { bucket: string }>(rows: T[]) =>
  [...rows].sort((a, b) => a.bucket.localeCompare(b.bucket));

const bucketed = (f: Frame, granularity: Granularity) => ({
  ...f.scope,
  granularity,
  offsets: offsetSegments(f.scope.start.getTime(), f.scope.end.getTime(), f.zone),
});

async function trend(store: Store, s: BucketedScope) {
  const t = await store.trafficTrend(s);
  return { ...t, buckets: byBucket(t.buckets) };
}

async function interactions(store: Store, s: BucketedScope, type: 'click' | 'form_submit') {
  const r = await store.interactions(s, type, { limit: 20 });
  return { ...r, trend: byBucket(r.trend) };
}

/**
 * Every report of the store over the dataset's ranges, and every record it lists: two stores holding
 * the same data give equal objects. Funnel steps and detail pages come from the store's own top pages.
 */
export async function everyReport(store: Store): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const [i, f] of frames.entries()) {
    const s = f.scope;
    const pages = await store.pages(s, 25);
    const top = pages.slice(0, 3).map((p) => p.path);
    const funnel = { scope: s, steps: top, mode: 'unbounded' as const };
    out[`frame ${i}`] = {
      summary: await store.trafficSummary(s),
      trendDay: await trend(store, bucketed(f, 'day')),
      trendHour: await trend(store, bucketed(f, 'hour')),
      segments: await store.segments(s, 10),
      entryExit: await store.entryExitPages(s, 10),
      pages,
      pageDetails: await store.pageDetails(s, top[0], 10),
      clicks: await interactions(store, bucketed(f, 'day'), 'click'),
      forms: await interactions(store, bucketed(f, 'day'), 'form_submit'),
      funnel: await store.funnel(funnel, 10),
      funnelSequentialByDevice: await store.funnel({ ...funnel, mode: 'sequential', breakdownBy: 'device' }, 10),
      funnelPaths: await store.funnelPaths(funnel, 20),
      pathsAfter: await store.pathsAfter(s, top[0], 3),
      realtime: await store.realtime(s.propertyIds, MOVING_NOW),
    };
  }
  const properties = await store.listProperties();
  out.properties = properties;
  out.keys = await store.listApiKeys();
  out.events = await store.countEvents();
  for (const p of properties) {
    const tests: ExperimentRecord[] = await store.listExperiments(p.id, { limit: 100 });
    out[`property ${p.id}`] = {
      events: await store.countEvents([p.id]),
      funnels: await store.listSavedFunnels(p.id),
      tests,
      figures: await Promise.all(tests.map((e) => store.experimentFigures(e))),
      traffic: await Promise.all(tests.map((e) => store.experimentTraffic(e))),
      snapshots: await Promise.all(
        ['/', '/pricing', '/demo/pricing', '/demo/signup'].map((path) => store.pageSnapshot(p.id, path)),
      ),
    };
  }
  return out;
}

/** Fails unless the reports have something in them to compare: equal empty reports prove nothing. */
export function expectSubstance(reports: Record<string, unknown>): void {
  const r = reports as Record<string, any>; // `any`: a loose walk over every report's figures
  const problems: string[] = [];
  for (const frame of ['frame 0', 'frame 1', 'frame 2']) {
    if (!(r[frame].summary.page_views > 0)) problems.push(`${frame}: no page views`);
    if (!(r[frame].funnel[0]?.reached[0] > 0)) problems.push(`${frame}: empty funnel`);
    if (!(r[frame].clicks.total.count > 0)) problems.push(`${frame}: no clicks`);
  }
  const shop = r[`property ${SHOP}`];
  if (shop.tests.length !== 2 || !shop.tests.some((t: ExperimentRecord) => t.status === 'complete'))
    problems.push('tests: want one active, one stopped');
  if (!(shop.figures[0][0].sessions > 0)) problems.push('no exposures');
  if (!shop.traffic.some((t: { top_client_sessions: number }) => t.top_client_sessions > 0))
    problems.push('no client keys');
  if (!shop.snapshots.some((s: unknown) => s !== null)) problems.push('no snapshots');
  if (!r.keys.some((k: { revoked_at: Date | null }) => k.revoked_at !== null)) problems.push('no revoked key');
  if (problems.length > 0) throw new Error(`the moving dataset's reports are too thin: ${problems.join('; ')}`);
}

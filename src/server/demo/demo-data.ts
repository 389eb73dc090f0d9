import { keyPermissions } from '../../contract/admin.js';
import { newApiKey } from '../auth/api-keys.js';
import type { Store } from '../store/store.js';
import { seedStore } from '../seed/seed-store.js';
import { createDemoExperiments } from './demo-experiments.js';
import { createDemoFunnels } from './demo-funnels.js';
import { createDemoGoals } from './demo-goals.js';

export const demoProperties = [
  {
    id: 'acme-shop',
    name: 'Acme Shop',
    domain: 'shop.acme.example',
    timezone: 'America/New_York',
    events: 150_000,
    seed: 1,
  },
  {
    id: 'acme-docs',
    name: 'Acme Docs',
    domain: 'docs.acme.example',
    timezone: 'Europe/Berlin',
    events: 80_000,
    seed: 2,
  },
  { id: 'acme-blog', name: 'Acme Blog', domain: 'blog.acme.example', timezone: 'UTC', events: 50_000, seed: 3 },
];
export const DEMO_DAYS = 90;

/**
 * On an empty store: three properties with 90 days of traffic, two running split tests on the demo
 * website (three weeks of exposures and conversions), two saved funnels and four goals on the shop, and a key with
 * every permission for all of them (returned once).
 */
export async function createDemoData(store: Store, now = new Date()): Promise<{ key: string } | null> {
  if ((await store.listProperties()).length > 0) return null;
  for (const p of demoProperties) {
    await store.createProperty({ id: p.id, name: p.name, domain: p.domain, timezone: p.timezone });
    await seedStore(store, { propertyId: p.id, events: p.events, days: DEMO_DAYS, seed: p.seed, end: now });
  }
  await createDemoExperiments(store, now);
  await createDemoFunnels(store, demoProperties[0].id, now);
  await createDemoGoals(store, demoProperties[0].id, now);
  const { key, record } = newApiKey({
    name: 'demo',
    propertyIds: demoProperties.map((p) => p.id),
    permissions: [...keyPermissions],
  });
  await store.createApiKey(record);
  return { key };
}

import { randomId } from '../auth/api-keys.js';
import type { SavedFunnelRecord, Store } from '../store/store.js';

/**
 * Two saved funnels on the shop, so the Funnels page opens on one (issue 13 §7): the newest first,
 * "Pricing to signup" in order and by device, as a marketer would read a checkout path; and one
 * that keeps a filter, to show that a saved funnel keeps its segment.
 */
export async function createDemoFunnels(store: Store, propertyId: string, now: Date): Promise<void> {
  const funnels: Omit<SavedFunnelRecord, 'id' | 'property_id' | 'created_at' | 'updated_at'>[] = [
    {
      name: 'Blog readers from Google to signup',
      steps: [{ page: '/blog/cookieless-analytics-explained' }, { page: '/features' }, { page: '/signup' }],
      mode: 'unbounded',
      filters: [{ op: 'is', dimension: 'referrer', values: ['google.com'] }],
    },
    {
      name: 'Pricing to signup',
      steps: [{ page: '/pricing' }, { page: '/signup' }, { page: '/signup/complete' }],
      mode: 'sequential',
      breakdown_by: 'device',
      filters: [],
    },
  ];
  // A minute apart, so "newest first" has one answer.
  for (const [i, f] of funnels.entries()) {
    const at = new Date(now.getTime() - (funnels.length - i) * 60_000);
    await store.saveFunnel({ id: randomId('fnl'), property_id: propertyId, ...f, created_at: at, updated_at: at });
  }
}

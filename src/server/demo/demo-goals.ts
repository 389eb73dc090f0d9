import { randomId } from '../auth/api-keys.js';
import type { GoalRecord, Store } from '../store/store.js';

/**
 * The shop's goals, one of each kind, so the Goals page opens on figures: its signups (the custom
 * event the demo site sends with `sightline.track`), a visit to pricing, the hero's trial button and
 * the signup form. Created a second apart, so the list's order (oldest first) is this one.
 */
export async function createDemoGoals(store: Store, propertyId: string, now: Date): Promise<void> {
  const goals: Pick<GoalRecord, 'name' | 'kind' | 'page' | 'event' | 'target' | 'source'>[] = [
    { name: 'Signup', kind: 'event', page: null, event: 'Signup', target: null, source: null },
    { name: 'Viewed pricing', kind: 'page', page: '/pricing', event: null, target: null, source: null },
    { name: 'Start trial button', kind: 'click', page: null, event: null, target: '#cta-start-trial', source: null },
    { name: 'Signup form sent', kind: 'form', page: '/signup', event: null, target: null, source: 'signup' },
  ];
  for (const [i, g] of goals.entries()) {
    await store.createGoal({
      id: randomId('gol'),
      property_id: propertyId,
      ...g,
      created_at: new Date(now.getTime() - (goals.length - i) * 1000),
    });
  }
}

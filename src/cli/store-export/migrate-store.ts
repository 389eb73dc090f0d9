import type { Store } from '../../server/store/store.js';
import { CliError } from '../cli-error.js';
import { silentCopy, type CopyProgress } from './copy-progress.js';
import { contentsOf, loadContents, type MovedCounts } from './store-contents.js';

const ALL = 2 ** 31 - 1;

/**
 * The figures both sides must agree on after a migration, over the source's properties and keys only
 * (the target may hold others), each named as the error message names it.
 */
async function storeCounts(store: Store, propertyIds: string[], keyIds: Set<string>): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  counts.set('properties', (await store.getProperties(propertyIds)).length);
  counts.set('API keys', (await store.listApiKeys()).filter((k) => keyIds.has(k.id)).length);
  const total = { 'saved funnels': 0, tests: 0, goals: 0, events: 0 };
  const perProperty: [string, number][] = [];
  for (const id of propertyIds) {
    const figures = {
      'saved funnels': (await store.listSavedFunnels(id)).length,
      tests: (await store.listExperiments(id, { limit: ALL })).length,
      goals: (await store.listGoals(id)).length,
      events: await store.countEvents([id]),
    };
    for (const [what, n] of Object.entries(figures) as [keyof typeof total, number][]) {
      total[what] += n;
      perProperty.push([`${what} of "${id}"`, n]);
    }
  }
  for (const [what, n] of [...Object.entries(total), ...perProperty]) counts.set(what, n);
  return counts;
}

export interface StoreSide {
  store: Store;
  name: string;
}

/**
 * Copies every record of `source` into `target` (which must not have any of its ids yet), streaming
 * the events from one store into the other, then counts both sides: the source's properties, keys,
 * saved funnels, tests, goals and events, in all and per property, must be equal, or it fails naming every
 * figure that differs. `progress` hears each kind's rows as they are copied.
 */
export async function migrateStore(
  source: StoreSide,
  target: StoreSide,
  progress: CopyProgress = silentCopy,
): Promise<MovedCounts> {
  const contents = await contentsOf(source.store);
  const moved = await loadContents(target.store, contents, { progress });
  const ids = contents.metadata.properties.map((p) => p.id);
  const keyIds = new Set(contents.metadata.apiKeys.map((k) => k.id));
  const [before, after] = [await storeCounts(source.store, ids, keyIds), await storeCounts(target.store, ids, keyIds)];
  const differences = [...before]
    .filter(([what, n]) => after.get(what) !== n)
    .map(([what, n]) => `${what}: ${n} in ${source.name}, ${after.get(what)} in ${target.name}`);
  if (differences.length > 0) {
    throw new CliError(
      `the copy is incomplete, counts differ after migrating: ${differences.join('; ')}. Empty the ${target.name} store before trying again`,
    );
  }
  return moved;
}

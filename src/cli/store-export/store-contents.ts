import type { StoredEvent } from '../../contract/events.js';
import type {
  AccountRecord,
  ApiKeyRecord,
  AuditRecord,
  ExperimentRecord,
  GoalRecord,
  Property,
  SavedFunnelRecord,
  ShareLinkRecord,
  SnapshotRecord,
  Store,
} from '../../server/store/store.js';
import { CliError } from '../cli-error.js';
import { silentCopy, type CopyProgress } from './copy-progress.js';

/** The small records of a store, listed whole. */
export interface StoreMetadata {
  properties: Property[];
  apiKeys: ApiKeyRecord[];
  savedFunnels: SavedFunnelRecord[];
  experiments: ExperimentRecord[];
  goals: GoalRecord[];
  /** Dashboard accounts (passwords as their hashes). */
  accounts: AccountRecord[];
  /** Share links (tokens and passwords as their hashes). */
  shareLinks: ShareLinkRecord[];
  /** The audit log, oldest first. */
  audit: AuditRecord[];
}

/**
 * Everything an export holds, wherever it comes from (a store, an NDJSON file, a Parquet directory):
 * the metadata in memory, snapshots and events as batches read on demand, so a store of any size
 * moves in bounded memory. Each call of `snapshots()` / `events()` reads them from the start.
 */
export interface StoreContents {
  metadata: StoreMetadata;
  snapshots(): AsyncIterable<SnapshotRecord[]>;
  events(): AsyncIterable<StoredEvent[]>;
}

/** How many records of each kind were moved. */
export interface MovedCounts {
  properties: number;
  api_keys: number;
  saved_funnels: number;
  experiments: number;
  /** Present when there were goals (an export without them is the format from before goals). */
  goals?: number;
  /** Present when there were accounts. */
  accounts?: number;
  /** Present when there were share links. */
  share_links?: number;
  /** Present when there were audit log entries. */
  audit_entries?: number;
  snapshots: number;
  events: number;
}

// Listing a property's tests needs a limit; this is beyond any number of tests one property can have.
const ALL = 2 ** 31 - 1;

/** A store's metadata, and its snapshots and events as the store exports them. */
export async function contentsOf(store: Store): Promise<StoreContents> {
  const properties = await store.listProperties();
  const savedFunnels: SavedFunnelRecord[] = [];
  const experiments: ExperimentRecord[] = [];
  const goals: GoalRecord[] = [];
  for (const p of properties) {
    savedFunnels.push(...(await store.listSavedFunnels(p.id)));
    experiments.push(...(await store.listExperiments(p.id, { limit: ALL })));
    goals.push(...(await store.listGoals(p.id)));
  }
  return {
    metadata: {
      properties,
      apiKeys: await store.listApiKeys(),
      savedFunnels,
      experiments,
      goals,
      accounts: await store.listAccounts(),
      shareLinks: await store.listShareLinks(),
      audit: await wholeAuditLog(store),
    },
    snapshots: () => store.exportSnapshots(),
    events: () => store.exportEvents(),
  };
}

/** The store's audit log, oldest first, read a page at a time by (instant, id). */
async function wholeAuditLog(store: Store): Promise<AuditRecord[]> {
  const pages: AuditRecord[][] = [];
  let last: AuditRecord | undefined;
  for (;;) {
    const page = await store.listAudit({
      limit: 10_000,
      ...(last ? { before: last.at, beforeId: last.id } : {}),
    });
    if (page.length === 0) break;
    pages.push(page);
    last = page.at(-1);
  }
  return pages.flat().reverse();
}

export const metadataCounts = (m: StoreMetadata) => ({
  properties: m.properties.length,
  api_keys: m.apiKeys.length,
  saved_funnels: m.savedFunnels.length,
  experiments: m.experiments.length,
  ...(m.goals.length > 0 ? { goals: m.goals.length } : {}),
  ...(m.accounts.length > 0 ? { accounts: m.accounts.length } : {}),
  ...(m.shareLinks.length > 0 ? { share_links: m.shareLinks.length } : {}),
  ...(m.audit.length > 0 ? { audit_entries: m.audit.length } : {}),
});

/**
 * Refuses before anything is written when the target already has one of the export's ids (loading
 * would replace or duplicate a record), or when a record names a property neither side has.
 */
async function checkTarget(target: Store, m: StoreMetadata): Promise<Set<string>> {
  const existing = await target.listProperties();
  const taken = (what: string, id: string) =>
    new CliError(
      `the target store already has ${what} "${id}" (an export goes into a store without its properties, keys, funnels, tests, goals and accounts); nothing was imported`,
    );
  const propertyIds = new Set(existing.map((p) => p.id));
  for (const p of m.properties) if (propertyIds.has(p.id)) throw taken('property', p.id);
  const keyIds = new Set((await target.listApiKeys()).map((k) => k.id));
  for (const k of m.apiKeys) if (keyIds.has(k.id)) throw taken('API key', k.id);
  // Funnel, test and goal ids are unique store-wide (the embedded store's primary keys), not per property.
  const funnelIds = new Set<string>();
  const testIds = new Set<string>();
  const goalIds = new Set<string>();
  for (const p of existing) {
    for (const f of await target.listSavedFunnels(p.id)) funnelIds.add(f.id);
    for (const e of await target.listExperiments(p.id, { limit: ALL })) testIds.add(e.id);
    for (const g of await target.listGoals(p.id)) goalIds.add(g.id);
  }
  for (const f of m.savedFunnels) if (funnelIds.has(f.id)) throw taken('saved funnel', f.id);
  for (const e of m.experiments) if (testIds.has(e.id)) throw taken('test', e.id);
  for (const g of m.goals) if (goalIds.has(g.id)) throw taken('goal', g.id);
  const accounts = await target.listAccounts();
  for (const a of m.accounts)
    if (accounts.some((t) => t.id === a.id || t.email === a.email)) throw taken('account', a.email);
  const linkIds = new Set((await target.listShareLinks()).map((l) => l.id));
  for (const l of m.shareLinks) if (linkIds.has(l.id)) throw taken('share link', l.id);
  if (m.audit.length > 0) {
    const entryIds = new Set((await wholeAuditLog(target)).map((r) => r.id));
    for (const r of m.audit) if (entryIds.has(r.id)) throw taken('audit log entry', r.id);
  }

  const known = new Set([...propertyIds, ...m.properties.map((p) => p.id)]);
  const unknown = (what: string, id: string, property: string) =>
    new CliError(
      `${what} "${id}" belongs to property "${property}", which neither the export nor the target store has; nothing was imported`,
    );
  for (const k of m.apiKeys) for (const p of k.property_ids) if (!known.has(p)) throw unknown('API key', k.id, p);
  for (const f of m.savedFunnels) if (!known.has(f.property_id)) throw unknown('saved funnel', f.id, f.property_id);
  for (const e of m.experiments) if (!known.has(e.property_id)) throw unknown('test', e.id, e.property_id);
  for (const g of m.goals) if (!known.has(g.property_id)) throw unknown('goal', g.id, g.property_id);
  for (const a of m.accounts) for (const p of a.property_ids) if (!known.has(p)) throw unknown('account', a.email, p);
  for (const l of m.shareLinks) if (!known.has(l.property_id)) throw unknown('share link', l.id, l.property_id);
  return known;
}

/** The events, refused at the first one whose property is unknown (the import then keeps none). */
async function* ofKnownProperties(
  events: AsyncIterable<StoredEvent[]>,
  known: Set<string>,
): AsyncGenerator<StoredEvent[]> {
  let n = 0;
  for await (const batch of events) {
    for (const e of batch) {
      n++;
      if (!known.has(e.property_id))
        throw new CliError(
          `event ${n}: property_id: no property "${e.property_id}" in the export or the target store; nothing was imported`,
        );
    }
    yield batch;
  }
}

/** The events as they pass, counted for `progress`, which hears when the last one is read. */
async function* counted(events: AsyncIterable<StoredEvent[]>, progress: CopyProgress): AsyncGenerator<StoredEvent[]> {
  for await (const batch of events) {
    progress.copied('events', batch.length);
    yield batch;
  }
  progress.committing();
}

/**
 * Writes an export into a store (its API keys only `withKeys`, its accounts only `withAccounts`). The events go first, in one all-or-nothing import: a bad event, a
 * failed read or a refused write leaves the target as it was. The metadata (checked beforehand, as the
 * readers check the snapshots) and snapshots follow; only the store itself failing can stop them
 * half-way, and the error then says so.
 */
export async function loadContents(
  target: Store,
  contents: StoreContents,
  {
    withKeys = true,
    withAccounts = true,
    progress = silentCopy,
  }: { withKeys?: boolean; withAccounts?: boolean; progress?: CopyProgress } = {},
): Promise<MovedCounts> {
  // Left out, keys and accounts are neither checked nor written: a file from elsewhere plants no way in.
  const m = {
    ...contents.metadata,
    apiKeys: withKeys ? contents.metadata.apiKeys : [],
    // A share link is a way in to reports, as a key is: it comes with the keys or not at all.
    shareLinks: withKeys ? contents.metadata.shareLinks : [],
    accounts: withAccounts ? contents.metadata.accounts : [],
    // The log names accounts by their email and says where they were: it comes with them.
    audit: withAccounts ? contents.metadata.audit : [],
  };
  const known = await checkTarget(target, m);
  const events = await target.importEvents(counted(ofKnownProperties(contents.events(), known), progress));
  progress.done('events', events);
  let snapshots = 0;
  try {
    for (const p of m.properties) await target.createProperty(p);
    progress.done('properties', m.properties.length);
    for (const k of m.apiKeys) {
      await target.createApiKey({ ...k, revoked_at: null });
      if (k.revoked_at) await target.revokeApiKey(k.id, k.revoked_at);
    }
    progress.done('API keys', m.apiKeys.length);
    for (const f of m.savedFunnels) await target.saveFunnel(f);
    progress.done('saved funnels', m.savedFunnels.length);
    for (const e of m.experiments) await target.createExperiment(e);
    progress.done('tests', m.experiments.length);
    // In the export's order (each property's oldest first), so goals made in one millisecond keep their order.
    for (const g of m.goals) await target.createGoal(g);
    progress.done('goals', m.goals.length);
    for (const a of m.accounts) await target.createAccount(a);
    progress.done('accounts', m.accounts.length);
    for (const l of m.shareLinks) await target.createShareLink(l);
    progress.done('share links', m.shareLinks.length);
    for (const r of m.audit) await target.appendAudit(r);
    progress.done('audit log entries', m.audit.length);
    for await (const batch of contents.snapshots()) {
      await target.saveSnapshots(batch);
      snapshots += batch.length;
      progress.copied('snapshots', batch.length);
    }
    progress.done('snapshots', snapshots);
  } catch (error) {
    throw new CliError(
      `the ${events} events were imported, but writing the properties, keys, funnels, tests, goals, accounts and snapshots failed part-way: ${(error as Error).message}`,
    );
  }
  return { ...metadataCounts(m), snapshots, events };
}

/** "2 properties, 1 API key, …": a summary line's counts. */
export function describeCounts(c: MovedCounts): string {
  const n = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
  return [
    n(c.properties, 'property', 'properties'),
    n(c.api_keys, 'API key'),
    n(c.saved_funnels, 'saved funnel'),
    n(c.experiments, 'test'),
    ...(c.goals ? [n(c.goals, 'goal')] : []),
    ...(c.accounts ? [n(c.accounts, 'account')] : []),
    ...(c.share_links ? [n(c.share_links, 'share link')] : []),
    ...(c.audit_entries ? [n(c.audit_entries, 'audit log entry', 'audit log entries')] : []),
    n(c.snapshots, 'snapshot'),
    n(c.events, 'event'),
  ].join(', ');
}

import type { StoredEvent } from '../../../contract/events.js';
import type { ChDb } from './clickhouse-db.js';

/**
 * Events go in as JSON rows; the ids are EPHEMERAL columns that the table hashes into its 64-bit keys
 * (schema.ts), so the same insert works on one server and through a cluster's `Distributed` table,
 * which needs `session_key` to pick the shard. `sessions_mv` derives the session partials from the
 * same insert.
 */
const columns = [
  'property_id', 'ts', 'type', 'visitor_id', 'session_id', 'path', 'referrer', 'utm_source', 'utm_medium', 'utm_campaign',
  'country', 'device', 'is_bot', 'scroll_depth', 'engaged_ms', 'target', 'href', 'source', 'experiment_id', 'variant',
  'amount', 'currency', 'client_id',
] as const;

function row(e: StoredEvent) {
  return {
    property_id: e.property_id, ts: e.ts.getTime(), type: e.type, visitor_id: e.visitor_id, session_id: e.session_id,
    path: e.path, referrer: e.referrer, utm_source: e.utm_source, utm_medium: e.utm_medium, utm_campaign: e.utm_campaign,
    country: e.country, device: e.device, is_bot: e.is_bot, scroll_depth: e.scroll_depth, engaged_ms: e.engaged_ms,
    target: e.target, href: e.href, source: e.source, experiment_id: e.experiment_id, variant: e.variant,
    amount: e.amount, currency: e.currency, client_id: e.client_key ?? null,
  };
}

/**
 * Writes one batch as one insert: one block, kept whole or not at all, and dropped if delivered twice.
 * `table`: another table with the events' columns (the import's staging table, import-events.ts).
 */
export async function insertEvents(db: ChDb, events: readonly StoredEvent[], table = 'events'): Promise<void> {
  if (events.length === 0) return;
  await db.insert(table, events.map(row), columns);
}

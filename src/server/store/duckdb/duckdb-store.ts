import type { StoredEvent } from '../../../contract/events.js';
import type { Store } from '../store.js';
import { adminQueries } from './admin-queries.js';
import { propertyLifecycle } from './property-lifecycle.js';
import { accountQueries } from './account-queries.js';
import { auditQueries } from './audit-queries.js';
import { shareLinkQueries } from './share-link-queries.js';
import { mailSubscriptionQueries } from './mail-subscription-queries.js';
import { importLedgerQueries } from './import-ledger-queries.js';
import { adminSessionQueries } from './admin-session-queries.js';
import { openCollectInbox } from './collect-inbox.js';
import { onlineBackup, type OnlineBackup } from '../online-backup.js';
import { takeBackup } from './backup/take-backup.js';
import { Database } from './database.js';
import { experimentQueries } from './experiment-queries.js';
import { exportQueries } from './export-queries.js';
import { funnel, funnelPaths, pathsAfter } from './funnel-queries.js';
import { sankeyPaths } from './sankey-queries.js';
import { goalQueries } from './goal-queries.js';
import { interactions } from './interaction-queries.js';
import { migrateKeyPermissions } from './key-permission-migration.js';
import { pageDetails, pages } from './page-queries.js';
import { schemaSql } from './schema.js';
import { dropSessionsPrimaryKey } from './sessions-key-migration.js';
import { backfillVisitorSlots } from './visitor-slots.js';
import { backfillCompactEvents } from './compact-events.js';
import { backfillCompactCustomEvents } from './compact-custom-events.js';
import { backfillPageViewHours } from './page-view-hours.js';
import { backfillEngagementHours } from './engagement-hours.js';
import { startRepeatFlagging } from './repeat-flags.js';
import { snapshotQueries } from './snapshot-queries.js';
import { backfillPatternPages } from './pattern-pages.js';
import { backfillSessionVisitorNumbers } from './session-visitor-numbers.js';
import { entryExitPages, realtime, segments, trafficSummary, trafficTrend } from './traffic-queries.js';
import { importBatches } from './write-events.js';

/**
 * What tests of the embedded store reach past the Store interface for: its database, and the
 * background pass (repeat flags, hourly page views, session paths) run to the end now.
 */
export const duckdbInternals = Symbol('duckdb internals');
export interface DuckdbInternals {
  db: Database;
  settle(): Promise<void>;
}

/** Opens (creating if needed) the embedded store in `dataDir`, or in memory for ':memory:'. */
export async function openDuckdbStore(
  dataDir: string,
  /** Between background passes (tests of their states lengthen it and settle by hand). */
  opts: { backgroundPassMs?: number } = {},
): Promise<Store & { [duckdbInternals]: DuckdbInternals } & OnlineBackup> {
  const db = await Database.open(dataDir);
  await db.writer.run(schemaSql);
  await migrateKeyPermissions(db);
  await dropSessionsPrimaryKey(db);
  await backfillVisitorSlots(db);
  await backfillSessionVisitorNumbers(db); // from the visitor numbers the line above may have made
  await backfillCompactEvents(db);
  await backfillCompactCustomEvents(db);
  await backfillPageViewHours(db);
  await backfillEngagementHours(db);
  await backfillPatternPages(db);
  const inbox = await openCollectInbox(db, dataDir);
  db.beforeRead = inbox.settled;
  // Bulk writes under way (import, and a seed's transactions one after another): the background
  // pass, which reads whole tables, waits until they end instead of running between a seed's
  // transactions (10 passes over a growing store for a 10M seed).
  let importing = 0;
  const repeats = startRepeatFlagging(db, opts.backgroundPassMs, () => importing > 0);
  const internals: DuckdbInternals = {
    db,
    async settle() {
      await inbox.settled(); // the batches answered so far written first
      await repeats.settle();
    },
  };
  return {
    [duckdbInternals]: internals,
    [onlineBackup]: (outDir) => takeBackup(db, inbox, dataDir, outDir),
    ...adminQueries(db),
    ...propertyLifecycle(db),
    ...adminSessionQueries(db),
    ...accountQueries(db),
    ...auditQueries(db),
    ...shareLinkQueries(db),
    ...mailSubscriptionQueries(db),
    ...importLedgerQueries(db),
    ...snapshotQueries(db),
    ...experimentQueries(db),
    ...exportQueries(db),
    ...goalQueries(db),
    async close() {
      await inbox.close();
      await repeats.stop();
      await db.close();
    },
    ping: () => db.ping(),
    operations: {
      store: 'duckdb',
      writeQueue: () => inbox.queue(),
      onQuery: (listener) => db.timings.listen(listener),
    },
    insertEvents: (events: StoredEvent[]) => inbox.accept(events).finally(repeats.written),
    importEvents(batches: AsyncIterable<StoredEvent[]>) {
      importing++;
      return db
        .transaction((conn) => importBatches(conn, batches))
        .finally(() => {
          importing--;
          repeats.written();
        });
    },
    async countEvents(propertyIds?: string[]) {
      const [row] = propertyIds
        ? await db.all<{ n: number }>('SELECT count(*) AS n FROM events WHERE list_contains($ids, property_id)', {
            ids: propertyIds,
          })
        : await db.all<{ n: number }>('SELECT count(*) AS n FROM events');
      return row.n;
    },
    trafficTrend: (s) => trafficTrend(db, s),
    trafficSummary: (s) => trafficSummary(db, s),
    realtime: (ids, now, filters, goals) => realtime(db, ids, now, filters, goals),
    segments: (s, limit) => segments(db, s, limit),
    entryExitPages: (s, limit) => entryExitPages(db, s, limit),
    pages: (s, limit) => pages(db, s, limit),
    pageDetails: (s, page, limit) => pageDetails(db, s, page, limit),
    interactions: (s, type, opts) => interactions(db, s, type, opts),
    funnel: (q, limit) => funnel(db, q, limit),
    funnelPaths: (q, maxNodes) => funnelPaths(db, q, maxNodes),
    sankeyPaths: (q, maxNodes, top) => sankeyPaths(db, q, maxNodes, top),
    pathsAfter: (s, page, depth) => pathsAfter(db, s, page, depth),
  };
}

import type { Store } from '../store.js';
import { chDb, type ChDb } from './clickhouse-db.js';
import { parseClickhouseUrl, type ClickhouseTarget } from './clickhouse-url.js';
import { connectClickhouse } from './connect.js';
import { migrate } from './migrations.js';
import { databaseDdl } from './table-ddl.js';
import { checkServerVersion } from './server-version.js';
import { insertEvents } from './write-events.js';
import { adminQueries } from './admin-queries.js';
import { propertyLifecycle } from './property-lifecycle.js';
import { accountQueries } from './account-queries.js';
import { auditQueries } from './audit-queries.js';
import { shareLinkQueries } from './share-link-queries.js';
import { mailSubscriptionQueries } from './mail-subscription-queries.js';
import { importLedgerQueries } from './import-ledger-queries.js';
import { adminSessionQueries } from './admin-session-queries.js';
import { snapshotQueries } from './snapshot-queries.js';
import { experimentQueries } from './experiment-queries.js';
import { trafficQueries } from './traffic-queries.js';
import { importEvents } from './import-events.js';
import { pageQueries } from './page-queries.js';
import { interactionQueries } from './interaction-queries.js';
import { funnelQueries } from './funnel-queries.js';
import { exportQueries } from './export-queries.js';
import { goalQueries } from './goal-queries.js';

export interface ClickhouseOptions {
  target: ClickhouseTarget;
  /** `CLICKHOUSE_CLUSTER`: create the schema ON CLUSTER as replicated local tables plus Distributed ones. */
  cluster?: string | null;
  /** Drop the database on close (throw-away test databases). */
  dropOnClose?: boolean;
}

/** Opens the ClickHouse store: checks the server's version, creates the database and migrates it. */
export async function openClickhouseStore(opts: ClickhouseOptions): Promise<Store> {
  const cluster = opts.cluster ?? null;
  const root = chDb(
    await connectClickhouse(opts.target, { inDatabase: false, plain: true }),
    'default',
    cluster,
    opts.target.kind,
  );
  // Connected before the first one closes: a throw-away chDB (`:memory:`) lives as long as a connection to it.
  const db = chDb(await connectClickhouse(opts.target, { cluster }), opts.target.database, cluster, opts.target.kind);
  try {
    await checkServerVersion(root);
    await root.run(databaseDdl({ database: opts.target.database, cluster }));
  } catch (error) {
    await db.client.close();
    throw error;
  } finally {
    await root.client.close();
  }
  await migrate(db);
  return clickhouseStore(db, async () => {
    if (opts.dropOnClose)
      await db.run(
        `DROP DATABASE IF EXISTS \`${db.database}\`${cluster ? ` ON CLUSTER \`${cluster}\` SYNC` : ' SYNC'}`,
      );
    await db.client.close();
  });
}

/** `CLICKHOUSE_URL` (and `CLICKHOUSE_CLUSTER`) as given in the environment. */
export function openClickhouseStoreFromUrl(url: string | undefined, cluster?: string): Promise<Store> {
  return openClickhouseStore({ target: parseClickhouseUrl(url), cluster: cluster || null });
}

function clickhouseStore(db: ChDb, close: () => Promise<void>): Store {
  return {
    close,
    async ping() {
      await db.all('SELECT 1');
    },
    // The server buffers inserts itself (async_insert); this process holds no queue of collected events.
    operations: {
      store: 'clickhouse',
      writeQueue: () => ({ events: 0, oldestSeconds: 0 }),
      onQuery: (listener) => db.timings.listen(listener),
    },
    insertEvents: (events) => insertEvents(db, events),
    async countEvents(propertyIds?: string[]) {
      const [row] = propertyIds
        ? await db.all<{ n: number }>('SELECT count() AS n FROM events WHERE property_id IN {ids:Array(String)}', {
            ids: propertyIds,
          })
        : await db.all<{ n: number }>('SELECT count() AS n FROM events');
      return Number(row.n);
    },
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
    ...trafficQueries(db),
    ...importEvents(db),
    ...pageQueries(db),
    ...interactionQueries(db),
    ...funnelQueries(db),
    ...exportQueries(db),
    ...goalQueries(db),
  };
}

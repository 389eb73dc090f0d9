import type { Store } from '../store.js';
import { chDb, type ChDb } from './clickhouse-db.js';
import { parseClickhouseUrl, type ClickhouseTarget } from './clickhouse-url.js';
import { connectClickhouse } from './connect.js';
import { migrate } from './migrations.js';
import { databaseDdl } from './schema.js';
import { checkServerVersion } from './server-version.js';
import { insertEvents } from './write-events.js';

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
  const root = chDb(await connectClickhouse(opts.target, { inDatabase: false }), 'default', cluster);
  // Connected before the first one closes: a throw-away chDB (`:memory:`) lives as long as a connection to it.
  const db = chDb(await connectClickhouse(opts.target), opts.target.database, cluster);
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
    if (opts.dropOnClose) await db.run(`DROP DATABASE IF EXISTS \`${db.database}\`${cluster ? ` ON CLUSTER \`${cluster}\` SYNC` : ' SYNC'}`);
    await db.client.close();
  });
}

/** `CLICKHOUSE_URL` (and `CLICKHOUSE_CLUSTER`) as given in the environment. */
export function openClickhouseStoreFromUrl(url: string | undefined, cluster?: string): Promise<Store> {
  return openClickhouseStore({ target: parseClickhouseUrl(url), cluster: cluster || null });
}

const notYet = (name: string) => () => Promise.reject(new Error(`${name} is not available on the ClickHouse store yet`));

function clickhouseStore(db: ChDb, close: () => Promise<void>): Store {
  return {
    close,
    async ping() {
      await db.all('SELECT 1');
    },
    createProperty: notYet('createProperty'),
    listProperties: notYet('listProperties'),
    getProperties: notYet('getProperties'),
    createApiKey: notYet('createApiKey'),
    listApiKeys: notYet('listApiKeys'),
    findApiKeysByPrefix: notYet('findApiKeysByPrefix'),
    revokeApiKey: notYet('revokeApiKey'),
    createSignInToken: notYet('createSignInToken'),
    consumeSignInToken: notYet('consumeSignInToken'),
    createAdminSession: notYet('createAdminSession'),
    adminSessionValid: notYet('adminSessionValid'),
    deleteAdminSession: notYet('deleteAdminSession'),
    insertEvents: (events) => insertEvents(db, events),
    importEvents: notYet('importEvents'),
    async countEvents(propertyIds?: string[]) {
      const [row] = propertyIds
        ? await db.all<{ n: number }>('SELECT count() AS n FROM events WHERE has({ids:Array(String)}, property_id)', { ids: propertyIds })
        : await db.all<{ n: number }>('SELECT count() AS n FROM events');
      return Number(row.n);
    },
    trafficTrend: notYet('trafficTrend'),
    trafficSummary: notYet('trafficSummary'),
    realtime: notYet('realtime'),
    segments: notYet('segments'),
    entryExitPages: notYet('entryExitPages'),
    pages: notYet('pages'),
    pageDetails: notYet('pageDetails'),
    interactions: notYet('interactions'),
    funnel: notYet('funnel'),
    funnelPaths: notYet('funnelPaths'),
    pathsAfter: notYet('pathsAfter'),
    saveSnapshots: notYet('saveSnapshots'),
    pageSnapshot: notYet('pageSnapshot'),
    listSavedFunnels: notYet('listSavedFunnels'),
    getSavedFunnel: notYet('getSavedFunnel'),
    saveFunnel: notYet('saveFunnel'),
    deleteSavedFunnel: notYet('deleteSavedFunnel'),
    createExperiment: notYet('createExperiment'),
    listExperiments: notYet('listExperiments'),
    getExperiment: notYet('getExperiment'),
    updateExperiment: notYet('updateExperiment'),
    stopExperiment: notYet('stopExperiment'),
    activeExperiments: notYet('activeExperiments'),
    autoStopExperiments: notYet('autoStopExperiments'),
    experimentFigures: notYet('experimentFigures'),
    experimentTraffic: notYet('experimentTraffic'),
  };
}

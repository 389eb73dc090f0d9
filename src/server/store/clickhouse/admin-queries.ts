import type { Store } from '../store.js';
import type { ChDb } from './clickhouse-db.js';
import { notYet } from './not-yet.js';

/** Properties, API keys and saved funnels on ClickHouse. */
export function adminQueries(_db: ChDb): Pick<Store, 'createProperty' | 'listProperties' | 'getProperties' | 'createApiKey' | 'listApiKeys' | 'findApiKeysByPrefix' | 'revokeApiKey' | 'listSavedFunnels' | 'getSavedFunnel' | 'saveFunnel' | 'deleteSavedFunnel'> {
  return {
    createProperty: notYet('createProperty'),
    listProperties: notYet('listProperties'),
    getProperties: notYet('getProperties'),
    createApiKey: notYet('createApiKey'),
    listApiKeys: notYet('listApiKeys'),
    findApiKeysByPrefix: notYet('findApiKeysByPrefix'),
    revokeApiKey: notYet('revokeApiKey'),
    listSavedFunnels: notYet('listSavedFunnels'),
    getSavedFunnel: notYet('getSavedFunnel'),
    saveFunnel: notYet('saveFunnel'),
    deleteSavedFunnel: notYet('deleteSavedFunnel'),
  };
}

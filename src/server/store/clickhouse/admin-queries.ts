import type { ApiKeyRecord, Property, SavedFunnelRecord, Store } from '../store.js';
import { dateOf, type ChDb } from './clickhouse-db.js';
import { DELETED_VERSION, nextVersion } from './row-versions.js';
import { optionColumns, optionsFromColumns, type SavedFunnelOptionColumns } from '../saved-funnel-columns.js';
import { chTime } from './sql-fragments.js';
import { liveProperties } from './property-lifecycle.js';

/**
 * Properties, API keys and saved funnels on ClickHouse: small ReplacingMergeTree tables, read with
 * FINAL so every server sees the newest version of a row before the background merge happens.
 * Nothing is cached here: a change written through one Sightline server is read by the next query
 * on any other.
 */
export function adminQueries(
  db: ChDb,
): Pick<
  Store,
  | 'createProperty'
  | 'listProperties'
  | 'getProperties'
  | 'createApiKey'
  | 'listApiKeys'
  | 'findApiKeysByPrefix'
  | 'revokeApiKey'
  | 'listSavedFunnels'
  | 'getSavedFunnel'
  | 'saveFunnel'
  | 'deleteSavedFunnel'
> {
  const properties = async (where: string, order: string, params: Record<string, unknown> = {}) =>
    (await db.all<PropertyRow>(`SELECT * FROM ${liveProperties} ${where} ORDER BY ${order}`, params)).map(toProperty);
  const keys = async (where: string, params: Record<string, unknown> = {}) =>
    (await db.all<KeyRow>(`SELECT ${KEY_COLUMNS} FROM api_keys FINAL ${where} ORDER BY created_at, id`, params)).map(
      toKey,
    );
  const funnels = async (where: string, params: Record<string, unknown>) =>
    (
      await db.all<FunnelRow>(
        `SELECT id, property_id, name, steps, created_at, updated_at, mode, breakdown_by, filters FROM saved_funnels FINAL ${where} ORDER BY created_at DESC, id`,
        params,
      )
    ).map(toFunnel);

  return {
    async createProperty(p) {
      // The embedded store refuses a second property with the same id (its primary key); the route checks
      // first, and so does this, so a direct caller gets the same error rather than a silent replacement.
      if ((await properties('AND id = {id:String}', 'id', { id: p.id })).length > 0)
        throw new Error(`property "${p.id}" already exists`);
      // A deleted property's row stays (property-lifecycle.ts): writing it again would bring it back.
      const [used] = await db.all<{ n: number }>('SELECT count() AS n FROM properties WHERE id = {id:String}', {
        id: p.id,
      });
      if (Number(used.n) > 0) throw new Error(`property "${p.id}" existed and was deleted; ids are not reused`);
      const created_at = p.created_at ?? new Date();
      await db.insert('properties', [
        { id: p.id, name: p.name, domain: p.domain, timezone: p.timezone, created_at: chTime(created_at) },
      ]);
      return { ...p, created_at };
    },
    listProperties: () => properties('', 'created_at, id'),
    getProperties: (ids) => properties('AND id IN {ids:Array(String)}', 'id', { ids }),

    async createApiKey(k) {
      await db.insert('api_keys', [{ ...keyRow(k), revoked_at: null, version: 0 }]);
    },
    listApiKeys: () => keys(''),
    findApiKeysByPrefix: (prefix) => keys('WHERE prefix = {prefix:String}', { prefix }),
    async revokeApiKey(id, at) {
      const [key] = await keys('WHERE id = {id:String}', { id });
      if (!key || key.revoked_at) return false;
      // The earliest revocation has the highest version, so revoked_at never moves: a second revoke
      // racing this one on another server (both saw the key live) cannot replace it, whichever lands last.
      await db.insert('api_keys', [
        { ...keyRow(key), revoked_at: chTime(at), version: REVOKED_VERSION_BASE - Math.max(0, at.getTime()) },
      ]);
      return true;
    },

    listSavedFunnels: (propertyId) => funnels('WHERE property_id = {p:String}', { p: propertyId }),
    async getSavedFunnel(propertyId, id) {
      const [funnel] = await funnels('WHERE property_id = {p:String} AND id = {id:String}', { p: propertyId, id });
      return funnel ?? null;
    },
    async saveFunnel(f) {
      // As the embedded store's upsert on id: an existing funnel keeps its property and created_at and
      // takes the new name, steps, mode, breakdown, filters and updated_at. A deleted id stays deleted
      // (its delete outranks every version), so a save racing a delete on another server cannot bring
      // the funnel back.
      const [current] = await db.all<{ owner: string; created: string; newest: number; deleted: number }>(
        `SELECT argMax(property_id, version) AS owner, argMax(created_at, version) AS created, max(version) AS newest, max(is_deleted) AS deleted
         FROM saved_funnels WHERE id = {id:String} GROUP BY id`,
        { id: f.id },
      );
      if (current?.deleted) return;
      await db.insert('saved_funnels', [
        {
          id: f.id,
          property_id: current?.owner ?? f.property_id,
          name: f.name,
          steps: JSON.stringify(f.steps),
          ...optionColumns(f),
          created_at: current?.created ?? chTime(f.created_at),
          updated_at: chTime(f.updated_at),
          version: nextVersion(current?.newest ?? null),
          is_deleted: 0,
        },
      ]);
    },
    async deleteSavedFunnel(propertyId, id) {
      const [funnel] = await funnels('WHERE property_id = {p:String} AND id = {id:String}', { p: propertyId, id });
      if (!funnel) return false;
      // Two servers deleting the same funnel at once may both answer true; the funnel is gone either way.
      await db.insert('saved_funnels', [
        {
          id,
          property_id: propertyId,
          name: funnel.name,
          steps: JSON.stringify(funnel.steps),
          ...optionColumns(funnel),
          created_at: chTime(funnel.created_at),
          updated_at: chTime(funnel.updated_at),
          version: DELETED_VERSION,
          is_deleted: 1,
        },
      ]);
      return true;
    },
  };
}

/** Revocations count down from here by their time in ms, far above a live key's version 0. */
const REVOKED_VERSION_BASE = Number.MAX_SAFE_INTEGER;

const KEY_COLUMNS = 'id, name, prefix, hash, property_ids, permissions, created_at, revoked_at';

interface PropertyRow {
  id: string;
  name: string;
  domain: string | null;
  timezone: string;
  created_at: string;
}
interface KeyRow extends Omit<ApiKeyRecord, 'created_at' | 'revoked_at'> {
  created_at: string;
  revoked_at: string | null;
}
interface FunnelRow
  extends
    Omit<SavedFunnelRecord, 'steps' | 'created_at' | 'updated_at' | 'mode' | 'breakdown_by' | 'filters'>,
    SavedFunnelOptionColumns {
  steps: string;
  created_at: string;
  updated_at: string;
}

const toProperty = (r: PropertyRow): Property => ({ ...r, created_at: dateOf(r.created_at) });
const toKey = (r: KeyRow): ApiKeyRecord => ({
  ...r,
  created_at: dateOf(r.created_at),
  revoked_at: r.revoked_at === null ? null : dateOf(r.revoked_at),
});
const toFunnel = ({ mode, breakdown_by, filters, ...r }: FunnelRow): SavedFunnelRecord => ({
  ...r,
  steps: JSON.parse(r.steps),
  ...optionsFromColumns({ mode, breakdown_by, filters }),
  created_at: dateOf(r.created_at),
  updated_at: dateOf(r.updated_at),
});

const keyRow = (k: ApiKeyRecord) => ({
  id: k.id,
  name: k.name,
  prefix: k.prefix,
  hash: k.hash,
  property_ids: k.property_ids,
  permissions: k.permissions,
  created_at: chTime(k.created_at),
});

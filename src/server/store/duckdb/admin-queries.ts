import type { ApiKeyRecord, Property, SavedFunnelRecord } from '../store.js';
import { optionColumns, optionsFromColumns, type SavedFunnelOptionColumns } from '../saved-funnel-columns.js';
import { query, ts, type Database } from './database.js';

/** Properties, API keys and saved funnels: small tables, written through the writer connection. */
export function adminQueries(db: Database) {
  const write = (sql: string, params: Record<string, string | string[] | null>) =>
    db.transaction((conn) => query(conn, sql, params));
  return {
    async createProperty({
      created_at = new Date(),
      ...p
    }: Omit<Property, 'created_at'> & { created_at?: Date }): Promise<Property> {
      // A deleted property's id stays taken (property-lifecycle.ts), as a live one's is by the primary key.
      const [deleted] = await db.all('SELECT 1 FROM deleted_properties WHERE id = $id', { id: p.id });
      if (deleted) throw new Error(`property "${p.id}" existed and was deleted; ids are not reused`);
      await write(`INSERT INTO properties VALUES ($id, $name, $domain, $timezone, $created::TIMESTAMP)`, {
        id: p.id,
        name: p.name,
        domain: p.domain,
        timezone: p.timezone,
        created: ts(created_at),
      });
      return { ...p, created_at };
    },
    listProperties: () => db.all<Property>('SELECT * FROM properties ORDER BY created_at, id'),
    getProperties: (ids: string[]) =>
      db.all<Property>('SELECT * FROM properties WHERE list_contains($ids, id) ORDER BY id', { ids }),

    async createApiKey(k: ApiKeyRecord): Promise<void> {
      await write(
        `INSERT INTO api_keys VALUES ($id, $name, $prefix, $hash, $props, $perms, $created::TIMESTAMP, NULL)`,
        {
          id: k.id,
          name: k.name,
          prefix: k.prefix,
          hash: k.hash,
          props: k.property_ids,
          perms: k.permissions,
          created: ts(k.created_at),
        },
      );
    },
    listApiKeys: () => db.all<ApiKeyRecord>('SELECT * FROM api_keys ORDER BY created_at, id'),
    findApiKeysByPrefix: (prefix: string) =>
      db.all<ApiKeyRecord>('SELECT * FROM api_keys WHERE prefix = $prefix', { prefix }),
    async revokeApiKey(id: string, at: Date): Promise<boolean> {
      const rows = await write(
        `UPDATE api_keys SET revoked_at = $at::TIMESTAMP WHERE id = $id AND revoked_at IS NULL RETURNING id`,
        { id, at: ts(at) },
      );
      return rows.length > 0;
    },

    async listSavedFunnels(propertyId: string): Promise<SavedFunnelRecord[]> {
      return (
        await db.all<FunnelRow>('SELECT * FROM saved_funnels WHERE property_id = $p ORDER BY created_at DESC, id', {
          p: propertyId,
        })
      ).map(toFunnel);
    },
    async getSavedFunnel(propertyId: string, id: string): Promise<SavedFunnelRecord | null> {
      const [row] = await db.all<FunnelRow>('SELECT * FROM saved_funnels WHERE property_id = $p AND id = $id', {
        p: propertyId,
        id,
      });
      return row ? toFunnel(row) : null;
    },
    async saveFunnel(f: SavedFunnelRecord): Promise<void> {
      await write(
        `INSERT INTO saved_funnels (id, property_id, name, steps, created_at, updated_at, mode, breakdown_by, filters)
         VALUES ($id, $p, $name, $steps, $created::TIMESTAMP, $updated::TIMESTAMP, $mode, $breakdown_by, $filters)
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, steps = excluded.steps, updated_at = excluded.updated_at,
           mode = excluded.mode, breakdown_by = excluded.breakdown_by, filters = excluded.filters`,
        {
          id: f.id,
          p: f.property_id,
          name: f.name,
          steps: JSON.stringify(f.steps),
          created: ts(f.created_at),
          updated: ts(f.updated_at),
          ...optionColumns(f),
        },
      );
    },
    async deleteSavedFunnel(propertyId: string, id: string): Promise<boolean> {
      const rows = await write('DELETE FROM saved_funnels WHERE property_id = $p AND id = $id RETURNING id', {
        p: propertyId,
        id,
      });
      return rows.length > 0;
    },
  };
}

type FunnelRow = Omit<SavedFunnelRecord, 'steps' | 'mode' | 'breakdown_by' | 'filters'> &
  SavedFunnelOptionColumns & { steps: string };

const toFunnel = ({ mode, breakdown_by, filters, steps, ...r }: FunnelRow): SavedFunnelRecord => ({
  ...r,
  steps: JSON.parse(steps),
  ...optionsFromColumns({ mode, breakdown_by, filters }),
});

import type { ShareLinkRecord } from '../share-link-store.js';
import { query, ts, type Database } from './database.js';
import { tableOnFirstUse } from './table-on-first-use.js';

// Created on first use, as the account tables are, so older stores gain it too. Lists as JSON text.
const TABLE = `
CREATE TABLE IF NOT EXISTS share_links (
  id VARCHAR PRIMARY KEY,
  property_id VARCHAR NOT NULL,
  token_hash VARCHAR NOT NULL UNIQUE,
  label VARCHAR NOT NULL,
  reports VARCHAR NOT NULL,
  filters VARCHAR NOT NULL,
  password_hash VARCHAR,
  embed BOOLEAN NOT NULL,
  frame_ancestors VARCHAR NOT NULL,
  created_by VARCHAR NOT NULL,
  created_at TIMESTAMP NOT NULL,
  expires_at TIMESTAMP,
  revoked_at TIMESTAMP
);`;

type Row = Omit<ShareLinkRecord, 'reports' | 'filters' | 'frame_ancestors'> & {
  reports: string;
  filters: string;
  frame_ancestors: string;
};
const fromRow = (r: Row): ShareLinkRecord => ({
  ...r,
  reports: JSON.parse(r.reports),
  filters: JSON.parse(r.filters),
  frame_ancestors: JSON.parse(r.frame_ancestors),
});

/** Share links: a small table, written through the writer connection. */
export function shareLinkQueries(db: Database) {
  const ensure = tableOnFirstUse(db, TABLE);
  const read = async (where: string, p: Record<string, string> = {}) => {
    await ensure();
    return (await db.all<Row>(`SELECT * FROM share_links ${where} ORDER BY created_at, id`, p)).map(fromRow);
  };
  return {
    async createShareLink(r: ShareLinkRecord): Promise<void> {
      await ensure();
      await db.transaction((conn) =>
        query(
          conn,
          `INSERT INTO share_links VALUES ($id, $property, $hash, $label, $reports, $filters, $password, $embed::BOOLEAN,
            $ancestors, $by, $created::TIMESTAMP, $expires::TIMESTAMP, $revoked::TIMESTAMP)`,
          {
            id: r.id,
            property: r.property_id,
            hash: r.token_hash,
            label: r.label,
            reports: JSON.stringify(r.reports),
            filters: JSON.stringify(r.filters),
            password: r.password_hash,
            embed: r.embed,
            ancestors: JSON.stringify(r.frame_ancestors),
            by: r.created_by,
            created: ts(r.created_at),
            expires: r.expires_at && ts(r.expires_at),
            revoked: r.revoked_at && ts(r.revoked_at),
          },
        ),
      );
    },
    listShareLinks: (propertyId?: string) =>
      propertyId === undefined ? read('') : read('WHERE property_id = $property', { property: propertyId }),
    async getShareLink(id: string): Promise<ShareLinkRecord | null> {
      return (await read('WHERE id = $id', { id }))[0] ?? null;
    },
    async shareLinkByHash(tokenHash: string): Promise<ShareLinkRecord | null> {
      return (await read('WHERE token_hash = $hash', { hash: tokenHash }))[0] ?? null;
    },
    async revokeShareLink(id: string, at: Date): Promise<boolean> {
      await ensure();
      const rows = await db.transaction((conn) =>
        query(
          conn,
          'UPDATE share_links SET revoked_at = $at::TIMESTAMP WHERE id = $id AND revoked_at IS NULL RETURNING id',
          { id, at: ts(at) },
        ),
      );
      return (rows as unknown[]).length > 0;
    },
  };
}

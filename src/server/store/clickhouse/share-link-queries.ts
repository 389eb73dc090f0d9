import type { ShareLinkRecord, Store } from '../store.js';
import { dateOf, type ChDb } from './clickhouse-db.js';
import { nextVersion } from './row-versions.js';
import { chTime } from './sql-fragments.js';

type Row = Omit<
  ShareLinkRecord,
  'reports' | 'filters' | 'frame_ancestors' | 'created_at' | 'expires_at' | 'revoked_at'
> & {
  reports: string;
  filters: string;
  frame_ancestors: string;
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  version: number;
};

const dateOrNull = (s: string | null) => (s === null ? null : dateOf(s));
const fromRow = ({ version: _v, ...r }: Row): ShareLinkRecord => ({
  ...r,
  embed: Boolean(r.embed),
  reports: JSON.parse(r.reports),
  filters: JSON.parse(r.filters),
  frame_ancestors: JSON.parse(r.frame_ancestors),
  created_at: dateOf(r.created_at),
  expires_at: dateOrNull(r.expires_at),
  revoked_at: dateOrNull(r.revoked_at),
});

/**
 * Share links on ClickHouse: each change (only a revocation) writes the whole record as a new version
 * of a ReplacingMergeTree, read with FINAL, so every server reads the same link at once.
 */
export function shareLinkQueries(
  db: ChDb,
): Pick<Store, 'createShareLink' | 'listShareLinks' | 'getShareLink' | 'shareLinkByHash' | 'revokeShareLink'> {
  const read = async (where: string, params: Record<string, string>) =>
    (await db.all<Row>(`SELECT * FROM share_links FINAL ${where} ORDER BY created_at, id`, params)).map(fromRow);
  const write = async (r: ShareLinkRecord, version: number) => {
    await db.insert('share_links', [
      {
        ...r,
        reports: JSON.stringify(r.reports),
        filters: JSON.stringify(r.filters),
        frame_ancestors: JSON.stringify(r.frame_ancestors),
        created_at: chTime(r.created_at),
        expires_at: r.expires_at && chTime(r.expires_at),
        revoked_at: r.revoked_at && chTime(r.revoked_at),
        version,
      },
    ]);
  };
  return {
    createShareLink: (r) => write(r, nextVersion(null)),
    listShareLinks: (propertyId) =>
      propertyId === undefined ? read('', {}) : read('WHERE property_id = {p:String}', { p: propertyId }),
    async getShareLink(id) {
      return (await read('WHERE id = {id:String}', { id }))[0] ?? null;
    },
    async shareLinkByHash(tokenHash) {
      return (await read('WHERE token_hash = {h:String}', { h: tokenHash }))[0] ?? null;
    },
    async revokeShareLink(id, at) {
      const [current] = await db.all<Row>('SELECT * FROM share_links FINAL WHERE id = {id:String}', { id });
      if (!current || current.revoked_at !== null) return false;
      await write({ ...fromRow(current), revoked_at: at }, nextVersion(Number(current.version)));
      return true;
    },
  };
}

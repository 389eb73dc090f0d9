import type { Store } from '../store.js';
import type { AuditRecord } from '../audit-store.js';
import { dateOf, type ChDb } from './clickhouse-db.js';
import { chTime, TS } from './sql-fragments.js';

type Row = Omit<AuditRecord, 'at'> & { at: string };

/** The audit log on ClickHouse: an insert-only MergeTree, read newest first. */
export function auditQueries(db: ChDb): Pick<Store, 'appendAudit' | 'listAudit'> {
  return {
    async appendAudit(r) {
      await db.insert('audit_log', [{ ...r, at: chTime(r.at) }]);
    },
    async listAudit({ limit, before, beforeId }) {
      const where = !before
        ? ''
        : beforeId === undefined
          ? `WHERE at < {before:${TS}}`
          : `WHERE (at, id) < ({before:${TS}}, {beforeId:String})`;
      const rows = await db.all<Row>(
        `SELECT * FROM audit_log ${where} ORDER BY at DESC, id DESC LIMIT {limit:UInt32}`,
        {
          limit,
          ...(before ? { before: chTime(before) } : {}),
          ...(before && beforeId !== undefined ? { beforeId } : {}),
        },
      );
      return rows.map((r) => ({ ...r, at: dateOf(r.at), status: Number(r.status) }));
    },
  };
}

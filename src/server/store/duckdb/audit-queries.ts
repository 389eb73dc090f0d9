import type { AuditRecord } from '../audit-store.js';
import { query, ts, type Database } from './database.js';
import { tableOnFirstUse } from './table-on-first-use.js';

// Created on first use, so older stores gain it too. `at` is a keyword to DuckDB: quoted.
const TABLE = `
CREATE TABLE IF NOT EXISTS audit_log (
  id VARCHAR PRIMARY KEY,
  "at" TIMESTAMP NOT NULL,
  actor_kind VARCHAR NOT NULL,
  actor_id VARCHAR,
  actor_name VARCHAR NOT NULL,
  action VARCHAR NOT NULL,
  target VARCHAR NOT NULL,
  status INTEGER NOT NULL,
  address VARCHAR NOT NULL
);`;

/** The audit log: appended through the writer connection, read newest first. */
export function auditQueries(db: Database) {
  const ensure = tableOnFirstUse(db, TABLE);
  return {
    async appendAudit(r: AuditRecord): Promise<void> {
      await ensure();
      await db.transaction((conn) =>
        query(
          conn,
          'INSERT INTO audit_log VALUES ($id, $at::TIMESTAMP, $kind, $actor, $name, $action, $target, $status::INTEGER, $address)',
          {
            id: r.id,
            at: ts(r.at),
            kind: r.actor_kind,
            actor: r.actor_id,
            name: r.actor_name,
            action: r.action,
            target: r.target,
            status: r.status,
            address: r.address,
          },
        ),
      );
    },
    async listAudit({
      limit,
      before,
      beforeId,
    }: {
      limit: number;
      before?: Date;
      beforeId?: string;
    }): Promise<AuditRecord[]> {
      await ensure();
      const where = !before
        ? ''
        : beforeId === undefined
          ? 'WHERE "at" < $before::TIMESTAMP'
          : 'WHERE ("at", id) < ($before::TIMESTAMP, $beforeId)';
      const rows = await db.all<AuditRecord>(
        `SELECT * FROM audit_log ${where} ORDER BY "at" DESC, id DESC LIMIT $limit::INTEGER`,
        { limit, ...(before ? { before: ts(before) } : {}), ...(before && beforeId !== undefined ? { beforeId } : {}) },
      );
      return rows.map((r) => ({ ...r, status: Number(r.status) }));
    },
  };
}

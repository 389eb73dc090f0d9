import { assertIdentifier } from './clickhouse-url.js';
import { sessionsViewSelect } from './session-partials.js';
import type { TableSpec } from './table-specs.js';

// The statements that create and alter the tables of table-specs.ts: on one server, or on a cluster.

export interface DdlTarget {
  database: string;
  cluster: string | null;
}

/** Redelivered insert blocks are dropped on a single server too (replicated tables do it by default). */
const DEDUP = 'non_replicated_deduplication_window = 1000';

/** The statements that create one table: itself on one server; local, replicated table plus `Distributed` on a cluster. */
export function tableDdl(t: TableSpec, target: DdlTarget): string[] {
  assertIdentifier(target.database, 'database');
  const db = `\`${target.database}\``;
  const partition = t.partitionBy ? ` PARTITION BY ${t.partitionBy}` : '';
  if (!target.cluster) {
    const settings = [DEDUP, t.settings].filter(Boolean).join(', ');
    return [
      `CREATE TABLE IF NOT EXISTS ${db}.${t.name} (${t.columns}) ENGINE = ${t.engine}${partition} ORDER BY ${t.orderBy} SETTINGS ${settings}`,
    ];
  }
  assertIdentifier(target.cluster, 'cluster');
  const on = ` ON CLUSTER \`${target.cluster}\``;
  const local = `${t.name}_local`;
  const [family, args = ''] = t.engine.match(/^(\w+)(?:\((.*)\))?$/)!.slice(1);
  const zkPath = `'/clickhouse/tables/{shard}/${target.database}/${local}', '{replica}'`;
  const engine = `Replicated${family}(${[zkPath, args].filter(Boolean).join(', ')})`;
  return [
    `CREATE TABLE IF NOT EXISTS ${db}.${local}${on} (${t.columns}) ENGINE = ${engine}${partition} ORDER BY ${t.orderBy}${t.settings ? ` SETTINGS ${t.settings}` : ''}`,
    `CREATE TABLE IF NOT EXISTS ${db}.${t.name}${on} AS ${db}.${local} ENGINE = Distributed(\`${target.cluster}\`, ${db}, ${local}, ${t.shardKey})`,
  ];
}

/** The sessions view: on a cluster it reads and writes each shard's local tables, so partials stay beside their events. */
export function sessionsViewDdl(target: DdlTarget): string {
  const db = `\`${target.database}\``;
  if (!target.cluster)
    return `CREATE MATERIALIZED VIEW IF NOT EXISTS ${db}.sessions_mv TO ${db}.sessions AS ${sessionsViewSelect(`${db}.events`)}`;
  return `CREATE MATERIALIZED VIEW IF NOT EXISTS ${db}.sessions_mv ON CLUSTER \`${target.cluster}\` TO ${db}.sessions_local AS ${sessionsViewSelect(`${db}.events_local`)}`;
}

/** An ALTER of a table: itself on one server; on a cluster its replicated local table, then the `Distributed` table over it. */
export function alterTableDdl(table: string, changes: string, target: DdlTarget): string[] {
  assertIdentifier(target.database, 'database');
  const db = `\`${target.database}\``;
  if (!target.cluster) return [`ALTER TABLE ${db}.${table} ${changes}`];
  assertIdentifier(target.cluster, 'cluster');
  const on = ` ON CLUSTER \`${target.cluster}\``;
  return [`ALTER TABLE ${db}.${table}_local${on} ${changes}`, `ALTER TABLE ${db}.${table}${on} ${changes}`];
}

/** An ALTER of a table's own data (a projection): itself on one server; on a cluster its replicated local table only. */
export function alterLocalTableDdl(table: string, changes: string, target: DdlTarget): string[] {
  const [local] = alterTableDdl(table, changes, target);
  return [local];
}

/**
 * The sessions view given today's body in place, atomically: inserts never pass through a moment
 * without the view (a drop and create would lose their sessions) or with two (double counts).
 */
export function sessionsViewQueryDdl(target: DdlTarget, stamps = true): string {
  const db = `\`${target.database}\``;
  if (!target.cluster)
    return `ALTER TABLE ${db}.sessions_mv MODIFY QUERY ${sessionsViewSelect(`${db}.events`, stamps)}`;
  return `ALTER TABLE ${db}.sessions_mv ON CLUSTER \`${target.cluster}\` MODIFY QUERY ${sessionsViewSelect(`${db}.events_local`, stamps)}`;
}

export function databaseDdl(target: DdlTarget): string {
  assertIdentifier(target.database, 'database');
  return `CREATE DATABASE IF NOT EXISTS \`${target.database}\`${target.cluster ? ` ON CLUSTER \`${target.cluster}\`` : ''}`;
}

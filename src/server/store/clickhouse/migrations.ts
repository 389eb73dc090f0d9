import type { ChDb } from './clickhouse-db.js';
import { grantConfigureToMetricsKeys } from './key-permission-migration.js';
import { addedEntryAttributes, entryColumnDefinition, touchRangeColumns } from './session-partials.js';
import {
  alterLocalTableDdl,
  alterTableDdl,
  type DdlTarget,
  sessionsViewDdl,
  sessionsViewQueryDdl,
  tableDdl,
} from './table-ddl.js';
import {
  accountIdColumns,
  accountsTable,
  auditLogTable,
  addedEventColumns,
  allTables,
  customEventColumns,
  experimentArchiveColumns,
  experimentCurrencyColumns,
  experimentPlanColumns,
  experimentMetricColumns,
  experimentGoalColumns,
  goalsTable,
  mailSubscriptionsTable,
  importLedgerTable,
  labelEventColumns,
  pageViewHoursProjection,
  pathCopyColumn,
  savedFunnelOptionColumns,
  shareLinksTable,
  signInSettingsTable,
  touchDoubtsTable,
  touchEventColumns,
  twoFactorAccountColumns,
  type TableSpec,
} from './table-specs.js';

/**
 * Versioned schema changes, applied in order on start. Each statement is idempotent (IF NOT EXISTS),
 * so two servers starting together, or a start that died half-way, converge on the same schema; the
 * applied versions are recorded in `schema_migrations`.
 */
export interface Migration {
  version: number;
  name: string;
  statements(target: DdlTarget): string[];
  /** A one-time change of stored rows, after the statements; safe to run again, as they are. */
  rows?(db: ChDb): Promise<void>;
  /**
   * What a fresh database still needs of this migration after version 1, which makes every table in
   * its latest shape; none when absent (fresh-schema.test.ts holds each migration to it).
   */
  onFresh?(target: DdlTarget): string[];
}

export const migrationsTable: TableSpec = {
  name: 'schema_migrations',
  columns: `version UInt32, name String, applied_at DateTime64(3, 'UTC')`,
  engine: 'ReplacingMergeTree',
  orderBy: 'version',
  shardKey: 'version',
};

export const migrations: Migration[] = [
  {
    version: 1,
    name: 'events, sessions and the service tables',
    statements: (target) => [...allTables.flatMap((t) => tableDdl(t, target)), sessionsViewDdl(target)],
  },
  {
    // A database made before this has neither column: added in place (version 1 creates them on a
    // fresh one, where this changes nothing). The columns come first, as the new view reads and writes them.
    version: 2,
    name: 'browser and OS on events, and as first touch on sessions',
    statements: (target) => [
      ...alterTableDdl(
        'events',
        addedEventColumns
          .map(
            (c, i) =>
              `ADD COLUMN IF NOT EXISTS ${c} AFTER ${i === 0 ? 'device' : addedEventColumns[i - 1].split(' ')[0]}`,
          )
          .join(', '),
        target,
      ),
      ...alterTableDdl(
        'sessions',
        addedEntryAttributes
          .map(
            (a, i) =>
              `ADD COLUMN IF NOT EXISTS ${entryColumnDefinition(a)} AFTER entry_${i === 0 ? 'device' : addedEntryAttributes[i - 1]}`,
          )
          .join(', '),
        target,
      ),
      // The view as it was then: the first-touch stamps it reads now come with version 10.
      sessionsViewQueryDdl(target, false),
    ],
  },
  {
    // Added in place on a database made before (a no-op on a fresh one, where version 1 made them).
    version: 3,
    name: 'saved funnels keep their mode, breakdown and filters',
    statements: (target) =>
      alterTableDdl(
        'saved_funnels',
        savedFunnelOptionColumns.map((c) => `ADD COLUMN IF NOT EXISTS ${c}`).join(', '),
        target,
      ),
  },
  {
    // Added in place on a database made before (no-ops on a fresh one, where version 1 made them).
    // Events written before read as no name and no properties; the sessions view reads neither column.
    version: 4,
    name: 'custom events keep their name and properties; goals',
    statements: (target) => [
      ...alterTableDdl('events', customEventColumns.map((c) => `ADD COLUMN IF NOT EXISTS ${c}`).join(', '), target),
      ...tableDdl(goalsTable, target),
    ],
  },
  {
    // Added in place on a database made before (a no-op on a fresh one, where version 1 made it).
    version: 5,
    name: 'split tests keep the goal they count',
    statements: (target) =>
      alterTableDdl(
        'experiments',
        experimentGoalColumns.map((c) => `ADD COLUMN IF NOT EXISTS ${c}`).join(', '),
        target,
      ),
  },
  {
    // Added in place on a database made before (a no-op on a fresh one, where version 1 made it).
    // Clicks and submissions written before read as sent without a label; the sessions view reads none.
    version: 6,
    name: 'clicks and form submissions keep their label',
    statements: (target) =>
      alterTableDdl('events', `ADD COLUMN IF NOT EXISTS ${labelEventColumns[0]} AFTER currency`, target),
  },
  {
    // The label's hash is added in place after it (a no-op on a fresh database); rows written before
    // compute it from their label when read. The projection is added on every database, and built for
    // the parts already written by a mutation in the background (not waited for: until a part has it,
    // that part is read as before, so no answer depends on it).
    version: 7,
    name: 'label hashes; page views per hour',
    statements: (target) => [
      ...alterTableDdl('events', `ADD COLUMN IF NOT EXISTS ${labelEventColumns[1]} AFTER label`, target),
      ...alterLocalTableDdl('events', `ADD PROJECTION IF NOT EXISTS ${pageViewHoursProjection}`, target),
      ...alterLocalTableDdl('events', 'MATERIALIZE PROJECTION page_view_hours', target),
    ],
    // The projection is not part of the events table's own DDL: a fresh database adds it (no rows to build).
    onFresh: (target) =>
      alterLocalTableDdl('events', `ADD PROJECTION IF NOT EXISTS ${pageViewHoursProjection}`, target),
  },
  {
    // Added in place on a database made before (a no-op on a fresh one, where version 1 made them).
    // Tests written before read as not archived and not deleted.
    version: 8,
    name: 'split tests can be archived and deleted',
    statements: (target) =>
      alterTableDdl(
        'experiments',
        experimentArchiveColumns.map((c) => `ADD COLUMN IF NOT EXISTS ${c}`).join(', '),
        target,
      ),
  },
  {
    // Added in place on a database made before (a no-op on a fresh one, where version 1 made it).
    // Tests written before read without a currency: Store.experimentCurrency says theirs.
    version: 9,
    name: 'split tests count revenue in one currency',
    statements: (target) =>
      alterTableDdl(
        'experiments',
        experimentCurrencyColumns.map((c) => `ADD COLUMN IF NOT EXISTS ${c}`).join(', '),
        target,
      ),
  },
  {
    // Added in place on a database made before (no-ops on a fresh one, where version 1 made them).
    // Events written before have no stamp, so session filters take them through the partials' merge.
    version: 10,
    name: 'events carry their session first touch as written',
    statements: (target) => [
      ...alterTableDdl('events', touchEventColumns.map((c) => `ADD COLUMN IF NOT EXISTS ${c}`).join(', '), target),
      ...alterTableDdl('sessions', touchRangeColumns.map((c) => `ADD COLUMN IF NOT EXISTS ${c}`).join(', '), target),
      ...tableDdl(touchDoubtsTable, target),
      sessionsViewQueryDdl(target),
    ],
  },
  {
    // Added in place (a no-op on a fresh database) and written for the parts already stored by a
    // mutation in the background, not waited for: until then a part computes it from `path` when read.
    version: 11,
    name: 'events keep their page as a LowCardinality copy',
    statements: (target) => [
      ...alterTableDdl('events', `ADD COLUMN IF NOT EXISTS ${pathCopyColumn}`, target),
      ...alterLocalTableDdl('events', 'MATERIALIZE COLUMN path_lc', target),
    ],
  },
  {
    // No schema change: keys that could write goals and saved funnels before `configure` keep that.
    version: 12,
    name: 'keys with metrics get configure',
    statements: () => [],
    rows: grantConfigureToMetricsKeys,
  },
  {
    // Added in place on a database made before (a no-op on a fresh one, where version 1 made it).
    // Tests written before read without settings: the decision's defaults.
    version: 13,
    name: 'split tests keep their plan settings',
    statements: (target) =>
      alterTableDdl(
        'experiments',
        experimentPlanColumns.map((c) => `ADD COLUMN IF NOT EXISTS ${c}`).join(', '),
        target,
      ),
  },
  {
    // As version 13: tests written before have no more metrics.
    version: 14,
    name: 'split tests keep their more metrics',
    statements: (target) =>
      alterTableDdl(
        'experiments',
        experimentMetricColumns.map((c) => `ADD COLUMN IF NOT EXISTS ${c}`).join(', '),
        target,
      ),
  },
  {
    // As 13: a no-op on a fresh database. Tokens and sessions made before are the printed link's.
    version: 15,
    name: 'dashboard accounts',
    statements: (target) => [
      ...tableDdl(accountsTable, target),
      ...['sign_in_tokens', 'admin_sessions'].flatMap((table) =>
        alterTableDdl(table, accountIdColumns.map((c) => `ADD COLUMN IF NOT EXISTS ${c}`).join(', '), target),
      ),
    ],
  },
  { version: 16, name: 'the audit log', statements: (target) => tableDdl(auditLogTable, target) },
  {
    // As 15: a no-op on a fresh database, where version 1 made both with these columns.
    version: 17,
    name: 'two-factor sign-in',
    statements: (target) => [
      ...alterTableDdl(
        'accounts',
        twoFactorAccountColumns.map((c) => `ADD COLUMN IF NOT EXISTS ${c}`).join(', '),
        target,
      ),
      ...tableDdl(signInSettingsTable, target),
    ],
  },
  { version: 18, name: 'share links', statements: (target) => tableDdl(shareLinksTable, target) },
  { version: 19, name: 'email report subscriptions', statements: (target) => tableDdl(mailSubscriptionsTable, target) },
  { version: 20, name: 'the import ledger', statements: (target) => tableDdl(importLedgerTable, target) },
];

/**
 * Every statement a fresh database on a cluster runs, in order (what the cluster DDL tests read); a
 * single server's fresh database runs version 1's and what later versions need `onFresh` (migrate).
 */
export function schemaStatements(target: DdlTarget): string[] {
  return [...tableDdl(migrationsTable, target), ...migrations.flatMap((m) => m.statements(target))];
}

export async function migrate(db: ChDb, opts: { stepByStep?: boolean } = {}): Promise<void> {
  const target = { database: db.database, cluster: db.cluster };
  for (const sql of tableDdl(migrationsTable, target)) await db.run(sql);
  const applied = new Set(
    (await db.all<{ version: number }>('SELECT DISTINCT version FROM schema_migrations')).map((r) => r.version),
  );
  if (!opts.stepByStep && applied.size === 0 && !db.cluster && (await onlyTableIsMigrations(db))) {
    // A fresh database: version 1 creates every table in its latest shape, so a later migration needs
    // only what it names for a fresh one (onFresh), and there are no rows to change. Recording them all
    // at once saves some forty round trips, most of opening a store (fresh-schema.test.ts checks that
    // both ways end in the same schema).
    for (const sql of migrations[0].statements(target)) await db.run(sql);
    for (const sql of migrations.flatMap((m) => m.onFresh?.(target) ?? [])) await db.run(sql);
    const applied_at = Date.now();
    await db.insert(
      'schema_migrations',
      migrations.map((m) => ({ version: m.version, name: m.name, applied_at })),
    );
    return;
  }
  for (const m of migrations) {
    if (applied.has(m.version)) continue;
    for (const sql of m.statements(target)) await db.run(sql);
    await m.rows?.(db);
    await db.insert('schema_migrations', [{ version: m.version, name: m.name, applied_at: Date.now() }]);
  }
}

async function onlyTableIsMigrations(db: ChDb): Promise<boolean> {
  const [{ n }] = await db.all<{ n: number }>(
    "SELECT count() AS n FROM system.tables WHERE database = {database:String} AND name != 'schema_migrations'",
    { database: db.database },
  );
  return Number(n) === 0;
}

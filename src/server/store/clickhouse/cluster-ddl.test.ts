import { describe, expect, it } from 'vitest';
import { chDb } from './clickhouse-db.js';
import { connectClickhouse } from './connect.js';
import { migrations, schemaStatements } from './migrations.js';
import { allTables } from './table-specs.js';

const cluster = { database: 'analytics', cluster: 'main' };
const single = { database: 'analytics', cluster: null };

describe('the schema on a cluster (CLICKHOUSE_CLUSTER)', () => {
  const statements = schemaStatements(cluster);
  const find = (pattern: RegExp) => statements.filter((s) => pattern.test(s));

  it('creates the database and every table ON CLUSTER: a replicated local table plus a Distributed one over it', () => {
    expect(statements[0]).toBe(
      "CREATE TABLE IF NOT EXISTS `analytics`.schema_migrations_local ON CLUSTER `main` (version UInt32, name String, applied_at DateTime64(3, 'UTC')) ENGINE = ReplicatedReplacingMergeTree('/clickhouse/tables/{shard}/analytics/schema_migrations_local', '{replica}') ORDER BY version",
    );
    for (const t of allTables) {
      const [local] = find(
        new RegExp(`^CREATE TABLE IF NOT EXISTS \`analytics\`\\.${t.name}_local ON CLUSTER \`main\` `),
      );
      expect(local, t.name).toContain(
        `ENGINE = Replicated${t.engine.replace(/\(.*$/, '')}('/clickhouse/tables/{shard}/analytics/${t.name}_local', '{replica}'`,
      );
      expect(local).toContain(`ORDER BY ${t.orderBy}`);
      const [distributed] = find(new RegExp(`^CREATE TABLE IF NOT EXISTS \`analytics\`\\.${t.name} ON CLUSTER`));
      expect(distributed, t.name).toBe(
        `CREATE TABLE IF NOT EXISTS \`analytics\`.${t.name} ON CLUSTER \`main\` AS \`analytics\`.${t.name}_local ENGINE = Distributed(\`main\`, \`analytics\`, ${t.name}_local, ${t.shardKey})`,
      );
    }
    expect(statements.filter((s) => /ON CLUSTER/.test(s))).toHaveLength(statements.length);
  });

  it("keeps the engines' own arguments after the replication path (versions, deletes)", () => {
    expect(find(/api_keys_local/)[0]).toContain(
      `ReplicatedReplacingMergeTree('/clickhouse/tables/{shard}/analytics/api_keys_local', '{replica}', version)`,
    );
    expect(find(/saved_funnels_local/)[0]).toContain(`'{replica}', version, is_deleted)`);
    expect(find(/sessions_local ON CLUSTER/)[0]).toContain(
      `ReplicatedAggregatingMergeTree('/clickhouse/tables/{shard}/analytics/sessions_local', '{replica}')`,
    );
  });

  it('shards events and sessions by session, and derives sessions on each shard from its own events', () => {
    expect(find(/`analytics`\.events ON CLUSTER/)[0]).toMatch(
      /Distributed\(`main`, `analytics`, events_local, session_key\)$/,
    );
    expect(find(/`analytics`\.sessions ON CLUSTER/)[0]).toMatch(
      /Distributed\(`main`, `analytics`, sessions_local, session_key\)$/,
    );
    const [view] = find(/MATERIALIZED VIEW/);
    expect(view).toMatch(
      /^CREATE MATERIALIZED VIEW IF NOT EXISTS `analytics`\.sessions_mv ON CLUSTER `main` TO `analytics`\.sessions_local AS SELECT /,
    );
    expect(view).toContain('FROM `analytics`.events_local GROUP BY property_id, session_key');
  });

  it('adds browser and OS to a database made before them ON CLUSTER: each local table and its Distributed one, then the view in place', () => {
    const v2 = migrations.find((m) => m.version === 2)!.statements(cluster);
    expect(v2.map((s) => s.replace(/ (ADD COLUMN|MODIFY QUERY)[\s\S]*$/, ''))).toEqual([
      'ALTER TABLE `analytics`.events_local ON CLUSTER `main`',
      'ALTER TABLE `analytics`.events ON CLUSTER `main`',
      'ALTER TABLE `analytics`.sessions_local ON CLUSTER `main`',
      'ALTER TABLE `analytics`.sessions ON CLUSTER `main`',
      'ALTER TABLE `analytics`.sessions_mv ON CLUSTER `main`',
    ]);
    expect(v2[0]).toContain('ADD COLUMN IF NOT EXISTS browser LowCardinality(Nullable(String)) AFTER device');
    expect(v2[2]).toContain('ADD COLUMN IF NOT EXISTS entry_os SimpleAggregateFunction(min, String)');
    // The view keeps reading each shard's own events into its own partials.
    expect(v2[4]).toMatch(
      /MODIFY QUERY SELECT [\s\S]* AS entry_browser,[\s\S]*FROM `analytics`\.events_local GROUP BY property_id, session_key$/,
    );
  });

  it('creates the added columns as the migration adds them, so every replica has the same metadata', () => {
    const [events] = find(/`analytics`\.events_local ON CLUSTER .* \(/s);
    const [sessions] = find(/`analytics`\.sessions_local ON CLUSTER .* \(/s);
    const [addEvents, , addSessions] = migrations.find((m) => m.version === 2)!.statements(cluster);
    for (const added of addEvents.match(/(?<=ADD COLUMN IF NOT EXISTS ).*?(?= AFTER)/g)!)
      expect(events).toContain(added);
    for (const added of addSessions.match(/(?<=ADD COLUMN IF NOT EXISTS ).*?(?= AFTER)/g)!)
      expect(sessions).toContain(added);
  });

  it("adds custom events' name and props and the goals table to a database made before them ON CLUSTER", () => {
    const v4 = migrations.find((m) => m.version === 4)!.statements(cluster);
    expect(v4.map((s) => s.replace(/ (ADD COLUMN|\()[\s\S]*$/, ''))).toEqual([
      'ALTER TABLE `analytics`.events_local ON CLUSTER `main`',
      'ALTER TABLE `analytics`.events ON CLUSTER `main`',
      'CREATE TABLE IF NOT EXISTS `analytics`.goals_local ON CLUSTER `main`',
      'CREATE TABLE IF NOT EXISTS `analytics`.goals ON CLUSTER `main` AS `analytics`.goals_local ENGINE = Distributed(`main`, `analytics`, goals_local, cityHash64(property_id, id))',
    ]);
    for (const alter of v4.slice(0, 2)) {
      expect(alter).toContain(
        'ADD COLUMN IF NOT EXISTS name LowCardinality(Nullable(String)), ADD COLUMN IF NOT EXISTS props Map(String, String)',
      );
    }
    expect(v4[2]).toContain(
      `ReplicatedReplacingMergeTree('/clickhouse/tables/{shard}/analytics/goals_local', '{replica}', version, is_deleted)`,
    );
    // A fresh database has the same columns in the same order, followed by version 10's stamps.
    const [events] = find(/`analytics`\.events_local ON CLUSTER .* \(/s);
    expect(events).toMatch(
      /client_key [^\n]*,\n\s*name LowCardinality\(Nullable\(String\)\),\n\s*props Map\(String, String\),\n\s*touch_ts /,
    );
  });

  it('adds the page copy ON CLUSTER to both tables as a fresh database has it, and writes it on the local one', () => {
    const v11 = migrations.find((m) => m.version === 11)!.statements(cluster);
    expect(v11).toEqual([
      'ALTER TABLE `analytics`.events_local ON CLUSTER `main` ADD COLUMN IF NOT EXISTS path_lc LowCardinality(String) DEFAULT path',
      'ALTER TABLE `analytics`.events ON CLUSTER `main` ADD COLUMN IF NOT EXISTS path_lc LowCardinality(String) DEFAULT path',
      'ALTER TABLE `analytics`.events_local ON CLUSTER `main` MATERIALIZE COLUMN path_lc',
    ]);
    const [events] = find(/`analytics`\.events_local ON CLUSTER .* \(/s);
    expect(events).toMatch(/touch_os [^\n]*,\n\s*path_lc LowCardinality\(String\) DEFAULT path\) ENGINE/);
  });

  it('adds the first-touch stamps ON CLUSTER as a fresh database has them, the doubts table, then the view', () => {
    const v10 = migrations.find((m) => m.version === 10)!.statements(cluster);
    expect(v10.map((s) => s.replace(/ (ADD COLUMN|MODIFY QUERY|\()[\s\S]*$/, ''))).toEqual([
      'ALTER TABLE `analytics`.events_local ON CLUSTER `main`',
      'ALTER TABLE `analytics`.events ON CLUSTER `main`',
      'ALTER TABLE `analytics`.sessions_local ON CLUSTER `main`',
      'ALTER TABLE `analytics`.sessions ON CLUSTER `main`',
      'CREATE TABLE IF NOT EXISTS `analytics`.touch_doubts_local ON CLUSTER `main`',
      expect.stringMatching(
        /^CREATE TABLE IF NOT EXISTS `analytics`\.touch_doubts ON CLUSTER `main` AS .*session_key\)$/,
      ),
      'ALTER TABLE `analytics`.sessions_mv ON CLUSTER `main`',
    ]);
    const [events] = find(/`analytics`\.events_local ON CLUSTER .* \(/s);
    const [sessions] = find(/`analytics`\.sessions_local ON CLUSTER .* \(/s);
    for (const added of v10[0].split(/,? ADD COLUMN IF NOT EXISTS /).slice(1)) expect(events).toContain(added);
    for (const added of v10[2].split(/,? ADD COLUMN IF NOT EXISTS /).slice(1)) expect(sessions).toContain(added);
    expect(v10[6]).toMatch(/max\(touch_ts\) AS touch_max\s+FROM `analytics`\.events_local GROUP BY/);
  });

  it('partitions events by month', () => {
    expect(find(/events_local ON CLUSTER/)[0]).toContain(
      'PARTITION BY toYYYYMM(ts) ORDER BY (property_id, toDate(ts), type, visitor_key, ts)',
    );
  });

  it('refuses a cluster or database name that is not a plain identifier (DDL cannot bind names)', () => {
    expect(() => schemaStatements({ database: 'analytics', cluster: 'main` ; DROP TABLE x; --' })).toThrow(
      /cluster name/,
    );
    expect(() => schemaStatements({ database: 'a-b', cluster: null })).toThrow(/database name/);
  });

  it('is statements ClickHouse parses (checked with formatQuery on the real engine)', async () => {
    const db = chDb(await connectClickhouse({ kind: 'chdb', path: ':memory:', database: 'default' }), 'default', null);
    try {
      for (const sql of [...statements, ...schemaStatements(single)]) {
        const [row] = await db.all<{ f: string }>('SELECT formatQuery({sql:String}) AS f', { sql });
        expect(row.f.length, sql).toBeGreaterThan(0);
      }
    } finally {
      await db.client.close();
    }
  });
});

describe('the schema on one server', () => {
  it('has plain tables that drop a redelivered insert block, and no replication', () => {
    const statements = schemaStatements(single);
    expect(statements.some((s) => /ON CLUSTER|ENGINE = (Replicated|Distributed)/.test(s))).toBe(false);
    expect(statements.find((s) => /`analytics`\.events \(/.test(s))).toContain(
      'SETTINGS non_replicated_deduplication_window = 1000',
    );
  });
});

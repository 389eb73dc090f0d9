import { describe, expect, it } from 'vitest';
import { migrations } from './migrations.js';
import { tableDdl } from './table-ddl.js';
import { eventsTable } from './table-specs.js';

// Migrations 6 and 7 (labels, their hashes and page views per hour): the label and its hash on every
// events table, after currency as a fresh table has them; the projection only on the tables that
// hold the data.
const labels = (target: { database: string; cluster: string | null }) =>
  migrations.filter((m) => m.version === 6 || m.version === 7).flatMap((m) => m.statements(target));

describe('migrations 6 and 7', () => {
  it('on a cluster adds the label columns to the local and the Distributed table, the projection to the local one', () => {
    const statements = labels({ database: 'analytics', cluster: 'main' });
    expect(statements.map((s) => s.replace(/ (ADD|MATERIALIZE) [\s\S]*$/, ''))).toEqual([
      'ALTER TABLE `analytics`.events_local ON CLUSTER `main`',
      'ALTER TABLE `analytics`.events ON CLUSTER `main`',
      'ALTER TABLE `analytics`.events_local ON CLUSTER `main`',
      'ALTER TABLE `analytics`.events ON CLUSTER `main`',
      'ALTER TABLE `analytics`.events_local ON CLUSTER `main`',
      'ALTER TABLE `analytics`.events_local ON CLUSTER `main`',
    ]);
    expect(statements[0]).toContain('ADD COLUMN IF NOT EXISTS label LowCardinality(Nullable(String)) AFTER currency');
    expect(statements[2]).toContain(
      'ADD COLUMN IF NOT EXISTS label_hash UInt64 MATERIALIZED if(label IS NULL, 0, cityHash64(label)) AFTER label',
    );
    expect(statements[4]).toMatch(
      /ADD PROJECTION IF NOT EXISTS page_view_hours \(SELECT .* GROUP BY property_id, type, is_bot, toStartOfHour\(ts\), path\)$/,
    );
    expect(statements[5]).toMatch(/MATERIALIZE PROJECTION page_view_hours$/);
  });

  it('on one server alters the events table itself, and a fresh table has the columns in the same place', () => {
    expect(
      labels({ database: 'analytics', cluster: null }).map((s) => s.replace(/ (ADD|MATERIALIZE) [\s\S]*$/, '')),
    ).toEqual(Array(4).fill('ALTER TABLE `analytics`.events'));
    const [fresh] = tableDdl(eventsTable, { database: 'analytics', cluster: null });
    expect(fresh).toMatch(
      /currency LowCardinality\(Nullable\(String\)\),\n\s*label LowCardinality\(Nullable\(String\)\),\n\s*label_hash UInt64 MATERIALIZED/,
    );
  });
});

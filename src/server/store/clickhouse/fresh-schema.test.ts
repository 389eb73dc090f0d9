import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chDb, type ChDb } from './clickhouse-db.js';
import { connectClickhouse } from './connect.js';
import { migrate, migrations } from './migrations.js';

// A fresh database takes version 1 and records every later version at once (migrations.ts): that is
// only right while each later migration changes nothing on a fresh database. Here both ways are run
// on two empty databases and must end in the same tables, views and recorded versions.

const names = { fast: `f_${randomUUID().replaceAll('-', '')}`, steps: `s_${randomUUID().replaceAll('-', '')}` };
let root: ChDb;
const dbs: ChDb[] = [];

beforeAll(async () => {
  // Kept open throughout: a chDB `:memory:` database lives as long as a connection to it.
  root = chDb(
    await connectClickhouse({ kind: 'chdb', path: ':memory:', database: 'default' }, { inDatabase: false }),
    'default',
    null,
    'chdb',
  );
  for (const [way, database] of Object.entries(names)) {
    await root.run(`CREATE DATABASE \`${database}\``);
    const db = chDb(await connectClickhouse({ kind: 'chdb', path: ':memory:', database }), database, null, 'chdb');
    dbs.push(db);
    await migrate(db, { stepByStep: way === 'steps' });
  }
});
afterAll(async () => {
  for (const db of dbs) {
    await db.run(`DROP DATABASE IF EXISTS \`${db.database}\` SYNC`);
    await db.client.close();
  }
  await root?.client.close();
});

/** Each table's and view's CREATE statement, with the database's name taken out. */
async function schemaOf(db: ChDb) {
  const rows = await db.all<{ name: string; create_table_query: string }>(
    'SELECT name, create_table_query FROM system.tables WHERE database = {database:String} ORDER BY name',
    { database: db.database },
  );
  return rows.map((r) => [r.name, r.create_table_query.replaceAll(db.database, 'DB')]);
}

describe('a fresh ClickHouse database', () => {
  it('ends with the same tables, views and columns whether made at once or migration by migration', async () => {
    const [fast, steps] = await Promise.all(dbs.map(schemaOf));
    expect(fast.map(([name]) => name)).toContain('events');
    expect(fast.length).toBeGreaterThan(10);
    expect(fast).toEqual(steps);
  });

  it('records every migration as applied either way, so a later start runs none again', async () => {
    for (const db of dbs) {
      const rows = await db.all<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
      expect(rows.map((r) => r.version)).toEqual(migrations.map((m) => m.version));
    }
  });
});

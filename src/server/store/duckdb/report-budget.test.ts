import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReportOverBudgetError, withinBudget } from '../report-budget.js';
import { Database } from './database.js';

// A report's budget on the embedded store: when it is spent, the report's own query is interrupted
// (DuckDB's two threads are free again at once), and no other query is touched.
let db: Database;
beforeAll(async () => {
  db = await Database.open(':memory:');
});
afterAll(() => db.close());

// Counts three billion rows: tens of seconds on this machine's two threads.
const HEAVY = 'SELECT count(*) AS n FROM range(3000000000) t(i) WHERE i % 7 = 3';

describe('a report over its budget', () => {
  it('is stopped, and what runs beside it is not', async () => {
    const started = Date.now();
    const heavy = withinBudget(300, () => db.all(HEAVY));
    const beside = withinBudget(60_000, () => db.all<{ n: number }>('SELECT 42 AS n'));
    const unbudgeted = db.all<{ n: number }>('SELECT 7 AS n');
    await expect(heavy).rejects.toBeInstanceOf(ReportOverBudgetError);
    expect(await beside).toEqual([{ n: 42 }]);
    expect(await unbudgeted).toEqual([{ n: 7 }]);
    expect(Date.now() - started).toBeLessThan(8_000); // the count alone takes tens of seconds
    // Stopped, not left running in the engine's threads: the next second this process is idle (1-2 ms
    // of CPU time here; still counting, it used both cores: 2 s of CPU a second, 0.5 s on a loaded machine).
    const cpu = process.cpuUsage();
    await new Promise((done) => setTimeout(done, 1_000));
    const used = process.cpuUsage(cpu);
    expect((used.user + used.system) / 1000).toBeLessThan(100);
  });

  it('that waits for a reader never starts, and frees its place', async () => {
    // Three budgeted reads at once hold every slot; a fourth with a short budget gives up in the queue.
    const holders = [0, 1, 2].map(() => withinBudget(1_000, () => db.all(HEAVY)));
    const queued = withinBudget(100, () => db.all('SELECT 1'));
    await expect(queued).rejects.toBeInstanceOf(ReportOverBudgetError);
    for (const h of holders) await expect(h).rejects.toBeInstanceOf(ReportOverBudgetError);
    // every slot came back
    const after = await Promise.all([0, 1, 2, 3].map((n) => withinBudget(10_000, () => db.all(`SELECT ${n} AS n`))));
    expect(after.map((rows) => rows[0])).toEqual([{ n: 0 }, { n: 1 }, { n: 2 }, { n: 3 }]);
  });

  it('inside one snapshot (several reads in one transaction) is stopped too', async () => {
    const snapshot = withinBudget(300, () =>
      db.snapshot(async (read) => {
        await read('SELECT 1');
        return read(HEAVY);
      }),
    );
    await expect(snapshot).rejects.toBeInstanceOf(ReportOverBudgetError);
    expect(await withinBudget(5_000, () => db.snapshot((read) => read('SELECT 2 AS two')))).toEqual([{ two: 2 }]);
  });
});

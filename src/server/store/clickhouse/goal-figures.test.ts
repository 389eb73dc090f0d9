import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../../contract/events.js';
import { storedEvent } from '../../test-support/stored-event.js';
import type { GoalRecord, Store } from '../store.js';
import { openClickhouseStore } from './clickhouse-store.js';

// What the shared goal suites do not reach on ClickHouse: payments summed exactly (in billionths, as
// the embedded store's DECIMAL(38, 9)), a zero payment still shown, each goal counted in its own
// property when a scope has several with equal session ids, and a range of days cut from a longer month.

let store: Store;
const at = (day: number, minute: number) => new Date(Date.UTC(2026, 6, day, 9, minute));
const event = (
  property_id: string,
  session: string,
  day: number,
  minute: number,
  over: Partial<StoredEvent> = {},
): StoredEvent => storedEvent({ property_id, ts: at(day, minute), session_id: session, path: '/pricing', ...over });
const pay = (property_id: string, session: string, day: number, minute: number, amount: number, currency: string) =>
  event(property_id, session, day, minute, { type: 'revenue', path: '/pay', amount, currency });
const goal = (id: string, over: Partial<GoalRecord>): GoalRecord => ({
  id,
  property_id: 'a',
  name: id,
  kind: 'page',
  page: '/pricing',
  event: null,
  target: null,
  source: null,
  created_at: at(1, 0),
  ...over,
});
const days = (from: number, to: number, propertyIds = ['a']) => ({
  propertyIds,
  start: at(from, -540),
  end: at(to + 1, -540),
});

beforeAll(async () => {
  store = await openClickhouseStore({
    target: { kind: 'chdb', path: ':memory:', database: `g_${randomUUID().replaceAll('-', '')}` },
    dropOnClose: true,
  });
  await store.insertEvents([
    // Day 10, property a: s1 pays 0.10 + 0.20 EUR, 9.99 + 19.99 USD and 0 GBP; s2 pays a tenth of a billionth too much.
    event('a', 's1', 10, 0),
    pay('a', 's1', 10, 1, 0.1, 'EUR'),
    pay('a', 's1', 10, 2, 0.2, 'EUR'),
    pay('a', 's1', 10, 3, 9.99, 'USD'),
    pay('a', 's1', 10, 4, 19.99, 'USD'),
    pay('a', 's1', 10, 5, 0, 'GBP'),
    event('a', 's2', 10, 10),
    pay('a', 's2', 10, 11, 1.00000000049, 'USD'),
    // Day 10, property b, the same session and visitor ids: a page view, a click, a payment.
    event('b', 's1', 10, 0),
    event('b', 's1', 10, 1, { type: 'click', target: 'a.buy' }),
    pay('b', 's1', 10, 2, 5, 'USD'),
    // Days 3 and 20 of the same month, property a: outside a range of day 10 alone.
    event('a', 's3', 3, 0),
    pay('a', 's3', 3, 1, 7, 'USD'),
    event('a', 's4', 20, 0),
  ]);
});
afterAll(async () => {
  await store?.close();
});

describe('goal figures on ClickHouse', () => {
  it("sum each currency's payments exactly, a zero payment shown as 0", async () => {
    const [pricing] = await store.goalFigures(days(10, 10), [goal('pricing', {})]);
    expect(pricing).toEqual({
      visitors: 2,
      conversions: 2,
      revenue: [
        { currency: 'EUR', amount: 0.3 },
        { currency: 'GBP', amount: 0 },
        { currency: 'USD', amount: 30.98 },
      ],
    });
  });

  it('count each goal in its own property in a scope of several, sessions of equal ids apart', async () => {
    const goals = [
      goal('a_pricing', {}),
      goal('b_pricing', { property_id: 'b' }),
      goal('b_buy', { property_id: 'b', kind: 'click', target: 'a.buy' }),
    ];
    const usd = (amount: number) => ({ currency: 'USD', amount });
    expect(await store.goalFigures(days(10, 10, ['a', 'b']), goals)).toEqual([
      {
        visitors: 2,
        conversions: 2,
        revenue: [{ currency: 'EUR', amount: 0.3 }, { currency: 'GBP', amount: 0 }, usd(30.98)],
      },
      { visitors: 1, conversions: 1, revenue: [usd(5)] },
      { visitors: 1, conversions: 1, revenue: [usd(5)] },
    ]);
    // One property's scope: the other's goals count nothing there.
    expect((await store.goalFigures(days(10, 10), goals)).map((f) => f.conversions)).toEqual([2, 0, 0]);
  });

  it("read only the range's days, and all of them across the month", async () => {
    const [pricing] = await store.goalFigures(days(1, 31), [goal('pricing', {})]);
    expect(pricing.conversions).toBe(4);
    expect(pricing.revenue).toEqual([
      { currency: 'EUR', amount: 0.3 },
      { currency: 'GBP', amount: 0 },
      { currency: 'USD', amount: 37.98 },
    ]);
    expect((await store.goalFigures(days(11, 19), [goal('pricing', {})]))[0]).toEqual({
      visitors: 0,
      conversions: 0,
      revenue: [],
    });
  });
});

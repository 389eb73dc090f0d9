import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROP_A, PROP_B, insert, session } from '../../test-support/fixtures.js';
import type { BucketedScope } from '../store.js';
import { duckdbInternals, openDuckdbStore } from './duckdb-store.js';

// Distinct sessions of the clicks and forms trends from each row's previous one
// (interaction-openings.ts): the same answers before the background pass links the rows and after,
// for sessions crossing a bucket's edge or the range's start, rows arriving late, one session id on
// two properties, and forms beside clicks.

let store: Awaited<ReturnType<typeof openDuckdbStore>>;
beforeEach(async () => {
  store = await openDuckdbStore(':memory:', { backgroundPassMs: 3_600_000 });
});
afterEach(() => store.close());

const scope = (
  start: string,
  end: string,
  granularity: BucketedScope['granularity'] = 'day',
  propertyIds = [PROP_A],
): BucketedScope => ({
  propertyIds,
  start: new Date(start),
  end: new Date(end),
  granularity,
  offsets: [{ fromMs: null, offsetMinutes: 0 }],
});
const clicks = (s: BucketedScope) => store.interactions(s, 'click', { limit: 10 });
/** The report before the rows are linked, then after: they must agree; the linked one is returned. */
async function settledAgreeing(s: BucketedScope, type: 'click' | 'form_submit' = 'click') {
  const before = await store.interactions(s, type, { limit: 10 });
  await store[duckdbInternals].settle();
  const after = await store.interactions(s, type, { limit: 10 });
  expect(after).toEqual(before);
  return after;
}

const s1 = session('s1', 'v1');
const s2 = session('s2', 'v2');

describe('sessions of the clicks trend by their previous rows', () => {
  it('count a session once per day it clicked in and once over the range', async () => {
    // s1: 10:00 and 10:30 on 4 May, then 00:30 on 5 May; s2 23:50 on 4 May, 00:10 and 00:20 on 5 May
    await insert(store, [
      s1.click('2026-05-04T10:00:00Z', '/a', '#x'),
      s1.click('2026-05-04T10:30:00Z', '/a', '#y'),
      s2.click('2026-05-04T23:50:00Z', '/b', '#x'),
    ]);
    await insert(store, [
      s1.click('2026-05-05T00:30:00Z', '/a', '#x'),
      s2.click('2026-05-05T00:10:00Z', '/b', '#x'),
      s2.click('2026-05-05T00:20:00Z', '/b', '#x'),
    ]);
    const r = await settledAgreeing(scope('2026-05-04T00:00:00Z', '2026-05-06T00:00:00Z'));
    expect(r.trend).toEqual([
      { bucket: '2026-05-04 00:00:00', count: 3, unique: 2 },
      { bucket: '2026-05-05 00:00:00', count: 3, unique: 2 },
    ]);
    expect(r.total).toEqual({ count: 6, unique: 2 });
    // from noon on 4 May: s1's 10:00 and 10:30 lie before the range, its 00:30 opens it there
    const later = await clicks(scope('2026-05-04T12:00:00Z', '2026-05-06T00:00:00Z', 'hour'));
    expect(later.total).toEqual({ count: 4, unique: 2 });
  });

  it('count a session that clicked before the range in the same week as inside it', async () => {
    // Monday 4 May to Sunday 10 May is one week; the range starts on Wednesday 6 May
    await insert(store, [s1.click('2026-05-05T09:00:00Z', '/a', '#x'), s1.click('2026-05-07T09:00:00Z', '/a', '#x')]);
    const r = await settledAgreeing(scope('2026-05-06T00:00:00Z', '2026-05-11T00:00:00Z', 'week'));
    expect(r.trend).toEqual([{ bucket: '2026-05-04 00:00:00', count: 1, unique: 1 }]);
    expect(r.total).toEqual({ count: 1, unique: 1 });
  });

  it('relink a session whose row arrives late, before the rows already linked', async () => {
    await insert(store, [s1.click('2026-05-04T10:00:00Z', '/a', '#x'), s1.click('2026-05-05T10:00:00Z', '/a', '#x')]);
    await store[duckdbInternals].settle();
    // a row from 4 May 23:00 arrives now: 5 May's row still opens its day, 4 May still has one session
    await insert(store, [s1.click('2026-05-04T23:00:00Z', '/a', '#x')]);
    const day5 = await settledAgreeing(scope('2026-05-05T00:00:00Z', '2026-05-06T00:00:00Z'));
    expect(day5.total).toEqual({ count: 1, unique: 1 });
    // and one that arrives with the same instant as a linked row counts once
    await insert(store, [s1.click('2026-05-05T10:00:00Z', '/a', '#y')]);
    const r = await settledAgreeing(scope('2026-05-04T00:00:00Z', '2026-05-06T00:00:00Z'));
    expect(r.trend).toEqual([
      { bucket: '2026-05-04 00:00:00', count: 2, unique: 1 },
      { bucket: '2026-05-05 00:00:00', count: 2, unique: 1 },
    ]);
    expect(r.total).toEqual({ count: 4, unique: 1 });
  });

  it('keep one session id on two properties as two sessions', async () => {
    const onB = session('s1', 'v1', { property_id: PROP_B });
    await insert(store, [s1.click('2026-05-04T10:00:00Z', '/a', '#x'), onB.click('2026-05-04T10:05:00Z', '/a', '#x')]);
    const both = scope('2026-05-04T00:00:00Z', '2026-05-05T00:00:00Z', 'day', [PROP_A, PROP_B]);
    const r = await settledAgreeing(both);
    expect(r.total).toEqual({ count: 2, unique: 2 });
    expect(r.trend).toEqual([{ bucket: '2026-05-04 00:00:00', count: 2, unique: 2 }]);
  });

  it('link forms apart from clicks', async () => {
    await insert(store, [
      s1.submit('2026-05-04T09:00:00Z', '/a', '#f'),
      s1.click('2026-05-04T10:00:00Z', '/a', '#x'),
      s1.submit('2026-05-05T09:00:00Z', '/a', '#f'),
    ]);
    const day = scope('2026-05-04T00:00:00Z', '2026-05-06T00:00:00Z');
    const forms = await settledAgreeing(day, 'form_submit');
    expect(forms.trend.map((b) => b.unique)).toEqual([1, 1]);
    expect(forms.total).toEqual({ count: 2, unique: 1 });
    expect((await clicks(day)).total).toEqual({ count: 1, unique: 1 });
  });

  it('count the sessions a session filter keeps the same way, linked or not', async () => {
    const us = session('u1', 'v1', { country: 'US' });
    const de = session('d1', 'v2', { country: 'DE' });
    await insert(store, [
      us.pv('2026-05-04T09:59:00Z', '/a'),
      us.click('2026-05-04T10:00:00Z', '/a', '#x'),
      us.click('2026-05-05T00:30:00Z', '/a', '#x'),
      de.pv('2026-05-04T11:00:00Z', '/a'),
      de.click('2026-05-04T11:01:00Z', '/a', '#x'),
    ]);
    await store[duckdbInternals].settle();
    await insert(store, [us.click('2026-05-05T01:00:00Z', '/b', '#y')]); // unlinked until the next pass
    const inUs: BucketedScope = {
      ...scope('2026-05-04T00:00:00Z', '2026-05-06T00:00:00Z'),
      filters: [{ op: 'is', dimension: 'country', values: ['US'] }],
    };
    const r = await settledAgreeing(inUs);
    expect(r.trend).toEqual([
      { bucket: '2026-05-04 00:00:00', count: 1, unique: 1 },
      { bucket: '2026-05-05 00:00:00', count: 2, unique: 1 },
    ]);
    expect(r.total).toEqual({ count: 3, unique: 1 });
  });

  it('answer for sessions with unlinked rows beside linked ones', async () => {
    await insert(store, [s1.click('2026-05-04T10:00:00Z', '/a', '#x'), s2.click('2026-05-04T11:00:00Z', '/a', '#x')]);
    await store[duckdbInternals].settle();
    const s3 = session('s3', 'v3');
    await insert(store, [s3.click('2026-05-04T12:00:00Z', '/a', '#x'), s2.click('2026-05-05T08:00:00Z', '/a', '#x')]);
    // s1 linked; s2 with a new row and s3 new: counted distinctly
    const r = await settledAgreeing(scope('2026-05-04T00:00:00Z', '2026-05-06T00:00:00Z'));
    expect(r.trend).toEqual([
      { bucket: '2026-05-04 00:00:00', count: 3, unique: 3 },
      { bucket: '2026-05-05 00:00:00', count: 1, unique: 1 },
    ]);
    expect(r.total).toEqual({ count: 4, unique: 3 });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goalsReportResponse } from '../../contract/goals.js';
import { buildApp } from '../app.js';
import type { Store } from '../store/store.js';
import { openTestStore } from '../test-support/test-store.js';
import { createDemoData } from './demo-data.js';

// The demo's data answers the Goals page (issue 12): its seeded signups send the custom event
// "Signup" and some pay in USD or EUR, so each of the shop's four goals has conversions, and the
// event goal has revenue in both currencies, never added together.
let store: Store;
let key: string;
let app: Awaited<ReturnType<typeof buildApp>>;
const now = new Date();

beforeAll(async () => {
  store = await openTestStore();
  key = (await createDemoData(store, now))!.key;
  app = await buildApp({ store, rateLimitPerMinute: 100_000 });
  await app.ready();
}, 120_000);
afterAll(async () => {
  await app.close();
  await store.close();
});

describe('the demo goals', () => {
  it("are the shop's four goals, each with conversions in the last 30 days, and revenue per currency on Signup", async () => {
    const end = now.toISOString().slice(0, 10);
    const start = new Date(now.getTime() - 29 * 86_400_000).toISOString().slice(0, 10);
    const res = await app.inject({
      method: 'GET',
      url: `/api/external/v1/properties/acme-shop/goals/report?start=${start}&end=${end}`,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const report = goalsReportResponse.parse(res.json());
    expect(report.data.map((g) => [g.name, g.kind])).toEqual([
      ['Signup', 'event'],
      ['Viewed pricing', 'page'],
      ['Start trial button', 'click'],
      ['Signup form sent', 'form'],
    ]);
    for (const g of report.data) {
      expect(g.conversions, g.name).toBeGreaterThan(0);
      expect(g.visitors, g.name).toBeGreaterThan(0);
      expect(g.visitors, g.name).toBeLessThanOrEqual(report.meta.totals.unique_visitors);
    }
    const [signup, , , form] = report.data;
    // Every signup form sent reports a Signup (both within the range, give or take the range's edges).
    expect(Math.abs(signup.conversions - form.conversions)).toBeLessThanOrEqual(2);
    expect(signup.revenue.map((r) => r.currency)).toEqual(['EUR', 'USD']);
    for (const r of signup.revenue) expect(r.amount).toBeGreaterThan(0);
  });

  it('leave the other demo properties without goals', async () => {
    for (const id of ['acme-docs', 'acme-blog']) expect(await store.listGoals(id)).toEqual([]);
  });
});

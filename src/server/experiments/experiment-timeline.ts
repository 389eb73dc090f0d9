import type { ExperimentTimeline } from '../../contract/experiment-results.js';
import type { ExperimentRecord, Store } from '../store/store.js';
import { withRevenueCurrency } from './revenue-currency.js';

const DAY_MS = 86_400_000;

/**
 * Each variant's cumulative sessions, conversions and rate at the end of every day of the test, from
 * the store's new sessions per day (a session counts on the day of its first exposure), and the same
 * for visitors (on the day of a visitor's first exposure). Days run in
 * whole 24 hours from `created_at` up to the one holding now, or `stopped_at` for a complete test; a
 * day without new sessions repeats the day before, so the chart's lines never break.
 */
export async function experimentTimeline(
  store: Pick<Store, 'experimentDailyFigures' | 'experimentDailyVisitorFigures' | 'experimentCurrency'>,
  stored: ExperimentRecord,
  now: Date,
): Promise<ExperimentTimeline> {
  // A revenue test converts on payments in its one currency, as the detail counts them.
  const e = await withRevenueCurrency(store, stored);
  const [rows, visitorRows] = await Promise.all([
    store.experimentDailyFigures(e),
    store.experimentDailyVisitorFigures(e),
  ]);
  const end = (e.stopped_at ?? now).getTime();
  const elapsed = Math.max(1, Math.ceil((end - e.created_at.getTime()) / DAY_MS));
  // An event stamped a little ahead of the server's clock still gets its day.
  const dayCount = Math.max(elapsed, ...rows.map((r) => r.day + 1), ...visitorRows.map((r) => r.day + 1));
  const totals = e.variants.map(() => ({ sessions: 0, conversions: 0, visitors: 0, converted: 0 }));
  const byDay = new Map<number, typeof rows>();
  for (const r of rows) byDay.set(r.day, [...(byDay.get(r.day) ?? []), r]);
  const visitorsByDay = new Map<number, typeof visitorRows>();
  for (const r of visitorRows) visitorsByDay.set(r.day, [...(visitorsByDay.get(r.day) ?? []), r]);
  const days: ExperimentTimeline['days'] = [];
  for (let day = 0; day < dayCount; day++) {
    for (const r of byDay.get(day) ?? []) {
      const t = totals[r.variant];
      if (!t) continue;
      t.sessions += r.sessions;
      t.conversions += r.conversions;
    }
    for (const r of visitorsByDay.get(day) ?? []) {
      const t = totals[r.variant];
      if (!t) continue;
      t.visitors += r.visitors;
      t.converted += r.converted_visitors;
    }
    days.push({
      day: day + 1,
      end: new Date(e.created_at.getTime() + (day + 1) * DAY_MS).toISOString(),
      variants: e.variants.map((v, i) => ({
        label: v.label,
        sessions: totals[i].sessions,
        conversions: totals[i].conversions,
        conversion_rate: totals[i].sessions > 0 ? totals[i].conversions / totals[i].sessions : null,
        visitors: totals[i].visitors,
        converted_visitors: totals[i].converted,
        visitor_conversion_rate: totals[i].visitors > 0 ? totals[i].converted / totals[i].visitors : null,
      })),
    });
  }
  return { experiment_id: e.id, days };
}

import { breakdownParams, summaryParams } from '../../contract/analytics-query.js';
import { goalsReportParams } from '../../contract/goals.js';
import { goalsReport } from '../analytics/goals-report.js';
import { pagesBreakdown } from '../analytics/pages-breakdown.js';
import type { ReportContext } from '../analytics/report-context.js';
import { trafficBreakdown } from '../analytics/traffic-breakdown.js';
import { trafficSummary } from '../analytics/traffic-summary.js';
import { experimentDetail } from '../experiments/experiment-detail.js';
import type { Property, Store } from '../store/store.js';
import type { Compared, DigestFigures } from './digest-message.js';
import type { Cadence, Period } from './report-periods.js';

/** Rows each table of the digest lists. */
export const DIGEST_TOP = 5;
/** The previous period's rows searched for a listed row's earlier figure (the reports' own maximum). */
const EARLIER_ROWS = 50;
const TESTS_LISTED = 10;

/** A referrer as the store keeps it, by its site ("google.com"); none: "Direct". */
const sourceOf = (referrer: string) => (referrer === 'unknown' ? 'Direct' : referrer);

/** The period's figures through the dashboard's own reports, so a digest says what the dashboard says. */
async function periodFigures(store: Store, property: Property, period: Period, limit: number) {
  const ctx = <Q>(query: Q): ReportContext<Q> => ({
    store,
    propertyIds: [property.id],
    scopeMeta: { property_id: property.id },
    query,
    now: new Date(),
  });
  const range = { start: period.start, end: period.end, timezone: property.timezone };
  const [summary, breakdown, pages, goals] = await Promise.all([
    trafficSummary(ctx(summaryParams.parse(range))),
    trafficBreakdown(ctx(breakdownParams.parse({ ...range, limit: EARLIER_ROWS }))),
    pagesBreakdown(ctx(breakdownParams.parse({ ...range, limit }))),
    goalsReport(ctx(goalsReportParams.parse(range))),
  ]);
  return {
    visitors: summary.data.unique_visitors,
    pageViews: summary.data.page_views,
    bounceRate: summary.data.bounce_rate,
    sources: breakdown.data.referrers.map((r) => [sourceOf(r.referrer), r.sessions] as const),
    pages: pages.data.map((p) => [p.path, p.page_views] as const),
    goals: goals.data.map((g) => [g.goal_id, g.name, g.conversions] as const),
  };
}

/** The figures of one property's digest for `period`, each beside `previous`'s. */
export async function digestFigures(
  store: Store,
  property: Property,
  cadence: Cadence,
  due: { period: Period; previous: Period },
  links: { dashboardUrl: string; unsubscribeUrl: string },
  now: Date,
): Promise<DigestFigures> {
  const [cur, prev, running] = await Promise.all([
    periodFigures(store, property, due.period, DIGEST_TOP),
    periodFigures(store, property, due.previous, EARLIER_ROWS),
    store.listExperiments(property.id, { status: 'active', limit: TESTS_LISTED }),
  ]);
  const earlier = <K>(rows: readonly (readonly [K, number])[], key: K) => rows.find((r) => r[0] === key)?.[1] ?? 0;
  const pair = (now: number, before: number): Compared => ({ now, before });
  const tests = await Promise.all(running.map((e) => experimentDetail(store, e, now)));
  return {
    propertyName: property.name,
    cadence,
    periodLabel: due.period.label,
    visitors: pair(cur.visitors, prev.visitors),
    pageViews: pair(cur.pageViews, prev.pageViews),
    bounceRate: { now: cur.bounceRate, before: prev.bounceRate },
    sources: cur.sources.slice(0, DIGEST_TOP).map(([name, n]) => ({ name, ...pair(n, earlier(prev.sources, name)) })),
    pages: cur.pages.map(([path, n]) => ({ path, ...pair(n, earlier(prev.pages, path)) })),
    goals: cur.goals.map(([id, name, n]) => ({
      name,
      ...pair(n, prev.goals.find((g) => g[0] === id)?.[2] ?? 0),
    })),
    tests: tests.map((t) => ({ name: t.name, verdict: t.stats.verdict })),
    ...links,
  };
}

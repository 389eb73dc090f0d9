import { ratio } from '../analytics/report-context.js';
import { trailingFrame } from '../analytics/time-frame.js';
import type { SnapshotElement, Store } from '../store/store.js';

/**
 * The window the recommender reads: the last 30 days up to `now`, like funnel suggestions. A month
 * holds enough traffic to judge a page and is recent enough to describe how the page looks today.
 */
export const EVIDENCE_WINDOW_DAYS = 30;
const DAY_MS = 86_400_000;
/** Enough rows that a page's own targets are all there; the totals are never limited. */
const TARGET_LIMIT = 50;
/** Landing pages fetched to find this page's entries; a busier site's long tail is reported as unknown. */
const ENTRY_LIMIT = 1_000;

export interface TargetFigure {
  target: string;
  count: number;
  /** Distinct sessions. */
  unique: number;
  /** This target's share of the page's clicks (or submissions). */
  share: number;
  /** Per page view of the page. */
  perView: number;
}

export interface PageEvidence {
  propertyId: string;
  page: string;
  window: { start: Date; end: Date; days: number };
  pageViews: number;
  uniqueVisitors: number;
  /** Bounced entries over entries (0 when nobody entered here). */
  bounceRate: number;
  /** Mean over (session, page) of the deepest scroll, 0..1. */
  avgScrollDepth: number;
  /** Sessions of the whole property whose first page view is in the window. */
  sessions: number;
  /** Sessions that started on this page; null when it is past the ENTRY_LIMIT busiest landing pages. */
  entries: number | null;
  entryShare: number | null;
  /** The page's views by device (first-touch), most first; `unknown` when the agent said nothing. */
  devices: { device: string; pageViews: number; share: number }[];
  mobileShare: number;
  clicks: { total: number; perView: number; targets: TargetFigure[] };
  forms: { total: number; perView: number; targets: TargetFigure[] };
  /** The tracker's latest snapshot of the page (possibly older than the window), or null. */
  snapshot: { ts: Date; elements: SnapshotElement[] } | null;
}

/** Every figure the rules and the analysis quote, for one page of one property. */
export async function gatherPageEvidence(
  store: Store,
  propertyId: string,
  page: string,
  now: Date,
): Promise<PageEvidence> {
  // Reports bucket in the property's zone elsewhere; here only totals matter, so UTC and one bucket.
  const frame = trailingFrame(now, EVIDENCE_WINDOW_DAYS * DAY_MS);
  const scope = { propertyIds: [propertyId], start: frame.start, end: frame.end };
  const bucketed = { ...scope, granularity: 'month' as const, offsets: frame.offsets };
  const [details, entryExit, clicks, forms, snapshot] = await Promise.all([
    store.pageDetails(scope, page, 10),
    store.entryExitPages(scope, ENTRY_LIMIT),
    store.interactions(bucketed, 'click', { limit: TARGET_LIMIT, page }),
    store.interactions(bucketed, 'form_submit', { limit: TARGET_LIMIT, page }),
    store.pageSnapshot(propertyId, page),
  ]);
  const views = details.totals.page_views;
  const entryRow = entryExit.entry.find((e) => e.path === page);
  // Absent from a list shorter than the limit means nobody entered here; from a full list, unknown.
  const entries = entryRow ? entryRow.sessions : entryExit.entry.length < ENTRY_LIMIT ? 0 : null;
  const devices = details.rows
    .filter((r) => r.dimension === 'device')
    .map((r) => ({ device: r.values[0] ?? 'unknown', pageViews: r.page_views, share: ratio(r.page_views, views) }));
  const figures = (report: typeof clicks) => ({
    total: report.total.count,
    perView: ratio(report.total.count, views),
    targets: report.rows.map((r) => ({
      target: r.target,
      count: r.count,
      unique: r.unique,
      share: ratio(r.count, report.total.count),
      perView: ratio(r.count, views),
    })),
  });
  return {
    propertyId,
    page,
    window: { start: frame.start, end: frame.end, days: EVIDENCE_WINDOW_DAYS },
    pageViews: views,
    uniqueVisitors: details.totals.unique_visitors,
    // The reports say null where a rate has no base; the rules read 0 and check entries themselves.
    bounceRate: details.totals.bounce_rate ?? 0,
    avgScrollDepth: details.totals.avg_scroll_depth ?? 0,
    sessions: entryExit.sessions,
    entries,
    entryShare: entries === null ? null : ratio(entries, entryExit.sessions),
    devices,
    mobileShare: devices.find((d) => d.device === 'mobile')?.share ?? 0,
    clicks: figures(clicks),
    forms: figures(forms),
    snapshot: snapshot ? { ts: snapshot.ts, elements: snapshot.elements } : null,
  };
}

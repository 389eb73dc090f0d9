import { useQuery } from '@tanstack/react-query';
import { VisitsTrendChart } from '../../../components/visits-trend-chart.js';
import { CsvButton } from '../../../components/csv-button.js';
import { EmptyState } from '../../../components/empty-state.js';
import { QueryError } from '../../../components/query-error.js';
import { formatBucket, formatDate } from '../../../lib/format.js';
import { trendPoints } from '../../../lib/trend-points.js';
import type { DashboardView } from '../../../lib/use-dashboard-view.js';
import { trendsQueryOptions } from '../api/traffic-queries.js';
import { useReportScope } from '../../../lib/report-scope.js';
import { settledPrevious } from '../../../lib/settled-previous.js';
import { comparedRead } from '../../../lib/compared-read.js';
import { chartComparedName } from '../../../lib/compared-label.js';

export function TrendsChart({ view }: { view: DashboardView }) {
  const scope = useReportScope(view);
  const current = useQuery(trendsQueryOptions(scope, view.range, view.granularity));
  // The whole compared period is drawn, for its shape; the cards' figures stop at today's time of day.
  const previous = useQuery(
    comparedRead(view.compare ? view.previous : null, (r) => trendsQueryOptions(scope, r.days, view.granularity)),
  );

  const title = (
    <h2 id="trends-title">
      Page views and unique visitors
      <span className="muted">
        {' '}
        · {formatDate(view.range.start)} – {formatDate(view.range.end)}
      </span>
    </h2>
  );
  if (current.error)
    return (
      <section className="card" aria-labelledby="trends-title">
        {title}
        <QueryError error={current.error} propertyId={view.property.id} />
      </section>
    );

  const rows = current.data?.data ?? [];
  // The compared period is laid over bucket by bucket; left out while either range is still the old one.
  const prevRows = view.compare ? settledPrevious(current, previous)?.data : undefined;
  const points = trendPoints(rows, prevRows, ['page_views', 'unique_visitors'], (iso) =>
    formatBucket(iso, view.granularity, view.timezone),
  );
  const empty = current.data && current.data.summary.page_views === 0;

  return (
    <section
      className={`card trends ${current.isPlaceholderData ? 'stale' : ''}`}
      aria-labelledby="trends-title"
      aria-busy={current.isFetching}
    >
      <div className="card-head">
        {title}
        <CsvButton
          rows={rows}
          filename={`trends-${view.property.id}-${view.range.start}-${view.range.end}.csv`}
          label="the trend"
        />
      </div>
      {empty ? (
        <EmptyState title="No page views in this range.">
          Pick a longer range, or check that the tracking snippet is on your pages (it sends a page view on every load).
        </EmptyState>
      ) : (
        <VisitsTrendChart
          points={points}
          loading={!current.data}
          compare={view.compare}
          comparedName={chartComparedName(view)}
          granularity={view.granularity}
          testId="trends-chart"
          height={280}
        />
      )}
    </section>
  );
}

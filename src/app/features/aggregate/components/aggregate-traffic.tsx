import { useQuery } from '@tanstack/react-query';
import { VisitsTrendChart } from '../../../components/visits-trend-chart.js';
import { CsvButton } from '../../../components/csv-button.js';
import { EmptyState } from '../../../components/empty-state.js';
import { FigureCards, type Figure } from '../../../components/figure-cards.js';
import { QueryError } from '../../../components/query-error.js';
import { formatBucket, formatDate, formatDuration, formatInteger, formatPercent } from '../../../lib/format.js';
import { trendPoints } from '../../../lib/trend-points.js';
import { aggregateSummaryQueryOptions, aggregateTrendsQueryOptions } from '../api/aggregate-queries.js';
import type { AggregateView } from './use-aggregate-view.js';
import { settledPrevious } from '../../../lib/settled-previous.js';
import { comparedRead } from '../../../lib/compared-read.js';
import { chartComparedName, viewComparedLabel } from '../../../lib/compared-label.js';

/** Headline figures of the selected properties together, with change against the previous period. */
function AggregateKpis({ view }: { view: AggregateView }) {
  const current = useQuery(aggregateSummaryQueryOptions(view.scope, view.range));
  const previous = useQuery(comparedRead(view.previous, (r) => aggregateSummaryQueryOptions(view.scope, r)));
  if (current.error) return <QueryError error={current.error} propertyId={view.selected.join(', ')} />;
  const now = current.data?.data;
  const before = settledPrevious(current, previous)?.data;
  const figures: Figure[] = [
    {
      key: 'page_views',
      label: 'Page views',
      value: now?.page_views,
      previous: before?.page_views,
      format: formatInteger,
    },
    { key: 'sessions', label: 'Sessions', value: now?.sessions, previous: before?.sessions, format: formatInteger },
    {
      key: 'unique_visitors',
      label: 'Unique visitors',
      value: now?.unique_visitors,
      previous: before?.unique_visitors,
      format: formatInteger,
    },
    {
      key: 'bounce_rate',
      label: 'Bounce rate',
      value: now?.bounce_rate,
      previous: before?.bounce_rate,
      format: formatPercent,
      points: true,
      lowerIsBetter: true,
    },
    {
      key: 'avg_session_duration',
      label: 'Avg. session duration',
      value: now?.avg_session_duration,
      previous: before?.avg_session_duration,
      format: formatDuration,
    },
  ];
  return (
    <FigureCards
      figures={figures}
      label="Key figures of the selected properties"
      against={viewComparedLabel(view)}
      stale={current.isPlaceholderData}
      busy={current.isFetching}
    />
  );
}

function AggregateTrend({ view }: { view: AggregateView }) {
  const current = useQuery(aggregateTrendsQueryOptions(view.scope, view.range, view.granularity));
  const previous = useQuery(
    comparedRead(view.compare ? view.previous : null, (r) =>
      aggregateTrendsQueryOptions(view.scope, r.days, view.granularity),
    ),
  );
  const rows = current.data?.data ?? [];
  const prevRows = view.compare ? settledPrevious(current, previous)?.data : undefined;
  const points = trendPoints(rows, prevRows, ['page_views', 'unique_visitors'], (b) =>
    formatBucket(b, view.granularity, view.timezone),
  );
  return (
    <section
      className={`card ${current.isPlaceholderData ? 'stale' : ''}`}
      aria-labelledby="aggregate-trend-title"
      aria-busy={current.isFetching}
    >
      <div className="card-head">
        <h2 id="aggregate-trend-title">
          Page views and unique visitors{' '}
          <span className="muted">
            · {formatDate(view.range.start)} – {formatDate(view.range.end)}
          </span>
        </h2>
        <CsvButton
          rows={rows}
          filename={`trends-aggregate-${view.range.start}-${view.range.end}.csv`}
          label="the trend"
        />
      </div>
      {current.error ? (
        <QueryError error={current.error} propertyId={view.selected.join(', ')} />
      ) : current.data?.summary.page_views === 0 ? (
        <EmptyState title="No page views in this range.">
          Pick a longer range or other properties, or check that their snippets are on the sites.
        </EmptyState>
      ) : (
        <VisitsTrendChart
          points={points}
          loading={!current.data}
          compare={view.compare}
          comparedName={chartComparedName(view)}
          granularity={view.granularity}
          testId="aggregate-trend"
        />
      )}
    </section>
  );
}

export function AggregateTraffic({ view }: { view: AggregateView }) {
  return (
    <>
      <AggregateKpis view={view} />
      <AggregateTrend view={view} />
    </>
  );
}

import type { InteractionsBreakdown } from '../lib/interactions-breakdown-query.js';
import { formatBucket, formatDate } from '../lib/format.js';
import { chartComparedName } from '../lib/compared-label.js';
import { trendPoints } from '../lib/trend-points.js';
import type { DashboardView } from '../lib/use-dashboard-view.js';
import { BucketTrendChart } from './bucket-trend-chart.js';
import { CsvButton } from './csv-button.js';
import { EmptyState } from './empty-state.js';
import type { InteractionReportConfig } from './interaction-report.js';
import { Skeleton } from './skeleton.js';

type Props<C extends string, U extends string, R extends string> = {
  view: DashboardView;
  config: InteractionReportConfig<C, U, R>;
  data: InteractionsBreakdown<C, U, R> | undefined;
  previous: InteractionsBreakdown<C, U>['trend'] | undefined;
  stale: boolean;
};

export function InteractionTrend<C extends string, U extends string, R extends string>({
  view,
  config,
  data,
  previous,
  stale,
}: Props<C, U, R>) {
  const { count, unique, trend } = config;
  type Row = InteractionsBreakdown<C, U>['trend'][number];
  // Only the bucket and the two counts: a legacy alias in the response (forms' `unique_sessions`) stays out of the CSV.
  const rows = (data?.trend ?? []).map(
    (r) =>
      ({
        bucket_start: r.bucket_start,
        bucket_end: r.bucket_end,
        [count.key]: r[count.key],
        [unique.key]: r[unique.key],
      }) as Row,
  );
  const points = trendPoints(rows, previous, [count.key, unique.key], (iso) =>
    formatBucket(iso, view.granularity, view.timezone),
  );
  const titleId = `${config.report}-trend-title`;
  return (
    <section className={`card ${stale ? 'stale' : ''}`} aria-labelledby={titleId}>
      <div className="card-head">
        <h2 id={titleId}>
          {trend.title}{' '}
          <span className="muted">
            · {formatDate(view.range.start)} – {formatDate(view.range.end)}
          </span>
        </h2>
        <CsvButton
          rows={rows}
          filename={`${config.report}-trend-${view.property.id}-${view.range.start}-${view.range.end}.csv`}
          label={trend.csvLabel}
        />
      </div>
      {!data ? (
        <Skeleton height="260px" />
      ) : data.summary[`total_${count.key}`] === 0 ? (
        <EmptyState title={trend.empty.title}>{trend.empty.text}</EmptyState>
      ) : (
        <BucketTrendChart
          points={points}
          series={[
            { key: count.key, name: count.label },
            { key: unique.key, name: unique.label },
          ]}
          compare={view.compare}
          comparedName={chartComparedName(view)}
          granularity={view.granularity}
          testId={trend.testId}
        />
      )}
    </section>
  );
}

import { BucketTrendChart } from '../../../components/bucket-trend-chart.js';
import { CsvButton } from '../../../components/csv-button.js';
import { EmptyState } from '../../../components/empty-state.js';
import { Skeleton } from '../../../components/skeleton.js';
import type { ResponseOf } from '../../../lib/api-client.js';
import { formatBucket, formatDate } from '../../../lib/format.js';
import { trendPoints } from '../../../lib/trend-points.js';
import type { DashboardView } from '../../../lib/use-dashboard-view.js';

type Data = ResponseOf<'clicksBreakdown'>;

export function ClicksTrend({ view, data, previous, stale }: { view: DashboardView; data: Data | undefined; previous: Data['trend'] | undefined; stale: boolean }) {
  const rows = data?.trend ?? [];
  const points = trendPoints(rows, previous, ['clicks', 'unique_clicks'], (iso) => formatBucket(iso, view.granularity, view.timezone));
  return (
    <section className={`card ${stale ? 'stale' : ''}`} aria-labelledby="clicks-trend-title">
      <div className="card-head">
        <h2 id="clicks-trend-title">
          Clicks over time <span className="muted">· {formatDate(view.range.start)} – {formatDate(view.range.end)}</span>
        </h2>
        <CsvButton rows={rows} filename={`clicks-trend-${view.property.id}-${view.range.start}-${view.range.end}.csv`} label="the clicks trend" />
      </div>
      {!data ? (
        <Skeleton height="260px" />
      ) : data.summary.total_clicks === 0 ? (
        <EmptyState title="No clicks in this range.">
          The tracker records clicks on links and buttons automatically once the snippet is installed. Pick a longer range, or check that the snippet is on your pages.
        </EmptyState>
      ) : (
        <BucketTrendChart
          points={points}
          series={[{ key: 'clicks', name: 'Clicks' }, { key: 'unique_clicks', name: 'Unique clicks' }]}
          compare={view.compare}
          testId="clicks-chart"
        />
      )}
    </section>
  );
}

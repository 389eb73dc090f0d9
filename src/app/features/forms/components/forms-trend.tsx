import { BucketTrendChart } from '../../../components/bucket-trend-chart.js';
import { CsvButton } from '../../../components/csv-button.js';
import { EmptyState } from '../../../components/empty-state.js';
import { Skeleton } from '../../../components/skeleton.js';
import type { ResponseOf } from '../../../lib/api-client.js';
import { formatBucket, formatDate } from '../../../lib/format.js';
import { trendPoints } from '../../../lib/trend-points.js';
import type { DashboardView } from '../../../lib/use-dashboard-view.js';

type Data = ResponseOf<'formsBreakdown'>;

export function FormsTrend({ view, data, previous, stale }: { view: DashboardView; data: Data | undefined; previous: Data['trend'] | undefined; stale: boolean }) {
  // `unique_sessions` is the legacy alias of unique_submissions; the CSV keeps the preferred names.
  const rows = (data?.trend ?? []).map(({ bucket_start, bucket_end, submissions, unique_submissions }) => ({ bucket_start, bucket_end, submissions, unique_submissions }));
  const points = trendPoints(rows, previous, ['submissions', 'unique_submissions'], (iso) => formatBucket(iso, view.granularity, view.timezone));
  return (
    <section className={`card ${stale ? 'stale' : ''}`} aria-labelledby="forms-trend-title">
      <div className="card-head">
        <h2 id="forms-trend-title">
          Form submissions over time <span className="muted">· {formatDate(view.range.start)} – {formatDate(view.range.end)}</span>
        </h2>
        <CsvButton rows={rows} filename={`forms-trend-${view.property.id}-${view.range.start}-${view.range.end}.csv`} label="the submissions trend" />
      </div>
      {!data ? (
        <Skeleton height="260px" />
      ) : data.summary.total_submissions === 0 ? (
        <EmptyState title="No form submissions in this range.">
          The tracker records every form submission automatically once the snippet is installed. Pick a longer range, or check that the snippet is on the pages with your forms.
        </EmptyState>
      ) : (
        <BucketTrendChart
          points={points}
          series={[{ key: 'submissions', name: 'Submissions' }, { key: 'unique_submissions', name: 'Unique submissions' }]}
          compare={view.compare}
          testId="forms-chart"
        />
      )}
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Area, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CsvButton } from '../../../components/csv-button.js';
import { EmptyState } from '../../../components/empty-state.js';
import { QueryError } from '../../../components/query-error.js';
import { Skeleton } from '../../../components/skeleton.js';
import { formatBucket, formatCompact, formatDate, formatInteger } from '../../../lib/format.js';
import type { DashboardView } from '../../../lib/use-dashboard-view.js';
import { trendsQuery } from '../api/traffic-queries.js';
import { useTrafficScope } from './use-traffic-scope.js';

interface Point {
  label: string;
  page_views: number;
  unique_visitors: number;
  prev_page_views?: number;
  prev_unique_visitors?: number;
}

export function TrendsChart({ view }: { view: DashboardView }) {
  const scope = useTrafficScope(view);
  const current = useQuery(trendsQuery(scope, view.range, view.granularity));
  const previous = useQuery({ ...trendsQuery(scope, view.previous, view.granularity), enabled: view.compare });

  const title = (
    <h2 id="trends-title">
      Page views and unique visitors
      <span className="muted"> · {formatDate(view.range.start)} – {formatDate(view.range.end)}</span>
    </h2>
  );
  if (current.error) return <section className="card" aria-labelledby="trends-title">{title}<QueryError error={current.error} propertyId={view.property.id} /></section>;

  const rows = current.data?.data ?? [];
  // The previous period is overlaid bucket by bucket (1st day on 1st day), so shapes line up.
  const prevRows = view.compare && !previous.isPlaceholderData ? (previous.data?.data ?? []) : [];
  const points: Point[] = rows.map((r, i) => ({
    label: formatBucket(r.bucket_start, view.granularity, view.timezone),
    page_views: r.page_views,
    unique_visitors: r.unique_visitors,
    prev_page_views: prevRows[i]?.page_views,
    prev_unique_visitors: prevRows[i]?.unique_visitors,
  }));
  const empty = current.data && current.data.summary.page_views === 0;

  return (
    <section className={`card trends ${current.isPlaceholderData ? 'stale' : ''}`} aria-labelledby="trends-title" aria-busy={current.isFetching}>
      <div className="card-head">
        {title}
        <CsvButton rows={rows} filename={`trends-${view.property.id}-${view.range.start}-${view.range.end}.csv`} label="the trend" />
      </div>
      {!current.data ? (
        <Skeleton height="280px" />
      ) : empty ? (
        <EmptyState title="No page views in this range.">
          Pick a longer range, or check that the tracking snippet is on your pages (it sends a page view on every load).
        </EmptyState>
      ) : (
        <div className="chart" data-testid="trends-chart" data-points={points.length}>
          <ResponsiveContainer width="100%" height={280}>
            <ComposedChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
              <CartesianGrid stroke="var(--grid)" vertical={false} />
              <XAxis dataKey="label" tick={{ fill: 'var(--muted)', fontSize: 12 }} stroke="var(--grid)" minTickGap={24} />
              <YAxis tickFormatter={formatCompact} tick={{ fill: 'var(--muted)', fontSize: 12 }} stroke="var(--grid)" width={44} allowDecimals={false} />
              <Tooltip formatter={(v) => formatInteger(Number(v))} contentStyle={{ background: 'var(--surface)', border: '1px solid var(--border)', color: 'var(--text)' }} />
              <Legend wrapperStyle={{ fontSize: 13 }} />
              <Area type="monotone" dataKey="page_views" name="Page views" stroke="var(--chart-1)" fill="var(--chart-1-fill)" strokeWidth={2} isAnimationActive={false} />
              <Line type="monotone" dataKey="unique_visitors" name="Unique visitors" stroke="var(--chart-2)" strokeWidth={2} dot={false} isAnimationActive={false} />
              {view.compare && (
                <Line type="monotone" dataKey="prev_page_views" name="Page views, previous period" stroke="var(--chart-1)" strokeDasharray="5 4" strokeOpacity={0.7} dot={false} isAnimationActive={false} />
              )}
              {view.compare && (
                <Line type="monotone" dataKey="prev_unique_visitors" name="Unique visitors, previous period" stroke="var(--chart-2)" strokeDasharray="5 4" strokeOpacity={0.7} dot={false} isAnimationActive={false} />
              )}
            </ComposedChart>
          </ResponsiveContainer>
        </div>
      )}
    </section>
  );
}

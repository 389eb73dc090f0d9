import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '../../../components/empty-state.js';
import { QueryError } from '../../../components/query-error.js';
import { SkeletonRows } from '../../../components/skeleton.js';
import { formatInteger, formatTime, plural } from '../../../lib/format.js';
import type { DashboardView } from '../../../lib/use-dashboard-view.js';
import { REALTIME_REFRESH_MS, realtimeQueryOptions } from '../api/traffic-queries.js';
import { countryName } from '../../../lib/dimension-labels.js';
import { useReportScope } from '../../../lib/report-scope.js';

export function RealtimeCard({ view }: { view: DashboardView }) {
  const scope = useReportScope(view);
  const realtime = useQuery(realtimeQueryOptions(scope));
  const data = realtime.data?.data;
  return (
    <section className="card realtime" aria-labelledby="realtime-title">
      <div className="card-head">
        <h2 id="realtime-title">
          <span className="live-dot" aria-hidden="true" /> Right now
        </h2>
        <span className="muted small">updates every {REALTIME_REFRESH_MS / 1000} s</span>
      </div>
      {realtime.error && !data ? (
        <QueryError error={realtime.error} propertyId={view.property.id} />
      ) : !data ? (
        <SkeletonRows rows={4} />
      ) : (
        <>
          {/* Not a live region: announcing every 5 s would drown a screen reader. */}
          <p className="realtime-count">
            <strong data-testid="active-visitors">{formatInteger(data.active_visitors)}</strong>{' '}
            {plural(data.active_visitors, 'active visitor', 'active visitors')}
            <span className="muted small"> in the last 5 minutes</span>
          </p>
          {data.feed.length === 0 ? (
            <EmptyState title="Nobody is on the site right now.">
              Open one of your pages in another tab: it shows up here within seconds.
            </EmptyState>
          ) : (
            <>
              <h3 className="feed-title muted small">Latest page views</h3>
              <ol className="feed" aria-label="Latest page views">
                {data.feed.slice(0, 6).map((e, i) => (
                  <li key={`${e.timestamp}-${i}`}>
                    <span className="feed-page" title={e.page}>
                      {e.page}
                    </span>
                    <span className="muted small">
                      {countryName(e.country)} · {e.device} ·{' '}
                      <time dateTime={e.timestamp}>{formatTime(e.timestamp, view.timezone)}</time>
                    </span>
                  </li>
                ))}
              </ol>
            </>
          )}
        </>
      )}
    </section>
  );
}

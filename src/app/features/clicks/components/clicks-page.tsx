import { useQuery } from '@tanstack/react-query';
import { FigureCards } from '../../../components/figure-cards.js';
import { QueryError } from '../../../components/query-error.js';
import { ViewGate } from '../../../components/view-gate.js';
import { formatInteger } from '../../../lib/format.js';
import type { DashboardView } from '../../../lib/use-dashboard-view.js';
import { clicksBreakdownQuery } from '../api/clicks-queries.js';
import { ClicksTrend } from './clicks-trend.js';
import { TopClickTargets } from './top-click-targets.js';
import { useClicksScope } from './use-clicks-scope.js';
import './clicks.css';

function ClicksReport({ view }: { view: DashboardView }) {
  const scope = useClicksScope(view);
  const current = useQuery(clicksBreakdownQuery(scope, view.range, view.granularity));
  const previous = useQuery(clicksBreakdownQuery(scope, view.previous, view.granularity));
  if (current.error) return <QueryError error={current.error} propertyId={view.property.id} />;

  const now = current.data?.summary;
  // A previous period still showing the old range's figures would give a wrong change.
  const before = previous.isPlaceholderData ? undefined : previous.data?.summary;
  const stale = current.isPlaceholderData;
  return (
    <>
      <FigureCards
        label="Click totals"
        stale={stale}
        busy={current.isFetching}
        figures={[
          { key: 'total_clicks', label: 'Clicks', value: now?.total_clicks, previous: before?.total_clicks, format: formatInteger },
          { key: 'total_unique_clicks', label: 'Unique clicks', value: now?.total_unique_clicks, previous: before?.total_unique_clicks, format: formatInteger },
        ]}
      />
      <ClicksTrend view={view} data={current.data} previous={view.compare ? before && previous.data?.trend : undefined} stale={stale} />
      <TopClickTargets view={view} data={current.data} stale={stale} />
    </>
  );
}

export function ClicksPage() {
  return (
    <ViewGate>
      {(view) => (
        <div className="clicks-report">
          <h1 className="page-title">Clicks <span className="muted">· {view.property.name} · {view.timezone}</span></h1>
          <ClicksReport view={view} />
        </div>
      )}
    </ViewGate>
  );
}

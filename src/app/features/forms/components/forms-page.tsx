import { useQuery } from '@tanstack/react-query';
import { FigureCards } from '../../../components/figure-cards.js';
import { QueryError } from '../../../components/query-error.js';
import { ViewGate } from '../../../components/view-gate.js';
import { formatInteger } from '../../../lib/format.js';
import type { DashboardView } from '../../../lib/use-dashboard-view.js';
import { formsBreakdownQuery } from '../api/forms-queries.js';
import { FormsTrend } from './forms-trend.js';
import { TopForms } from './top-forms.js';
import { useFormsScope } from './use-forms-scope.js';
import './forms.css';

function FormsReport({ view }: { view: DashboardView }) {
  const scope = useFormsScope(view);
  const current = useQuery(formsBreakdownQuery(scope, view.range, view.granularity));
  const previous = useQuery(formsBreakdownQuery(scope, view.previous, view.granularity));
  if (current.error) return <QueryError error={current.error} propertyId={view.property.id} />;

  const now = current.data?.summary;
  // A previous period still showing the old range's figures would give a wrong change.
  const before = previous.isPlaceholderData ? undefined : previous.data?.summary;
  const stale = current.isPlaceholderData;
  return (
    <>
      <FigureCards
        label="Form totals"
        stale={stale}
        busy={current.isFetching}
        figures={[
          { key: 'total_submissions', label: 'Submissions', value: now?.total_submissions, previous: before?.total_submissions, format: formatInteger },
          { key: 'total_unique_submissions', label: 'Unique submissions', value: now?.total_unique_submissions, previous: before?.total_unique_submissions, format: formatInteger },
        ]}
      />
      <FormsTrend view={view} data={current.data} previous={view.compare ? before && previous.data?.trend : undefined} stale={stale} />
      <TopForms view={view} data={current.data} stale={stale} />
    </>
  );
}

export function FormsPage() {
  return (
    <ViewGate>
      {(view) => (
        <div className="forms-report">
          <h1 className="page-title">Forms <span className="muted">· {view.property.name} · {view.timezone}</span></h1>
          <FormsReport view={view} />
        </div>
      )}
    </ViewGate>
  );
}

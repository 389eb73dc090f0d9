import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { QueryError } from '../../../components/query-error.js';
import { SkeletonRows } from '../../../components/skeleton.js';
import { isNotFound } from '../../../lib/api-error.js';
import { useConnection } from '../../../lib/connection-context.js';
import { propertiesQueryOptions } from '../../../lib/properties-query.js';
import { useDashboardView, type DashboardView } from '../../../lib/use-dashboard-view.js';
import { experimentDetailQueryOptions } from '../api/experiments-queries.js';
import { ExperimentDetailActions } from './experiment-detail-actions.js';
import { ExperimentDetailSummary } from './experiment-detail-summary.js';
import { ExperimentDetailVerdict } from './experiment-detail-verdict.js';
import { ExperimentStatusBadge } from './experiment-status-badge.js';
import { ExperimentTimelineChart } from './experiment-timeline-chart.js';
import { useExperimentsScope } from './experiments-scope.js';
import { VariantChanges } from './variant-changes.js';
import { formatDay } from './variant-figures.js';
import { MoreMetricsSection } from './more-metrics-section.js';
import { VariantTable } from './variant-table.js';
import '../../../components/forms.css';
import './experiments.css';

export function ExperimentDetailPage() {
  const { connection } = useConnection();
  const properties = useQuery(propertiesQueryOptions(connection));
  const view = useDashboardView();
  const { experimentId } = useParams({ from: '/experiments/$experimentId' });

  if (properties.error) return <QueryError error={properties.error} />;
  if (!properties.data || !view) return <SkeletonRows rows={6} />;
  // key: another test (or property) starts with fresh form state.
  return <ExperimentDetail key={`${view.property.id}/${experimentId}`} view={view} experimentId={experimentId} />;
}

const backLink = (
  <Link to="/experiments" search={(s) => s} className="back-link">
    ← All experiments
  </Link>
);

function ExperimentDetail({ view, experimentId }: { view: DashboardView; experimentId: string }) {
  const scope = useExperimentsScope(view)!;
  const detail = useQuery(experimentDetailQueryOptions(scope, experimentId));
  const [conflict, setConflict] = useState(false);

  if (detail.error) {
    // Only a 404 about the test itself; an unknown property (field propertyId) gets QueryError's words.
    const missing = isNotFound(detail.error, 'experimentId');
    return (
      <div className="experiments">
        {backLink}
        {missing ? (
          <section className="card empty">
            <h1>No such experiment in {view.property.name}</h1>
            <p>It may belong to another property: pick that property above, or open the list to find it.</p>
          </section>
        ) : (
          <QueryError error={detail.error} propertyId={view.property.id} />
        )}
      </div>
    );
  }
  if (!detail.data) return <SkeletonRows rows={8} />;
  const d = detail.data;
  return (
    <div className="experiments">
      {backLink}
      <section className="card" aria-labelledby="experiment-name">
        <div className="experiment-title">
          <h1 className="page-title" id="experiment-name" data-testid="experiment-name">
            {d.name}
          </h1>
          <ExperimentStatusBadge status={d.status} />
          {d.archived_at && (
            <span className="status-badge archived" data-testid="archived-badge">
              Archived
            </span>
          )}
        </div>
        {d.archived_at && (
          <p className="muted small" data-testid="archived-note">
            Archived on {formatDay(d.archived_at, view.timezone)}: left out of the experiments list. Restore it below.
          </p>
        )}
        <ExperimentDetailSummary detail={d} timezone={view.timezone} />
      </section>
      <ExperimentDetailVerdict detail={d} />
      <section className="card" aria-labelledby="variants-title">
        <h2 id="variants-title">Variants</h2>
        <VariantTable detail={d} />
      </section>
      <MoreMetricsSection detail={d} />
      <section className="card" aria-labelledby="timeline-title">
        <h2 id="timeline-title">Conversion rate over time</h2>
        <p className="muted small">
          Each variant's conversion rate per visitor so far, at the end of each day since the test started.
        </p>
        <ExperimentTimelineChart scope={scope} experimentId={d.experiment_id} timezone={view.timezone} />
      </section>
      <section className="card" aria-labelledby="changes-title">
        <h2 id="changes-title">
          {d.type === 'redirect' ? 'Where each variant sends visitors' : 'What each variant changes'}
        </h2>
        <VariantChanges
          detail={d}
          preview={d.status === 'active' ? { siteOrigin: view.property.siteOrigin } : undefined}
        />
      </section>
      <ExperimentDetailActions
        scope={scope}
        detail={d}
        timezone={view.timezone}
        conflict={conflict}
        onConflict={() => setConflict(true)}
      />
    </div>
  );
}

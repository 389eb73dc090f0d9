import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { QueryError } from '../../../components/query-error.js';
import { RoleGate } from '../../../components/role-gate.js';
import { SkeletonRows } from '../../../components/skeleton.js';
import type { DashboardView } from '../../../lib/use-dashboard-view.js';
import { ViewGate } from '../../../components/view-gate.js';
import { experimentListQueryOptions } from '../api/experiments-queries.js';
import { ExperimentListTable } from './experiment-list-table.js';
import { useExperimentsScope } from './experiments-scope.js';
import { statusFilters, type StatusFilter } from './experiments-search.js';
import './experiments.css';

const FILTER_LABELS: Record<StatusFilter, string> = {
  all: 'All',
  active: 'Running',
  complete: 'Complete',
  archived: 'Archived',
};

export function ExperimentsPage() {
  return (
    <ViewGate purpose="then come back to test changes on its pages">
      {(view) => <ExperimentList view={view} />}
    </ViewGate>
  );
}

function ExperimentList({ view }: { view: DashboardView }) {
  const scope = useExperimentsScope(view)!;
  const { status } = useSearch({ from: '/experiments' });
  const navigate = useNavigate({ from: '/experiments' });
  const list = useQuery(
    status === 'archived'
      ? experimentListQueryOptions(scope, undefined, true)
      : experimentListQueryOptions(scope, status === 'all' ? undefined : status),
  );
  const timezone = view.timezone;

  return (
    <div className="experiments">
      <div className="experiments-head">
        <h1 className="page-title">
          Experiments <span className="muted">· {view.property.name}</span>
        </h1>
        {/* A viewer gets the one line why in its place. */}
        <RoleGate action="change split tests">
          <Link to="/experiments/new" search={({ status: _, ...root }) => root} className="button primary">
            New experiment
          </Link>
        </RoleGate>
      </div>
      <section className="card" aria-labelledby="experiment-list-title">
        <div className="card-head">
          <h2 id="experiment-list-title">Split tests, newest first</h2>
          <label className="field">
            <span>Status</span>
            <select
              value={status}
              onChange={(e) => navigate({ search: (s) => ({ ...s, status: e.target.value as StatusFilter }) })}
            >
              {statusFilters.map((f) => (
                <option key={f} value={f}>
                  {FILTER_LABELS[f]}
                </option>
              ))}
            </select>
          </label>
        </div>
        {list.error ? (
          <QueryError error={list.error} propertyId={view.property.id} />
        ) : !list.data ? (
          <SkeletonRows rows={3} />
        ) : (
          <div className={list.isPlaceholderData ? 'stale' : undefined}>
            <ExperimentListTable scope={scope} items={list.data.data} filter={status} timezone={timezone} />
          </div>
        )}
      </section>
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '../../../components/empty-state.js';
import { QueryError } from '../../../components/query-error.js';
import { SkeletonRows } from '../../../components/skeleton.js';
import { useConnection } from '../../../lib/connection-context.js';
import { propertiesQueryOptions } from '../../../lib/properties-query.js';
import { AggregateClicks, AggregateForms } from './aggregate-interactions.js';
import { AggregateTraffic } from './aggregate-traffic.js';
import { PropertyChecklist } from './property-checklist.js';
import { useAggregateView } from './use-aggregate-view.js';
import './aggregate.css';

export function AggregatePage() {
  const { connection } = useConnection();
  const properties = useQuery(propertiesQueryOptions(connection));
  const view = useAggregateView();

  if (properties.error) return <QueryError error={properties.error} />;
  if (!view) return <SkeletonRows rows={6} />;
  if (view.available.length === 0) {
    return (
      <section className="card empty">
        <h1>No properties yet</h1>
        <p>
          Add properties first (Properties, or <code>npm run cli -- properties create</code>); this page adds their
          figures up.
        </p>
      </section>
    );
  }
  return (
    <div className="aggregate">
      <h1 className="page-title">
        All properties{' '}
        <span className="muted">
          · {view.selected.length} of {view.available.length} selected
        </span>
      </h1>
      <p className="zone-note muted" data-testid="zone-note">
        {view.zoneFromUrl
          ? `Days and buckets in ${view.timezone}, the time zone chosen above.`
          : 'Days and buckets in UTC: each property keeps its own time zone, so one common zone is used. Pick another zone above.'}
      </p>
      <PropertyChecklist available={view.available} selected={view.selected} />
      {view.selected.length === 0 ? (
        <section className="card">
          <EmptyState title="No property picked.">
            Tick at least one property above to see their traffic, clicks and forms added up.
          </EmptyState>
        </section>
      ) : (
        <>
          <AggregateTraffic view={view} />
          <div className="aggregate-two-up">
            <AggregateClicks view={view} />
            <AggregateForms view={view} />
          </div>
        </>
      )}
    </div>
  );
}

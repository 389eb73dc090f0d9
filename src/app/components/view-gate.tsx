import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useConnection } from '../lib/connection-context.js';
import { sharedView } from '../lib/dashboard-search.js';
import { propertiesQueryOptions } from '../lib/properties-query.js';
import { useDashboardView, type DashboardView } from '../lib/use-dashboard-view.js';
import { QueryError } from './query-error.js';
import { SkeletonRows } from './skeleton.js';

/** Renders a report once there is a property to report on; otherwise says why not and what to do. */
export function ViewGate({
  children,
  purpose = 'visits show up here',
}: {
  children: (view: DashboardView) => ReactNode;
  /** What the page does once a property exists. */ purpose?: string;
}) {
  const { connection } = useConnection();
  const properties = useQuery(propertiesQueryOptions(connection));
  const view = useDashboardView();
  if (properties.error) return <QueryError error={properties.error} />;
  if (!properties.data) return <SkeletonRows rows={6} />;
  if (!view) {
    return (
      <section className="card empty">
        <h1>No properties yet</h1>
        <p>
          <Link to="/properties" search={sharedView}>
            Create a property
          </Link>
          , add the tracking snippet it gives you to your pages, and {purpose}.
        </p>
      </section>
    );
  }
  return children(view);
}

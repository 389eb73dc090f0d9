import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useConnection } from '../lib/connection-context.js';
import { propertiesQuery } from '../lib/properties-query.js';
import { useDashboardView, type DashboardView } from '../lib/use-dashboard-view.js';
import { QueryError } from './query-error.js';
import { SkeletonRows } from './skeleton.js';

/** Renders a report once there is a property to report on; otherwise says why not and what to do. */
export function ViewGate({ children }: { children: (view: DashboardView) => ReactNode }) {
  const { connection } = useConnection();
  const properties = useQuery(propertiesQuery(connection));
  const view = useDashboardView();
  if (properties.error) return <QueryError error={properties.error} />;
  if (!properties.data) return <SkeletonRows rows={6} />;
  if (!view) {
    return (
      <section className="card empty">
        <h1>No properties yet</h1>
        <p>Create one with <code>npm run cli -- properties create --id my-site --name "My site"</code>, add its snippet to your pages, then reload.</p>
      </section>
    );
  }
  return children(view);
}

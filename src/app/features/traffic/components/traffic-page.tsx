import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { QueryError } from '../../../components/query-error.js';
import { SkeletonRows } from '../../../components/skeleton.js';
import { useConnection } from '../../../lib/connection-context.js';
import { propertiesQuery } from '../../../lib/properties-query.js';
import { useDashboardView } from '../../../lib/use-dashboard-view.js';
import { BreakdownTabs } from './breakdown-tabs.js';
import { EntryExitTables } from './entry-exit-tables.js';
import { KpiCards } from './kpi-cards.js';
import { RealtimeCard } from './realtime-card.js';
import { TrendsChart } from './trends-chart.js';
import './traffic.css';

export function TrafficPage() {
  const { connection } = useConnection();
  const properties = useQuery(propertiesQuery(connection));
  const view = useDashboardView();

  if (properties.error) return <QueryError error={properties.error} />;
  if (!properties.data) return <SkeletonRows rows={6} />;
  if (!view) {
    return (
      <section className="card empty">
        <h1>No properties yet</h1>
        <p>
          <Link to="/properties" search={(s) => s}>Create a property</Link>, add the tracking snippet it gives you to your pages, and visits show up here.
        </p>
      </section>
    );
  }
  return (
    <div className="traffic">
      <h1 className="page-title">Traffic <span className="muted">· {view.property.name} · {view.timezone}</span></h1>
      <KpiCards view={view} />
      <div className="traffic-main">
        <TrendsChart view={view} />
        <RealtimeCard view={view} />
      </div>
      <BreakdownTabs view={view} />
      <EntryExitTables view={view} />
    </div>
  );
}

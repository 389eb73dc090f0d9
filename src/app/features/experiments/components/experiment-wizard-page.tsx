import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { QueryError } from '../../../components/query-error.js';
import { SkeletonRows } from '../../../components/skeleton.js';
import { useConnection } from '../../../lib/connection-context.js';
import { propertiesQuery } from '../../../lib/properties-query.js';
import { useDashboardView } from '../../../lib/use-dashboard-view.js';
import type { WizardScope } from '../api/wizard-queries.js';
import { ExperimentWizard } from './wizard-shell.js';
import '../../../components/forms.css';
import './wizard.css';

export function ExperimentWizardPage() {
  const { connection, client } = useConnection();
  const properties = useQuery(propertiesQuery(connection));
  const view = useDashboardView();
  const { page } = useSearch({ from: '/experiments/new' });

  if (properties.error) return <QueryError error={properties.error} />;
  if (!properties.data) return <SkeletonRows rows={6} />;
  if (!view) {
    return (
      <section className="card empty">
        <h1>No properties yet</h1>
        <p>An experiment runs on a property's pages: create a property first, then come back.</p>
      </section>
    );
  }
  const scope: WizardScope = { connection, client, propertyId: view.property.id, timezone: view.timezone };
  return (
    <div className="wizard">
      <h1 className="page-title">New experiment <span className="muted">· {view.property.name}</span></h1>
      {/* Another property is another site: start over rather than carry its page and selectors along. */}
      <ExperimentWizard key={view.property.id} scope={scope} initialPage={page ?? ''} />
    </div>
  );
}

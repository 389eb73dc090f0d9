import { useSearch } from '@tanstack/react-router';
import { ViewGate } from '../../../components/view-gate.js';
import type { DashboardView } from '../../../lib/use-dashboard-view.js';
import { ExperimentWizard } from './wizard-shell.js';
import { useReportScope } from '../../../lib/report-scope.js';
import '../../../components/forms.css';
import './wizard.css';

export function ExperimentWizardPage() {
  return <ViewGate purpose="then come back to test changes on its pages">{(view) => <Wizard view={view} />}</ViewGate>;
}

function Wizard({ view }: { view: DashboardView }) {
  const { page } = useSearch({ from: '/experiments/new' });
  const scope = useReportScope(view);
  return (
    <div className="wizard">
      <h1 className="page-title">New experiment <span className="muted">· {view.property.name}</span></h1>
      {/* Another property is another site: start over rather than carry its page and selectors along. */}
      <ExperimentWizard key={view.property.id} scope={scope} initialPage={page ?? ''} />
    </div>
  );
}

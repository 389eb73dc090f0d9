import { RoleGate } from '../../../components/role-gate.js';
import { ViewGate } from '../../../components/view-gate.js';
import type { DashboardView } from '../../../lib/use-dashboard-view.js';
import { ExperimentWizard } from './wizard-shell.js';
import { useReportScope } from '../../../lib/report-scope.js';
import { wizardDraftKey } from './wizard-draft.js';
import '../../../components/forms.css';
import './wizard.css';

export function ExperimentWizardPage() {
  return <ViewGate purpose="then come back to test changes on its pages">{(view) => <Wizard view={view} />}</ViewGate>;
}

function Wizard({ view }: { view: DashboardView }) {
  const scope = useReportScope(view);
  return (
    <div className="wizard">
      <h1 className="page-title">
        New experiment <span className="muted">· {view.property.name}</span>
      </h1>
      {/* Another property is another site (another connection maybe another server): its own draft,
          rather than this one's page and selectors carried along. */}
      <RoleGate action="change split tests">
        <ExperimentWizard key={wizardDraftKey(scope.connection, scope.propertyId)} scope={scope} />
      </RoleGate>
    </div>
  );
}

import { RoleGate } from '../../../components/role-gate.js';
import { ViewGate } from '../../../components/view-gate.js';
import { useReportScope } from '../../../lib/report-scope.js';
import type { DashboardView } from '../../../lib/use-dashboard-view.js';
import { CreateGoalForm } from './create-goal-form.js';
import { GoalList } from './goal-list.js';
import { GoalsReportTable } from './goals-report-table.js';
import '../../../components/forms.css';
import './goals.css';

function Goals({ view }: { view: DashboardView }) {
  const scope = useReportScope(view);
  return (
    <div className="goals">
      <h1 className="page-title">
        Goals{' '}
        <span className="muted">
          · {view.property.name} · {view.timezone}
        </span>
      </h1>
      <GoalsReportTable view={view} />
      {/* The form and list are per property: a new property starts with its own (empty) goals. */}
      <div className="goals-manage" key={view.property.id}>
        <RoleGate action="change goals">
          <CreateGoalForm scope={scope} />
        </RoleGate>
        <GoalList scope={scope} />
      </div>
    </div>
  );
}

export function GoalsPage() {
  return <ViewGate purpose="the conversions you define show up here">{(view) => <Goals view={view} />}</ViewGate>;
}

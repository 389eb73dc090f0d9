import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { SavedFunnel } from '../../../../contract/funnels.js';
import type { DashboardView } from '../../../lib/use-dashboard-view.js';
import { ViewGate } from '../../../components/view-gate.js';
import { ApiError } from '../../../lib/api-error.js';
import { goalsListQueryOptions } from '../../goals/api/goals-queries.js';
import { funnelQueryOptions, observedPathsQueryOptions, type FunnelDefinition } from '../api/funnel-queries.js';
import { rememberFunnel } from '../utils/last-funnel.js';
import type { BuilderFunnel } from '../utils/saved-definition.js';
import { checkSteps, stepOfField } from '../utils/step-errors.js';
import { FunnelBuilder } from './funnel-builder.js';
import { FunnelChart } from './funnel-chart.js';
import { FunnelSankey } from './funnel-sankey.js';
import { FunnelSuggestions } from './funnel-suggestions.js';
import { SavedFunnels } from './saved-funnels.js';
import { useFunnelDraft, valueOf } from './use-funnel-draft.js';
import { useOpenOnArrival } from './use-open-on-arrival.js';
import { useReportScope } from '../../../lib/report-scope.js';
import '../../../components/forms.css';
import './funnels.css';

export function FunnelsPage() {
  return <ViewGate purpose="then come back to build a funnel">{(view) => <Funnels view={view} />}</ViewGate>;
}

function Funnels({ view }: { view: DashboardView }) {
  const scope = useReportScope(view);
  const funnel = useFunnelDraft();
  const observed = useQuery(observedPathsQueryOptions(scope, view.range));
  const goals = useQuery(goalsListQueryOptions(scope)).data?.data;
  const values = funnel.draft.map(valueOf);
  const check = checkSteps(values, goals && new Set(goals.map((g) => g.id)));
  // A goal step waits for the goals list, which tells a deleted goal (the server would answer 400).
  const waitingForGoals = goals === undefined && values.some((v) => typeof v !== 'string');
  const definition: FunnelDefinition | null =
    check.steps && !waitingForGoals ? { steps: check.steps, mode: funnel.mode, breakdownBy: funnel.breakdownBy } : null;
  // The key stands for "nothing to ask" while a step is invalid; the query is disabled then.
  const fallback: FunnelDefinition = { steps: [], mode: funnel.mode, breakdownBy: funnel.breakdownBy };
  // What Save keeps: the segment too, since the same funnel in another segment has other figures.
  const current: BuilderFunnel | null = check.steps
    ? { steps: check.steps, mode: funnel.mode, breakdownBy: funnel.breakdownBy, filters: view.filters }
    : null;
  const used = (f: SavedFunnel) => rememberFunnel(scope.connection, scope.propertyId, f.id);
  const open = (f: SavedFunnel, replace = false) => {
    used(f);
    funnel.open(f, { replace });
  };
  useOpenOnArrival(scope, funnel.nothingChosen, (f) => open(f, true));

  // Server errors that name a step belong to the steps they were made for; typing clears them.
  const [saveErrors, setSaveErrors] = useState<{ for: string; errors: Record<number, string> }>({
    for: '',
    errors: {},
  });
  const draftKey = JSON.stringify(values);
  const reportError = useQuery({
    ...funnelQueryOptions(scope, view.range, definition ?? fallback),
    enabled: false,
  }).error;
  const reportStep = reportError instanceof ApiError ? stepOfField(reportError.field) : null;
  const errors: Record<number, string> = {
    ...(saveErrors.for === draftKey ? saveErrors.errors : {}),
    ...(reportStep !== null && reportError ? { [reportStep]: reportError.message } : {}),
    ...check.errors,
  };

  return (
    <div className="funnels">
      <h1 className="page-title">
        Funnels{' '}
        <span className="muted">
          · {view.property.name} · {view.timezone}
        </span>
      </h1>
      <div className="funnels-top">
        <FunnelBuilder
          draft={funnel.draft}
          setDraft={funnel.setDraft}
          errors={errors}
          observedPaths={observed.data ?? []}
          goals={goals}
          mode={funnel.mode}
          setMode={funnel.setMode}
          breakdownBy={funnel.breakdownBy}
          setBreakdown={funnel.setBreakdown}
          onNew={funnel.clear}
        />
        <div className="funnels-side">
          <FunnelSuggestions
            scope={scope}
            observedPaths={observed.data ?? []}
            firstStep={check.steps?.[0]?.page}
            onUse={(steps) => funnel.load(steps, 'sequential')}
          />
          <SavedFunnels
            scope={scope}
            current={current}
            onOpen={(f) => open(f)}
            onSaved={used}
            onStepError={(i, message) =>
              setSaveErrors((s) => ({
                for: draftKey,
                errors: { ...(s.for === draftKey ? s.errors : {}), [i]: message },
              }))
            }
          />
        </div>
      </div>
      <FunnelChart view={view} scope={scope} definition={definition} fallback={fallback} loading={waitingForGoals} />
      <FunnelSankey view={view} scope={scope} definition={definition} fallback={fallback} />
    </div>
  );
}

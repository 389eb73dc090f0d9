import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { METRIC_TARGET_GOALS, type WizardValues } from './wizard-form.js';
import { inputId } from './wizard-field.js';
import { GoalTargetField } from './wizard-goal-target.js';
import { WizardGoalSelect } from './wizard-goal-select.js';
import { type ReportScope } from '../../../lib/report-scope.js';

interface Props {
  index: number;
  scope: ReportScope;
  onRemove(): void;
}

/** One more metric: what it counts (the goal picker's own choices and targets), and whether it guards the call. */
export function WizardMetricRow({ index, scope, onRemove }: Props) {
  const { control } = useFormContext<WizardValues>();
  const row = `metrics.${index}` as const;
  const goal = useWatch({ control, name: `${row}.goal` });
  const title = `Metric ${index + 1}`;
  return (
    <fieldset className="wizard-metric" data-metric={index}>
      <legend>{title}</legend>
      {/* A repeat of the goal or of another metric is blamed here (wizard-field-paths.ts). */}
      <WizardGoalSelect label="What to measure" path={`${row}.goal`} current={goal} />
      {METRIC_TARGET_GOALS.includes(goal) && <GoalTargetField goal={goal} path={`${row}.goal_target`} scope={scope} />}
      <div className="wizard-metric-foot">
        <Controller
          control={control}
          name={`${row}.role`}
          render={({ field }) => (
            <label className="wizard-check" htmlFor={inputId(`${row}.role`)}>
              <input
                type="checkbox"
                id={inputId(`${row}.role`)}
                ref={field.ref}
                name={field.name}
                checked={field.value === 'guardrail'}
                onChange={(e) => field.onChange(e.target.checked ? 'guardrail' : 'secondary')}
                onBlur={field.onBlur}
              />{' '}
              Guardrail: never call a variant that makes this worse
            </label>
          )}
        />
        <button type="button" className="button small wizard-remove" onClick={onRemove} aria-label={`Remove ${title}`}>
          Remove
        </button>
      </div>
    </fieldset>
  );
}

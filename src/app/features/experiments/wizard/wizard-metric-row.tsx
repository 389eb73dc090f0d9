import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { goals } from '../../../../contract/experiments.js';
import { METRIC_TARGET_GOALS, type WizardValues } from './wizard-form.js';
import { inputId, WizardField } from './wizard-field.js';
import { GOAL_WORDS } from './wizard-review-words.js';
import { GoalTargetField, targetSurvivesSwitch } from './wizard-goal-target.js';
import { type ReportScope } from '../../../lib/report-scope.js';

interface Props {
  index: number;
  scope: ReportScope;
  onRemove(): void;
}

/** One more metric: what it counts (the goal picker's own choices and targets), and whether it guards the call. */
export function WizardMetricRow({ index, scope, onRemove }: Props) {
  const { control, register, setValue } = useFormContext<WizardValues>();
  const row = `metrics.${index}` as const;
  const goal = useWatch({ control, name: `${row}.goal` });
  const title = `Metric ${index + 1}`;
  const switchTarget = (next: string) => {
    if (!targetSurvivesSwitch(goal, next)) setValue(`${row}.goal_target`, '');
  };
  return (
    <fieldset className="wizard-metric" data-metric={index}>
      <legend>{title}</legend>
      {/* A repeat of the goal or of another metric is blamed here (wizard-field-paths.ts). */}
      <WizardField label="What to measure" path={`${row}.goal`}>
        {(aria) => (
          <select {...aria} {...register(`${row}.goal`, { onChange: (e) => switchTarget(e.target.value) })}>
            {goals.map((g) => (
              <option key={g} value={g}>
                {GOAL_WORDS[g]}
              </option>
            ))}
          </select>
        )}
      </WizardField>
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

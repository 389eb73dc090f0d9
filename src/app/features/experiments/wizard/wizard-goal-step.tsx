import { useFormContext, useWatch } from 'react-hook-form';
import { MAX_AUTO_STOP_DAYS, MAX_MIN_DAYS } from '../../../../contract/experiments.js';
import { countsRevenue, TARGET_GOALS, type WizardValues } from './wizard-form.js';
import { WizardField } from './wizard-field.js';
import { GoalTargetField } from './wizard-goal-target.js';
import { WizardGoalSelect } from './wizard-goal-select.js';
import { WizardCurrencyPicker } from './wizard-currency-picker.js';
import { WizardMetricRows } from './wizard-metric-rows.js';
import { type ReportScope } from '../../../lib/report-scope.js';

/** Step 4: what counts as success, what else to watch, and whether the test stops by itself. */
export function WizardGoalStep({ scope }: { scope: ReportScope }) {
  const { control, register } = useFormContext<WizardValues>();
  const [goal, metrics] = useWatch({ control, name: ['goal', 'metrics'] });
  const autoStop = useWatch({ control, name: 'auto_stop' });

  return (
    <>
      <WizardGoalSelect label="Goal" path="goal" current={goal} hint="What a variant has to improve to win." />
      {TARGET_GOALS.includes(goal) && <GoalTargetField goal={goal} path="goal_target" scope={scope} />}
      {goal === 'revenue' && <WizardCurrencyPicker />}
      <WizardMetricRows scope={scope} />
      {/* One currency per test: asked here when only a metric counts revenue. */}
      {goal !== 'revenue' && countsRevenue({ goal, metrics }) && <WizardCurrencyPicker />}
      <fieldset className="wizard-type">
        <legend>Auto-stop</legend>
        <label>
          <input type="radio" value="manual" {...register('auto_stop', { deps: ['auto_stop_days'] })} /> Run until I
          stop it
        </label>
        <label>
          <input type="radio" value="days" {...register('auto_stop', { deps: ['auto_stop_days'] })} /> Stop by itself
          after a number of days
        </label>
      </fieldset>
      {autoStop === 'days' && (
        <WizardField label="Days until it stops" path="auto_stop_days" hint={`From 1 to ${MAX_AUTO_STOP_DAYS}.`}>
          {(aria) => (
            <input
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_AUTO_STOP_DAYS}
              {...aria}
              {...register('auto_stop_days')}
            />
          )}
        </WizardField>
      )}
      <fieldset className="wizard-type">
        <legend>Plan</legend>
        <p className="muted small">
          The test is sized to find a change this large with 80% power, from the page’s last 28 days; a smaller change
          needs many more visitors. No winner is called before the minimum days, so every weekday is in the sample.
        </p>
        <WizardField
          label="Smallest change worth finding (%)"
          path="minimum_detectable_effect"
          hint="Relative to the page's current rate or value: 10 means 5% → 5.5%."
        >
          {(aria) => (
            <input
              type="number"
              inputMode="decimal"
              min={1}
              max={200}
              {...aria}
              {...register('minimum_detectable_effect')}
            />
          )}
        </WizardField>
        <WizardField label="Days before a call" path="min_days" hint={`From 1 to ${MAX_MIN_DAYS}.`}>
          {(aria) => (
            <input type="number" inputMode="numeric" min={1} max={MAX_MIN_DAYS} {...aria} {...register('min_days')} />
          )}
        </WizardField>
      </fieldset>
    </>
  );
}

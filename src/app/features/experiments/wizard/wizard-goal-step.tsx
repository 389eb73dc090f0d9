import { useFormContext, useWatch } from 'react-hook-form';
import {
  DEFAULT_SESSION_TIME_SECONDS,
  goals,
  MAX_AUTO_STOP_DAYS,
  MAX_MIN_DAYS,
} from '../../../../contract/experiments.js';
import { TARGET_GOALS, type Goal, type WizardValues } from './wizard-form.js';
import { WizardField } from './wizard-field.js';
import { GOAL_WORDS } from './wizard-review-words.js';
import { WizardGoalPicker } from './wizard-goal-picker.js';
import { WizardCurrencyPicker } from './wizard-currency-picker.js';
import { type ReportScope } from '../../../lib/report-scope.js';

const TARGET: Partial<Record<Goal, { label: string; hint: string; placeholder: string }>> = {
  destination_page: {
    label: 'Page to reach (path)',
    hint: 'A visit counts when the visitor reaches this page afterwards.',
    placeholder: '/signup',
  },
  external_destination: {
    label: 'External URL or host',
    hint: 'A URL prefix with its scheme (https://…) or a host name.',
    placeholder: 'https://shop.example/checkout',
  },
  session_time: {
    label: 'Seconds a session must last',
    hint: `Whole seconds; ${DEFAULT_SESSION_TIME_SECONDS} when left empty.`,
    placeholder: String(DEFAULT_SESSION_TIME_SECONDS),
  },
};

/** Step 4: what counts as success, and whether the test stops by itself. */
export function WizardGoalStep({ scope }: { scope: ReportScope }) {
  const { control, register, setValue } = useFormContext<WizardValues>();
  const goal = useWatch({ control, name: 'goal' });
  const autoStop = useWatch({ control, name: 'auto_stop' });
  const target = TARGET_GOALS.includes(goal) ? TARGET[goal] : undefined;
  // A path or a number typed for another goal is no goal's id, and a goal's id is no path: start empty.
  const switchTarget = (next: string) => {
    if (next === 'goal' || goal === 'goal') setValue('goal_target', '');
  };

  return (
    <>
      <WizardField label="Goal" path="goal" hint="What a variant has to improve to win.">
        {(aria) => (
          <select {...aria} {...register('goal', { onChange: (e) => switchTarget(e.target.value) })}>
            {goals.map((g) => (
              <option key={g} value={g}>
                {GOAL_WORDS[g]}
              </option>
            ))}
          </select>
        )}
      </WizardField>
      {goal === 'goal' && <WizardGoalPicker scope={scope} />}
      {goal === 'revenue' && <WizardCurrencyPicker />}
      {target && (
        <WizardField label={target.label} path="goal_target" hint={target.hint}>
          {(aria) => (
            <input
              type="text"
              placeholder={target.placeholder}
              spellCheck={false}
              {...aria}
              {...register('goal_target')}
            />
          )}
        </WizardField>
      )}
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

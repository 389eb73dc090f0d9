import { useFormContext } from 'react-hook-form';
import { DEFAULT_SESSION_TIME_SECONDS } from '../../../../contract/experiments.js';
import type { Goal, WizardValues } from './wizard-form.js';
import { WizardField } from './wizard-field.js';
import { WizardGoalPicker } from './wizard-goal-picker.js';
import { type ReportScope } from '../../../lib/report-scope.js';

/** Where a goal's target sits: the test's own, or one of its more metrics'. */
export type TargetPath = 'goal_target' | `metrics.${number}.goal_target`;

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

/**
 * A path or a number typed for another goal is no goal's id, and a goal's id is no path: switching
 * to or from the `goal` goal starts the target empty.
 */
export const targetSurvivesSwitch = (from: Goal, to: string) => from !== 'goal' && to !== 'goal';

/** What a goal counts, when it needs naming: one of the property's goals, or a path, URL or seconds. */
export function GoalTargetField({ goal, path, scope }: { goal: Goal; path: TargetPath; scope: ReportScope }) {
  const { register } = useFormContext<WizardValues>();
  if (goal === 'goal') return <WizardGoalPicker scope={scope} path={path} />;
  const target = TARGET[goal];
  if (!target) return null;
  return (
    <WizardField label={target.label} path={path} hint={target.hint}>
      {(aria) => (
        <input type="text" placeholder={target.placeholder} spellCheck={false} {...aria} {...register(path)} />
      )}
    </WizardField>
  );
}

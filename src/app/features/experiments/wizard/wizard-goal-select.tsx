import { useFormContext } from 'react-hook-form';
import { goals } from '../../../../contract/experiments.js';
import type { WizardValues } from './wizard-form.js';
import { WizardField } from './wizard-field.js';
import { GOAL_WORDS } from './wizard-review-words.js';
import { targetSurvivesSwitch } from './wizard-goal-target.js';

type Goal = (typeof goals)[number];

interface Props {
  label: string;
  hint?: string;
  /** The goal's field (`goal`, `metrics.N.goal`); its target is the sibling `…goal_target`. */
  path: 'goal' | `metrics.${number}.goal`;
  /** The goal picked now, to clear a target the next goal cannot use. */
  current: Goal;
}

/** A goal picker (the test's own, or a metric's): the goals in a marketer's words. */
export function WizardGoalSelect({ label, hint, path, current }: Props) {
  const { register, setValue } = useFormContext<WizardValues>();
  const target = path === 'goal' ? 'goal_target' : (`${path}_target` as `metrics.${number}.goal_target`);
  const switchTarget = (next: string) => {
    if (!targetSurvivesSwitch(current, next)) setValue(target, '');
  };
  return (
    <WizardField label={label} path={path} hint={hint}>
      {(aria) => (
        <select {...aria} {...register(path, { onChange: (e) => switchTarget(e.target.value) })}>
          {goals.map((g) => (
            <option key={g} value={g}>
              {GOAL_WORDS[g]}
            </option>
          ))}
        </select>
      )}
    </WizardField>
  );
}

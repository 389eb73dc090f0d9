import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useFormContext } from 'react-hook-form';
import { goalsListQueryOptions } from '../../goals/api/goals-queries.js';
import { goalDefinitionWords } from '../../goals/utils/goal-words.js';
import type { WizardValues } from './wizard-form.js';
import { WizardField } from './wizard-field.js';
import { type ReportScope } from '../../../lib/report-scope.js';
import type { TargetPath } from './wizard-goal-target.js';

/** The property's goals (the Goals page's own list) to pick the test's goal (or a metric's) from; its id is the target. */
export function WizardGoalPicker({ scope, path = 'goal_target' }: { scope: ReportScope; path?: TargetPath }) {
  const { register } = useFormContext<WizardValues>();
  const goals = useQuery(goalsListQueryOptions(scope));
  const list = goals.data?.data ?? [];
  const toGoals = (
    <Link to="/goals" search={({ step: _step, page: _page, ...root }) => root}>
      Goals
    </Link>
  );
  const hint = goals.isPending ? (
    'Loading your goals…'
  ) : goals.isError ? (
    'Your goals could not be loaded; reload to try again.'
  ) : list.length === 0 ? (
    <>This property has no goals yet: add one on {toGoals}, then come back (this draft is kept).</>
  ) : (
    <>A visit converts when the visitor reaches this goal after seeing the variant. Manage them on {toGoals}.</>
  );
  return (
    <WizardField label="Your goal" path={path} hint={hint}>
      {(aria) => (
        <select {...aria} {...register(path)}>
          <option value="">Choose a goal…</option>
          {list.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name} · {goalDefinitionWords(g)}
            </option>
          ))}
        </select>
      )}
    </WizardField>
  );
}

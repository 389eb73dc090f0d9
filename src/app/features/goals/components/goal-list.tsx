import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { MAX_GOALS, type Goal } from '../../../../contract/goals.js';
import { QueryError } from '../../../components/query-error.js';
import { SkeletonRows } from '../../../components/skeleton.js';
import { editFilters } from '../../../lib/filter-search.js';
import { formatDate } from '../../../lib/format.js';
import type { ReportScope } from '../../../lib/report-scope.js';
import { useCan } from '../../../lib/session-role.js';
import { useDeleteGoal } from '../api/goal-mutations.js';
import { goalsListQueryOptions } from '../api/goals-queries.js';
import { goalWriteErrorWords } from '../utils/goal-error-words.js';
import { goalDimension, withoutGoal } from '../utils/goal-filter.js';
import { goalDefinitionWords } from '../utils/goal-words.js';
import { DeleteGoalDialog } from './delete-goal-dialog.js';

/** The property's goals as defined (whatever the range), each deletable after a confirmation (editor and up). */
export function GoalList({ scope }: { scope: ReportScope }) {
  const goals = useQuery(goalsListQueryOptions(scope));
  const canDelete = useCan('change goals').allowed;
  const remove = useDeleteGoal(scope);
  const [confirming, setConfirming] = useState<Goal | null>(null);
  const navigate = useNavigate();
  const close = () => {
    setConfirming(null);
    remove.reset();
  };
  // The deleted goal's button is gone with it; focus goes to the list instead of the page's top.
  const deleted = (goal: Goal) => {
    close();
    const dimension = goalDimension;
    if (dimension)
      void navigate({
        to: '.',
        search: editFilters((f) => withoutGoal(f, dimension, goal.name)),
        replace: true,
        resetScroll: false,
      });
    document.getElementById('goal-list-title')?.focus();
  };
  const list = goals.data?.data;
  return (
    <section className="card goal-list" aria-labelledby="goal-list-title">
      <h2 id="goal-list-title" tabIndex={-1}>
        Your goals{' '}
        {list && (
          <span className="muted">
            · {list.length} of {MAX_GOALS}
          </span>
        )}
      </h2>
      {goals.error ? (
        <QueryError error={goals.error} propertyId={scope.propertyId} />
      ) : !list ? (
        <SkeletonRows rows={3} />
      ) : list.length === 0 ? (
        <p className="muted">None yet{canDelete ? ': the goals you add appear here' : ''}.</p>
      ) : (
        <ul className="goal-items">
          {list.map((g) => (
            <li key={g.id} className="goal-item" data-goal-item={g.name}>
              <div>
                <p className="goal-item-name">{g.name}</p>
                <p className="muted small">
                  {goalDefinitionWords(g)} · added {formatDate(g.created_at.slice(0, 10))}
                </p>
              </div>
              {canDelete && (
                <button
                  type="button"
                  className="button small"
                  onClick={() => setConfirming(g)}
                  aria-label={`Delete ${g.name}`}
                >
                  Delete
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {confirming && (
        <DeleteGoalDialog
          goal={confirming}
          pending={remove.isPending}
          error={remove.error ? goalWriteErrorWords(remove.error, scope.connection, scope.propertyId) : undefined}
          onConfirm={() => remove.mutate(confirming.id, { onSuccess: () => deleted(confirming) })}
          onCancel={close}
        />
      )}
    </section>
  );
}

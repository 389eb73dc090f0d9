import type { Goal } from '../../../../contract/goals.js';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { goalDefinitionWords } from '../utils/goal-words.js';

interface Props {
  goal: Goal;
  pending: boolean;
  /** The refused delete in words, shown inside the dialog. */
  error: string | undefined;
  onConfirm(): void;
  onCancel(): void;
}

/** The confirmation before a goal goes. */
export function DeleteGoalDialog({ goal, pending, error, onConfirm, onCancel }: Props) {
  return (
    <ConfirmDialog
      title={<>Delete the goal “{goal.name}”?</>}
      confirmLabel="Delete goal"
      pendingLabel="Deleting…"
      pending={pending}
      error={
        error && (
          <p className="error" role="alert">
            {error}
          </p>
        )
      }
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>
        It leaves the Goals report ({goalDefinitionWords(goal)}). The visits and events it counted stay: a new goal with
        the same definition shows them again.
      </p>
    </ConfirmDialog>
  );
}

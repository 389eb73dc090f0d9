import { useEffect, useRef } from 'react';
import type { Goal } from '../../../../contract/goals.js';
import { goalDefinitionWords } from '../utils/goal-words.js';

interface Props {
  goal: Goal;
  pending: boolean;
  /** The refused delete in words, shown inside the dialog. */
  error: string | undefined;
  onConfirm(): void;
  onCancel(): void;
}

/** A modal confirmation (native <dialog>: focus stays inside, Escape cancels) before a goal goes. */
export function DeleteGoalDialog({ goal, pending, error, onConfirm, onCancel }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog ref={ref} className="card goal-dialog" aria-labelledby="delete-goal-title" aria-describedby="delete-goal-text" onCancel={onCancel}>
      <h2 id="delete-goal-title">Delete the goal “{goal.name}”?</h2>
      <p id="delete-goal-text">
        It leaves the Goals report ({goalDefinitionWords(goal)}). The visits and events it counted stay: a new goal with the same definition
        shows them again.
      </p>
      {error && <p className="error" role="alert">{error}</p>}
      <div className="form-actions">
        <button type="button" className="button danger" onClick={onConfirm} disabled={pending}>
          {pending ? 'Deleting…' : 'Delete goal'}
        </button>
        <button type="button" className="button" onClick={onCancel} autoFocus>Cancel</button>
      </div>
    </dialog>
  );
}

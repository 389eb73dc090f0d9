import { useEffect, useId, useRef, type ReactNode } from 'react';
import './confirm-dialog.css';

interface Props {
  /** The question, e.g. "Delete the goal “Signup”?" */
  title: ReactNode;
  /** What happens on confirming, in words. */
  children: ReactNode;
  /** The confirming button's words ("Delete goal") and its words while the change is under way ("Deleting…"). */
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** Why the change was refused, shown inside the dialog. */
  error?: ReactNode;
  onConfirm(): void;
  onCancel(): void;
  testId?: string;
}

/**
 * A modal confirmation before something that cannot be taken back: a native <dialog> (focus stays
 * inside, Escape cancels), Cancel focused first so a stray Enter keeps things as they are.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  pendingLabel,
  pending,
  error,
  onConfirm,
  onCancel,
  testId,
}: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className="card confirm-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={onCancel}
      data-testid={testId}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <div id={`${id}-text`}>{children}</div>
      {error}
      <div className="form-actions">
        <button type="button" className="button danger" onClick={onConfirm} disabled={pending}>
          {pending ? pendingLabel : confirmLabel}
        </button>
        <button type="button" className="button" onClick={onCancel} autoFocus>
          Cancel
        </button>
      </div>
    </dialog>
  );
}

import { useEffect, useRef } from 'react';
import type { ApiKeySummary } from '../../../../contract/admin.js';
import { QueryError } from '../../../components/query-error.js';

/** A modal confirmation (native <dialog>: focus stays inside, Escape cancels) before a key stops working. */
export function RevokeDialog({ apiKey, pending, error, onConfirm, onCancel }: { apiKey: ApiKeySummary; pending: boolean; error: unknown; onConfirm: () => void; onCancel: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog ref={ref} className="card revoke-dialog" aria-labelledby="revoke-title" onCancel={onCancel}>
      <h2 id="revoke-title">Revoke “{apiKey.name}”?</h2>
      <p>
        The key <code>{apiKey.prefix}…</code> stops working immediately: every script or dashboard using it gets “401 unauthorized” from
        its next request. This cannot be undone.
      </p>
      {error ? <QueryError error={error} /> : null}
      <div className="form-actions">
        <button type="button" className="button danger" onClick={onConfirm} disabled={pending}>
          {pending ? 'Revoking…' : 'Revoke key'}
        </button>
        <button type="button" className="button" onClick={onCancel} autoFocus>Cancel</button>
      </div>
    </dialog>
  );
}

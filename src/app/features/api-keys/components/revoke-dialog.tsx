import type { ApiKeySummary } from '../../../../contract/admin.js';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { QueryError } from '../../../components/query-error.js';

/** The confirmation before a key stops working. */
export function RevokeDialog({
  apiKey,
  pending,
  error,
  onConfirm,
  onCancel,
}: {
  apiKey: ApiKeySummary;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog
      title={<>Revoke “{apiKey.name}”?</>}
      confirmLabel="Revoke key"
      pendingLabel="Revoking…"
      pending={pending}
      error={error ? <QueryError error={error} /> : null}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>
        The key <code>{apiKey.prefix}…</code> stops working immediately: every script or dashboard using it gets “401
        unauthorized” from its next request. This cannot be undone.
      </p>
    </ConfirmDialog>
  );
}

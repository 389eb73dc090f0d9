import { useState } from 'react';
import type { AdminProperty } from '../../../../contract/admin.js';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { ApiError } from '../../../lib/api-error.js';
import { useDeleteProperty } from '../api/property-admin.js';

/**
 * Deleting a property, after its name is typed: only one that never received an event can go (the
 * server refuses the rest, docs/decisions.md), and its id is never given again.
 */
export function DeletePropertyDialog({
  property,
  onClose,
  onDeleted,
}: {
  property: AdminProperty;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteProperty();
  const [typed, setTyped] = useState('');
  const [unconfirmed, setUnconfirmed] = useState(false);
  const matches = typed.trim() === property.name.trim();
  const refused =
    remove.error instanceof ApiError
      ? remove.error.message
      : remove.error
        ? 'The property could not be deleted.'
        : null;

  return (
    <ConfirmDialog
      title={<>Delete the property “{property.name}”?</>}
      confirmLabel="Delete property"
      pendingLabel="Deleting…"
      pending={remove.isPending}
      error={
        refused || (unconfirmed && !matches) ? (
          <p className="error" role="alert">
            {refused ?? 'Type the property’s name exactly to delete it.'}
          </p>
        ) : null
      }
      onCancel={onClose}
      onConfirm={() => {
        if (!matches) return setUnconfirmed(true);
        remove.mutate(property.id, { onSuccess: onDeleted });
      }}
      testId="delete-property-dialog"
    >
      <p>
        This removes {property.name} (<code>{property.id}</code>) from the dashboard, with its goals, saved funnels and
        split tests. Only a property that has never received an event can be deleted: one with data keeps it, and is
        refused. The id {property.id} will not be given to a new property.
      </p>
      <label className="form-field">
        <span>Type {property.name} to confirm</span>
        <input
          type="text"
          autoComplete="off"
          spellCheck={false}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          aria-invalid={unconfirmed && !matches}
        />
      </label>
    </ConfirmDialog>
  );
}

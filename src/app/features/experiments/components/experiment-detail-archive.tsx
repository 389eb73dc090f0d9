import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { ExperimentDetail } from '../../../../contract/experiments.js';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { QueryError } from '../../../components/query-error.js';
import { useArchiveExperiment, useDeleteExperiment, type ExperimentsScope } from '../api/experiments-queries.js';

/**
 * What can become of a complete test: archived (out of the list, still here and restorable) or
 * deleted for good, after a confirmation. A running test gets neither: it still decides what visitors see.
 */
export function ExperimentDetailArchive({ scope, detail }: { scope: ExperimentsScope; detail: ExperimentDetail }) {
  const id = detail.experiment_id;
  const archive = useArchiveExperiment(scope, id);
  const remove = useDeleteExperiment(scope, id);
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const archived = !!detail.archived_at;
  const close = () => {
    setConfirming(false);
    remove.reset();
  };
  return (
    <div className="experiment-archive">
      <div className="form-actions">
        <button type="button" className="button" onClick={() => archive.mutate(!archived)} disabled={archive.isPending}>
          {archive.isPending ? (archived ? 'Restoring…' : 'Archiving…') : archived ? 'Restore to the list' : 'Archive'}
        </button>
        <button type="button" className="button danger" onClick={() => setConfirming(true)}>
          Delete…
        </button>
      </div>
      <p className="muted small">
        {archived
          ? 'Restoring brings it back to the experiments list.'
          : 'Archiving takes it off the experiments list (the Archived filter still shows it); its results stay here.'}
      </p>
      {archive.error ? <QueryError error={archive.error} propertyId={scope.propertyId} /> : null}
      {confirming && (
        <ConfirmDialog
          title={<>Delete the experiment “{detail.name}”?</>}
          confirmLabel="Delete experiment"
          pendingLabel="Deleting…"
          pending={remove.isPending}
          error={remove.error ? <QueryError error={remove.error} propertyId={scope.propertyId} /> : null}
          onCancel={close}
          onConfirm={() =>
            remove.mutate(undefined, {
              onSuccess: () => navigate({ to: '/experiments', search: (s) => ({ ...s, status: 'all' as const }) }),
            })
          }
          testId="delete-experiment-dialog"
        >
          <p>
            Its settings and results go for good; this cannot be undone. The visits it counted stay in your other
            reports. To keep the results out of the way instead, archive it.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}

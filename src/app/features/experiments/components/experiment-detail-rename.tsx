import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { updateExperimentBody } from '../../../../contract/experiments.js';
import { useUpdateExperiment, type ExperimentsScope } from '../api/experiments-queries.js';
import { applyServerError, friendlyIssue } from './experiment-detail-form-errors.js';

type Input = z.input<typeof updateExperimentBody>;
type Output = z.output<typeof updateExperimentBody>;

/** Renames an active test; the same rules as the server (1–200 characters after trimming). */
interface Props {
  scope: ExperimentsScope;
  experimentId: string;
  name: string;
  /** The test turned out to be complete already (409): the page shows why instead of this form. */
  onConflict: () => void;
}

export function ExperimentDetailRename({ scope, experimentId, name, onConflict }: Props) {
  const update = useUpdateExperiment(scope, experimentId);
  const { register, handleSubmit, setError, formState } = useForm<Input, unknown, Output>({
    resolver: zodResolver(updateExperimentBody, { error: friendlyIssue }),
    defaultValues: { name },
  });
  const onSubmit = (body: Output) =>
    update.mutateAsync({ name: body.name }).catch((error: unknown) => applyServerError(error, setError, ['name'], onConflict));
  const err = formState.errors;

  return (
    <form className="experiment-form" onSubmit={handleSubmit(onSubmit)} noValidate aria-labelledby="rename-title">
      <h3 id="rename-title">Rename</h3>
      {/* The label names the field; help and errors sit outside it, so they describe rather than rename it. */}
      <div className="form-field">
        <label htmlFor="rename-name">Name</label>
        <input id="rename-name" type="text" autoComplete="off" aria-invalid={!!err.name} aria-describedby="rename-error" {...register('name')} />
        <span id="rename-error" className="field-error">{err.name?.message}</span>
      </div>
      {err.root?.server && <p className="field-error" role="alert">{err.root.server.message}</p>}
      <div className="form-actions">
        <button type="submit" className="button" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Saving…' : 'Save name'}
        </button>
        <span role="status" className="muted small">{update.isSuccess ? 'Name saved.' : ''}</span>
      </div>
    </form>
  );
}

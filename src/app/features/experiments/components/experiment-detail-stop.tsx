import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { stopExperimentBody } from '../../../../contract/experiments.js';
import { useStopExperiment, type ExperimentsScope } from '../api/experiments-queries.js';
import { applyServerError, friendlyIssue } from './experiment-detail-form-errors.js';

// The contract's body is optional as a whole (a bare POST is allowed); the form always sends the object.
const stopBody = stopExperimentBody.unwrap();
type Input = z.input<typeof stopBody>;
type Output = z.output<typeof stopBody>;

/** Stopping is final, so it takes two steps: open the confirmation, then confirm with a reason. */
export function ExperimentDetailStop({
  scope,
  experimentId,
  onConflict,
}: {
  scope: ExperimentsScope;
  experimentId: string;
  onConflict: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const stop = useStopExperiment(scope, experimentId);
  const { register, handleSubmit, setError, formState } = useForm<Input, unknown, Output>({
    resolver: zodResolver(stopBody, { error: friendlyIssue }),
    defaultValues: { reason: undefined },
  });
  const onSubmit = (body: Output) =>
    stop.mutateAsync(body).catch((error: unknown) => applyServerError(error, setError, ['reason'], onConflict));
  const err = formState.errors;

  if (!confirming) {
    return (
      <div className="experiment-form">
        <h3>Stop the test</h3>
        <p className="muted small">Ends the test for every visitor; they all see the original page again.</p>
        <div className="form-actions">
          <button type="button" className="button danger" onClick={() => setConfirming(true)}>
            Stop test…
          </button>
        </div>
      </div>
    );
  }
  return (
    <form className="experiment-form confirm" onSubmit={handleSubmit(onSubmit)} noValidate aria-labelledby="stop-title">
      <h3 id="stop-title">Stop the test for good?</h3>
      <p className="warning-text">
        A stopped test cannot be restarted: its figures freeze and every visitor sees the original page again.
      </p>
      <div className="form-field">
        <label htmlFor="stop-reason">Reason (optional)</label>
        <textarea
          id="stop-reason"
          rows={2}
          aria-invalid={!!err.reason}
          aria-describedby="stop-help stop-error"
          autoFocus
          {...register('reason', {
            setValueAs: (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : undefined),
          })}
        />
        <span id="stop-help" className="muted small">
          Kept with the test, e.g. "Variant B won" or "Page redesigned". Without one it is recorded as stopped manually.
        </span>
        <span id="stop-error" className="field-error">
          {err.reason?.message}
        </span>
      </div>
      {err.root?.server && (
        <p className="field-error" role="alert">
          {err.root.server.message}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button danger" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Stopping…' : 'Stop the test'}
        </button>
        <button type="button" className="button" onClick={() => setConfirming(false)} disabled={formState.isSubmitting}>
          Cancel
        </button>
      </div>
    </form>
  );
}

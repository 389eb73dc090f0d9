import { useState } from 'react';
import { flushSync } from 'react-dom';
import { MAX_AUTO_STOP_DAYS } from '../../../../contract/experiments.js';
import { formatInteger } from '../../../lib/format.js';
import type { ExperimentsScope } from '../api/experiments-queries.js';
import { SaveFooter, useExperimentUpdateForm } from './experiment-detail-update-form.js';

interface Props {
  scope: ExperimentsScope;
  experimentId: string;
  autoStopDays: number | null;
  /** Whole days the test has run, so a limit already behind it can be confirmed first. */
  daysRun: number;
  onConflict: () => void;
}

/**
 * Sets, changes or clears (empty field) the days after which the test stops by itself. The server
 * completes a test the moment its limit is behind it, over the figures up to that day, for good; so a
 * limit of at most the days run takes a second, explicit step, like "Stop test…".
 */
export function ExperimentDetailAutoStop({ scope, experimentId, autoStopDays, daysRun, onConflict }: Props) {
  // The value the confirmation was asked for; editing the field to another value withdraws it.
  const [askedFor, setAskedFor] = useState<number | null>(null);
  const endsNow = (v: unknown): v is number => typeof v === 'number' && v <= daysRun;
  const { form, onSubmit, confirm, saved } = useExperimentUpdateForm(
    scope,
    experimentId,
    'auto_stop_days',
    autoStopDays,
    onConflict,
    (v) => {
      if (!endsNow(v)) return false;
      setAskedFor(v);
      return true;
    },
  );
  const { register, formState, watch, setFocus } = form;
  const err = formState.errors;
  const days = watch('auto_stop_days');
  const confirming = askedFor !== null && askedFor === days;
  // Remove the question first, then focus the field, so the vanishing button can't take focus with it.
  const keepEditing = () => {
    flushSync(() => setAskedFor(null));
    setFocus('auto_stop_days');
  };

  return (
    <form
      className={`experiment-form ${confirming ? 'confirm' : ''}`}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="auto-stop-title"
    >
      <h3 id="auto-stop-title">Auto-stop</h3>
      <div className="form-field">
        <label htmlFor="auto-stop-days">Stop automatically after (days)</label>
        <input
          id="auto-stop-days"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_AUTO_STOP_DAYS}
          step={1}
          aria-invalid={!!err.auto_stop_days}
          aria-describedby="auto-stop-help auto-stop-error"
          {...register('auto_stop_days', {
            setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v)),
          })}
        />
        <span id="auto-stop-help" className="muted small">
          1 to {formatInteger(MAX_AUTO_STOP_DAYS)} days from the start; leave empty to run until you stop it. It has run{' '}
          {formatInteger(daysRun)} {daysRun === 1 ? 'day' : 'days'} so far.
        </span>
        <span id="auto-stop-error" className="field-error">
          {err.auto_stop_days?.message}
        </span>
      </div>
      {confirming ? (
        <p className="warning-text" role="alert" data-testid="auto-stop-confirm">
          This ends the test now, with results up to day {formatInteger(askedFor)}. It has already run{' '}
          {formatInteger(daysRun)} days; a stopped test cannot be restarted, and the figures after day{' '}
          {formatInteger(askedFor)} are left out.
        </p>
      ) : (
        endsNow(days) &&
        !err.auto_stop_days && (
          <p className="warning-text">This test has already run that long: saving stops it now, for good.</p>
        )
      )}
      <SaveFooter
        formState={formState}
        label={endsNow(days) ? 'Save auto-stop…' : 'Save auto-stop'}
        savedText="Auto-stop saved."
        saved={saved}
      >
        {confirming && (
          <>
            <button
              type="button"
              className="button danger"
              onClick={() => void confirm()}
              disabled={formState.isSubmitting}
            >
              {formState.isSubmitting ? 'Stopping…' : `Stop the test at day ${formatInteger(askedFor)}`}
            </button>
            {/* Focus lands on the safe choice: the Save button it replaces is gone. */}
            <button type="button" className="button" onClick={keepEditing} disabled={formState.isSubmitting} autoFocus>
              Keep editing
            </button>
          </>
        )}
      </SaveFooter>
    </form>
  );
}

import { MAX_AUTO_STOP_DAYS } from '../../../../contract/experiments.js';
import { formatInteger } from '../../../lib/format.js';
import type { ExperimentsScope } from '../api/experiments-queries.js';
import { SaveFooter, useExperimentUpdateForm } from './experiment-detail-update-form.js';

interface Props {
  scope: ExperimentsScope;
  experimentId: string;
  autoStopDays: number | null;
  /** Whole days the test has run, so a shorter auto-stop can be flagged as "stops now". */
  daysRun: number;
  onConflict: () => void;
}

/** Sets, changes or clears (empty field) the days after which the test stops by itself. */
export function ExperimentDetailAutoStop({ scope, experimentId, autoStopDays, daysRun, onConflict }: Props) {
  const { form, onSubmit, saved } = useExperimentUpdateForm(scope, experimentId, 'auto_stop_days', autoStopDays, onConflict);
  const { register, formState, watch } = form;
  const err = formState.errors;
  const days = watch('auto_stop_days');
  // The server stops a test at once when the new limit is already behind it; say so before saving.
  const stopsNow = typeof days === 'number' && days <= daysRun;

  return (
    <form className="experiment-form" onSubmit={onSubmit} noValidate aria-labelledby="auto-stop-title">
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
          {...register('auto_stop_days', { setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v)) })}
        />
        <span id="auto-stop-help" className="muted small">
          1 to {formatInteger(MAX_AUTO_STOP_DAYS)} days from the start; leave empty to run until you stop it. It has run {formatInteger(daysRun)} {daysRun === 1 ? 'day' : 'days'} so far.
        </span>
        <span id="auto-stop-error" className="field-error">{err.auto_stop_days?.message}</span>
      </div>
      {stopsNow && !err.auto_stop_days && <p className="warning-text">This test has already run that long: saving stops it now, for good.</p>}
      <SaveFooter formState={formState} label="Save auto-stop" savedText="Auto-stop saved." saved={saved} />
    </form>
  );
}

import { useFieldArray, useFormContext } from 'react-hook-form';
import { MAX_METRICS } from '../../../../contract/experiments.js';
import { blankMetric, type WizardValues } from './wizard-form.js';
import { FieldMessage, useFieldError } from './wizard-field.js';
import { WizardMetricRow } from './wizard-metric-row.js';
import { type ReportScope } from '../../../lib/report-scope.js';

const FULL_ID = 'wizard-metrics-full';

/** Up to MAX_METRICS more metrics, reported per variant beside the goal; none is the usual case. */
export function WizardMetricRows({ scope }: { scope: ReportScope }) {
  const { control, getValues } = useFormContext<WizardValues>();
  const rows = useFieldArray({ control, name: 'metrics' });
  const error = useFieldError('metrics');
  const full = rows.fields.length >= MAX_METRICS;
  return (
    <fieldset className="wizard-metrics">
      <legend>More metrics (optional)</legend>
      <p className="muted small">
        Each is compared between the variants beside the goal, without changing the call. A guardrail does: a variant
        that is worse on it, with confidence, is never called the winner.
      </p>
      {rows.fields.map((field, i) => (
        <WizardMetricRow key={field.id} index={i} scope={scope} onRemove={() => rows.remove(i)} />
      ))}
      <FieldMessage path="metrics" error={error} />
      <div className="wizard-metrics-add">
        <button
          type="button"
          className="button"
          disabled={full}
          aria-describedby={full ? FULL_ID : undefined}
          onClick={() => rows.append(blankMetric(getValues()))}
        >
          Add a metric
        </button>
        {full && (
          <span id={FULL_ID} className="muted small">
            A test reports at most {MAX_METRICS} more metrics: remove one to add another.
          </span>
        )}
      </div>
    </fieldset>
  );
}

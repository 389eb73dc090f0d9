import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm, type FormState } from 'react-hook-form';
import type { z } from 'zod';
import { updateExperimentBody } from '../../../../contract/experiments.js';
import { useUpdateExperiment, type ExperimentsScope } from '../api/experiments-queries.js';
import { applyServerError, friendlyIssue } from './experiment-detail-form-errors.js';

type Input = z.input<typeof updateExperimentBody>;
type Output = z.output<typeof updateExperimentBody>;
type Field = keyof Output;

/**
 * A form that changes one field of an active test: the contract's own rules as you type, then the
 * server's verdict under that field or above the buttons (a 409 also tells the page via onConflict).
 * `hold` keeps a valid value from being sent by the Save button (it returns true to hold, e.g. to ask
 * first); `confirm` then validates and sends it.
 */
export function useExperimentUpdateForm<F extends Field>(
  scope: ExperimentsScope,
  experimentId: string,
  field: F,
  value: Input[F],
  onConflict: () => void,
  hold?: (value: Output[F]) => boolean,
) {
  const update = useUpdateExperiment(scope, experimentId);
  const defaultValues: Input = {};
  defaultValues[field] = value;
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(updateExperimentBody, { error: friendlyIssue }),
    defaultValues,
  });
  // Only the field this form edits goes to the server, so two forms never overwrite each other's field.
  const send = (body: Output) => {
    const changed: Output = {};
    changed[field] = body[field];
    return update
      .mutateAsync(changed)
      .catch((error: unknown) => applyServerError(error, form.setError, [field], onConflict));
  };
  const onSubmit = form.handleSubmit((body: Output) => (hold?.(body[field]) ? undefined : send(body)));
  return { form, onSubmit, confirm: form.handleSubmit(send), saved: update.isSuccess };
}

interface SaveFooterProps {
  formState: FormState<Input>;
  label: string;
  savedText: string;
  saved: boolean;
  /** Buttons shown instead of the save button, e.g. a confirmation's (false or nothing: the save button). */
  children?: ReactNode;
}

/** The server's refusal, the save button (busy while saving) and a status line that says it was saved. */
export function SaveFooter({ formState, label, savedText, saved, children }: SaveFooterProps) {
  return (
    <>
      {formState.errors.root?.server && (
        <p className="field-error" role="alert">
          {formState.errors.root.server.message}
        </p>
      )}
      <div className="form-actions">
        {children || (
          <button type="submit" className="button" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Saving…' : label}
          </button>
        )}
        <span role="status" className="muted small">
          {saved ? savedText : ''}
        </span>
      </div>
    </>
  );
}

import { useState, type FormEvent } from 'react';
import { saveFunnelBody, type SavedFunnel } from '../../../../contract/funnels.js';
import { ApiError } from '../../../lib/api-error.js';
import { useSaveFunnel } from '../api/saved-funnel-mutations.js';
import { mutationErrorWords } from '../utils/mutation-error-words.js';
import { saveBody, type BuilderFunnel } from '../utils/saved-definition.js';
import { stepOfField } from '../utils/step-errors.js';
import { type ReportScope } from '../../../lib/report-scope.js';

interface Props {
  scope: ReportScope;
  /** The builder's funnel (steps, mode, breakdown, filters) once its steps pass the schema; saving is off until they do. */
  funnel: BuilderFunnel | null;
  /** A server error naming a step goes back onto that step in the builder. */
  onStepError(index: number, message: string): void;
  onSaved(funnel: SavedFunnel): void;
}

const nameSchema = saveFunnelBody.shape.name;

export function SaveFunnelForm({ scope, funnel, onStepError, onSaved }: Props) {
  const [name, setName] = useState('');
  const [tried, setTried] = useState(false);
  const [saved, setSaved] = useState('');
  const save = useSaveFunnel(scope);
  const checked = nameSchema.safeParse(name);
  const serverError = save.error instanceof ApiError ? save.error : null;
  const nameError =
    tried && !checked.success
      ? 'Give the funnel a name (up to 200 characters).'
      : serverError?.field === 'name'
        ? serverError.message
        : undefined;
  const otherError =
    save.error && serverError?.field !== 'name' && stepOfField(serverError?.field) === null
      ? mutationErrorWords(save.error, scope.connection, scope.propertyId)
      : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!checked.success || !funnel) return;
    save.mutate(saveBody(funnel, checked.data), {
      onSuccess: (f) => {
        onSaved(f);
        setSaved(`Saved “${f.name}”.`);
        setName('');
        setTried(false);
      },
      onError: (err) => {
        const step = err instanceof ApiError ? stepOfField(err.field) : null;
        if (step !== null) onStepError(step, err.message);
      },
    });
  };

  return (
    <form className="funnel-save" onSubmit={submit} noValidate>
      <label className="form-field">
        <span>Name</span>
        <input
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setSaved('');
          }}
          placeholder="e.g. Pricing to signup"
          aria-invalid={nameError ? true : undefined}
          aria-describedby="funnel-save-error"
        />
      </label>
      <button type="submit" className="button primary" disabled={!funnel || save.isPending}>
        {save.isPending ? 'Saving…' : 'Save funnel'}
      </button>
      {/* Incomplete steps are where everyone starts, not a mistake: a plain hint, not a red error. */}
      <p id="funnel-save-error" className="field-error">
        {nameError ?? otherError ?? ''}
      </p>
      {!funnel ? <p className="small funnel-save-hint">Saving opens once every step above has a page.</p> : null}
      <p role="status" className="funnel-saved small">
        {saved}
      </p>
    </form>
  );
}

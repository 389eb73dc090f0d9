import type { ExperimentsScope } from '../api/experiments-queries.js';
import { SaveFooter, useExperimentUpdateForm } from './experiment-detail-update-form.js';

/** Renames an active test; the same rules as the server (1–200 characters after trimming). */
interface Props {
  scope: ExperimentsScope;
  experimentId: string;
  name: string;
  /** The test turned out to be complete already (409): the page shows why instead of this form. */
  onConflict: () => void;
}

export function ExperimentDetailRename({ scope, experimentId, name, onConflict }: Props) {
  const { form, onSubmit, saved } = useExperimentUpdateForm(scope, experimentId, 'name', name, onConflict);
  const err = form.formState.errors;

  return (
    <form className="experiment-form" onSubmit={onSubmit} noValidate aria-labelledby="rename-title">
      <h3 id="rename-title">Rename</h3>
      {/* The label names the field; help and errors sit outside it, so they describe rather than rename it. */}
      <div className="form-field">
        <label htmlFor="rename-name">Name</label>
        <input
          id="rename-name"
          type="text"
          autoComplete="off"
          aria-invalid={!!err.name}
          aria-describedby="rename-error"
          {...form.register('name')}
        />
        <span id="rename-error" className="field-error">
          {err.name?.message}
        </span>
      </div>
      <SaveFooter formState={form.formState} label="Save name" savedText="Name saved." saved={saved} />
    </form>
  );
}

import type { ReactNode } from 'react';
import { get, useFormState } from 'react-hook-form';
import type { WizardValues } from './wizard-form.js';

/** The id of a field's error text, for aria-describedby. */
export const errorId = (path: string) => `wizard-${path.replace(/\./g, '-')}-error`;

/** The message the form holds for a path (its own error, or the array-level one under `.root`). */
export function useFieldError(path: string): string | undefined {
  const { errors } = useFormState<WizardValues>();
  const error: { message?: unknown } | undefined = get(errors, path) ?? get(errors, `${path}.root`);
  return typeof error?.message === 'string' ? error.message : undefined;
}

/** aria props tying an input to its error text. */
export const invalidProps = (path: string, error: string | undefined) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': errorId(path),
});

export function FieldMessage({ path, error }: { path: string; error: string | undefined }) {
  return (
    <span id={errorId(path)} className="field-error" role={error ? 'alert' : undefined}>
      {error}
    </span>
  );
}

/** A labelled box with its error underneath; `children` is the input itself. */
export function WizardField({ label, path, hint, children }: { label: string; path: string; hint?: ReactNode; children: (aria: ReturnType<typeof invalidProps>) => ReactNode }) {
  const error = useFieldError(path);
  return (
    <label className="form-field">
      <span>{label}</span>
      {children(invalidProps(path, error))}
      {hint && <span className="muted small">{hint}</span>}
      <FieldMessage path={path} error={error} />
    </label>
  );
}

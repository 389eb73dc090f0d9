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

/** The id of a field's input, for its label. */
export const inputId = (path: string) => `wizard-${path.replace(/\./g, '-')}`;

/** aria props tying an input to its hint and error text. */
export const invalidProps = (path: string, error: string | undefined, hinted = false) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': hinted ? `${inputId(path)}-hint ${errorId(path)}` : errorId(path),
});

export function FieldMessage({ path, error }: { path: string; error: string | undefined }) {
  return (
    <span id={errorId(path)} className="field-error" role={error ? 'alert' : undefined}>
      {error}
    </span>
  );
}

type InputProps = ReturnType<typeof invalidProps> & { id: string };

/** A labelled box with its hint and error underneath; `children` renders the input itself. */
export function WizardField({
  label,
  path,
  hint,
  children,
}: {
  label: string;
  path: string;
  hint?: ReactNode;
  children: (props: InputProps) => ReactNode;
}) {
  const error = useFieldError(path);
  const id = inputId(path);
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {children({ id, ...invalidProps(path, error, !!hint) })}
      {hint && (
        <span id={`${id}-hint`} className="muted small">
          {hint}
        </span>
      )}
      <FieldMessage path={path} error={error} />
    </div>
  );
}

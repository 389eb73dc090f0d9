import type { ReactNode } from 'react';
import './form-field.css';

/**
 * A labelled form control with its help and error text beside the label, not inside it, so the
 * control's name stays short ("Id") and help and error are read as its description.
 * The control itself sets `id={id}`, `aria-describedby={describedBy(id, !!help)}` and `aria-invalid`.
 */
export function FormField({
  id,
  label,
  help,
  error,
  children,
}: {
  id: string;
  label: ReactNode;
  help?: ReactNode;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="form-field">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      {children}
      {help && (
        <span id={`${id}-help`} className="muted small">
          {help}
        </span>
      )}
      <span id={`${id}-error`} className="field-error">
        {error}
      </span>
    </div>
  );
}

export const describedBy = (id: string, help = false) => (help ? `${id}-help ${id}-error` : `${id}-error`);

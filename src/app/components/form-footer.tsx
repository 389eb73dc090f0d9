import type { ReactNode } from 'react';

/**
 * A form's last lines: the server's refusal, when there is one, read out as an alert above the
 * submit button, which is disabled and says `busyLabel` while the form is busy. `children` go beside
 * the submit button (a Cancel button). `primary={false}` for a form that is not the page's main act.
 */
export function FormFooter({
  error,
  errorTestId,
  busy,
  label,
  busyLabel,
  primary = true,
  children,
}: {
  error?: string;
  errorTestId?: string;
  busy: boolean;
  label: string;
  busyLabel: string;
  primary?: boolean;
  children?: ReactNode;
}) {
  return (
    <>
      {error !== undefined && (
        <p className="error" role="alert" data-testid={errorTestId}>
          {error}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className={primary ? 'button primary' : 'button'} disabled={busy}>
          {busy ? busyLabel : label}
        </button>
        {children}
      </div>
    </>
  );
}

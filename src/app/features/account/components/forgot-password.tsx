import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { passwordResetBody } from '../../../../contract/accounts.js';
import { describedBy, FormField } from '../../../components/form-field.js';
import { FormFooter } from '../../../components/form-footer.js';
import { ApiError } from '../../../lib/api-error.js';
import { mailStatusQueryOptions, useRequestPasswordReset } from '../api/password-reset.js';
import { resetCommand, waitWords } from '../utils/account-error-words.js';

/**
 * "Forgot password?" on the sign-in page. With mail on, a reset link goes to the email (1 hour, once);
 * the page says the same whatever the email, as the server does. Without mail, who can make a link.
 */
export function ForgotPassword() {
  const mail = useQuery(mailStatusQueryOptions());
  const request = useRequestPasswordReset();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (!mail.data?.mail_configured)
    return (
      <p data-testid="forgot-password-offline">
        Forgotten your password? An owner can make you a new link on the Team page, or with{' '}
        <code>{resetCommand()}</code>.
      </p>
    );
  if (!open)
    return (
      <p>
        <button type="button" className="button small" onClick={() => setOpen(true)}>
          Forgot password?
        </button>
      </p>
    );
  if (request.isSuccess)
    return (
      <p role="status" data-testid="reset-requested">
        If {request.variables.email} has an account, a link to choose a new password is on its way. It works once,
        within an hour.
      </p>
    );

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = passwordResetBody.safeParse({ email });
    if (!parsed.success) return setError('An email address, e.g. ana@example.com');
    setError(null);
    try {
      await request.mutateAsync(parsed.data);
    } catch (e) {
      setError(
        e instanceof ApiError && e.status === 429
          ? `Too many requests. Try again ${waitWords(e.retryAfter)}.`
          : 'The request failed. Try again.',
      );
    }
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Reset your password" data-testid="forgot-password">
      <FormField id="reset-email" label="Email for a reset link" error={error ?? undefined}>
        <input
          id="reset-email"
          type="email"
          autoComplete="username"
          value={email}
          aria-invalid={!!error}
          aria-describedby={describedBy('reset-email')}
          onChange={(e) => setEmail(e.target.value)}
        />
      </FormField>
      <FormFooter busy={request.isPending} label="Email me a link" busyLabel="Sending…" primary={false} />
    </form>
  );
}

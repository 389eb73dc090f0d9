import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-error.js';

type Issue = z.core.$ZodRawIssue;

/**
 * Zod's default messages ("Too small: expected string to have >=1 characters") in words for a form.
 * Passed to zodResolver per parse; a message the contract wrote itself still wins.
 */
export function friendlyIssue(issue: Issue): string | undefined {
  const { code } = issue;
  if (code === 'too_small' && issue.origin === 'string')
    return Number(issue.minimum) <= 1
      ? 'Enter at least one character (spaces alone do not count).'
      : `Use at least ${issue.minimum} characters.`;
  if (code === 'too_big' && issue.origin === 'string') return `Use at most ${issue.maximum} characters.`;
  if (code === 'too_small' && issue.origin === 'number') return `Enter ${issue.minimum} or more.`;
  if (code === 'too_big' && issue.origin === 'number') return `Enter ${issue.maximum} or less.`;
  if (code === 'invalid_type' && (issue.expected === 'int' || issue.expected === 'number'))
    return 'Enter a whole number.';
  return undefined;
}

/**
 * Puts a failed mutation where the person will look: a 400 naming one of this form's fields under
 * that field, anything else (409, 403, network…) in words above the buttons.
 */
export function applyServerError<F extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<F>,
  fields: readonly Path<F>[],
  onConflict: () => void,
): void {
  if (error instanceof ApiError && error.status === 409) onConflict();
  if (
    error instanceof ApiError &&
    error.status === 400 &&
    error.field &&
    (fields as readonly string[]).includes(error.field)
  ) {
    setError(
      error.field as Path<F>,
      { type: 'server', message: `The server refused it: ${error.message.replace(`${error.field}: `, '')}` },
      { shouldFocus: true },
    );
    return;
  }
  setError('root.server' as Path<F>, { type: 'server', message: describeMutationError(error) });
}

export function describeMutationError(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Something went wrong; reload the page and try again.';
  switch (error.status) {
    case 409:
      return 'This test is already complete, so it can no longer be changed (it was stopped elsewhere or by its auto-stop). The page now shows its final state.';
    case 404:
      return 'This test no longer exists in this property.';
    case 401:
      return 'Your sign-in has expired; sign in again, then retry.';
    case 403:
      return 'This sign-in or key may not change tests of this property.';
    case 429:
      return 'Too many requests just now; wait a few seconds and try again.';
    case 0:
      return `${error.message} Check the connection and try again.`;
    default:
      return error.status === 400
        ? `The server refused it: ${error.message}`
        : `The server failed (HTTP ${error.status}); try again shortly.`;
  }
}

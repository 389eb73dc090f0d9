import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-error.js';

/**
 * Puts a refused write where the person will look: under the form field the server names
 * (`error.details.field`), otherwise above the buttons; `fallback` words anything that is not an API answer.
 */
export function showServerError<F extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<F>,
  fields: readonly Path<F>[],
  fallback: string,
): void {
  const field = error instanceof ApiError ? fields.find((f) => f === error.field) : undefined;
  const message = error instanceof ApiError ? error.message : fallback;
  if (field) setError(field, { type: 'server', message }, { shouldFocus: true });
  else setError('root.server' as Path<F>, { type: 'server', message });
}

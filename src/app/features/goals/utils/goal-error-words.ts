import { ApiError } from '../../../lib/api-error.js';
import type { Connection } from '../../../lib/connection.js';
import { describeError } from '../../../lib/error-words.js';

/** A refused goal write in words: the shared words, except that a 404 on `goalId` is the goal, not the property. */
export function goalWriteErrorWords(error: unknown, connection: Connection, propertyId: string): string {
  if (error instanceof ApiError && error.status === 404 && error.field === 'goalId')
    return 'This goal was already deleted, in another tab or by another person.';
  // A running split test counts the goal: the server's words name the tests to stop first.
  if (error instanceof ApiError && error.status === 409 && error.field === 'goalId')
    return `${error.message.charAt(0).toUpperCase()}${error.message.slice(1)}.`;
  const { title, action } = describeError(error, connection, propertyId);
  return `${title} ${action}`;
}

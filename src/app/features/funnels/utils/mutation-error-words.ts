import { ApiError } from '../../../lib/api-error.js';
import type { Connection } from '../../../lib/connection.js';
import { describeError } from '../../../lib/error-words.js';

/**
 * A failed save or delete in words. The server's own message is the most precise for a refused
 * request (400) or a funnel that is gone (404); the shared words cover sign-in, access and rate limits.
 */
export function mutationErrorWords(error: unknown, connection: Connection, propertyId: string): string {
  if (error instanceof ApiError && (error.status === 400 || error.status === 404))
    return `${error.message[0]?.toUpperCase() ?? ''}${error.message.slice(1)}.`;
  const { title, action } = describeError(error, connection, propertyId);
  return `${title} ${action}`;
}

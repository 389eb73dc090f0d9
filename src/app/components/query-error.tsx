import { useConnection } from '../lib/connection-context.js';
import type { Connection } from '../lib/connection.js';
import { describeError } from '../lib/error-words.js';

/** An API failure in words, with the next step; polite live region so screen readers hear it once. */
export function QueryError({
  error,
  propertyId,
  connection: tried,
}: {
  error: unknown;
  propertyId?: string;
  connection?: Connection;
}) {
  const current = useConnection().connection;
  // The Connect form reports on the connection being tried, not the one in use.
  const connection = tried ?? current;
  const { title, action } = describeError(error, connection, propertyId);
  return (
    <div className="error" role="alert">
      <p className="error-title">{title}</p>
      <p>{action}</p>
    </div>
  );
}

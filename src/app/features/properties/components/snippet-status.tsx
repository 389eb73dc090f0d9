import { useQuery } from '@tanstack/react-query';
import { useConnection } from '../../../lib/connection-context.js';
import { propertyStatusQueryOptions } from '../api/property-admin.js';

const when = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso));

/**
 * Whether the snippet works: "Waiting for the first event" until the property's first event arrives
 * (asked every few seconds), then "Receiving events" with when the latest happened. A polite live
 * region, so a screen reader hears the change without leaving the snippet.
 */
export function SnippetStatus({ propertyId }: { propertyId: string }) {
  const { connection } = useConnection();
  const status = useQuery(propertyStatusQueryOptions(connection, propertyId));
  const last = status.data?.last_event_at;
  return (
    <div className={`snippet-status ${last ? 'receiving' : 'waiting'}`} aria-live="polite" data-testid="snippet-status">
      {status.error ? (
        <p>Could not check for events just now; trying again.</p>
      ) : !status.data ? (
        <p>Checking for events…</p>
      ) : last ? (
        <p>
          <span className="status-dot" aria-hidden="true" /> <strong>Receiving events.</strong> The latest at{' '}
          <time dateTime={last}>{when(last)}</time>.
        </p>
      ) : (
        <p>
          <span className="status-dot" aria-hidden="true" /> <strong>Waiting for the first event.</strong> Put the
          snippet on a page of the site and open that page: this turns to “Receiving events” within seconds.
        </p>
      )}
    </div>
  );
}

import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditEntry } from '../../../../contract/audit.js';
import { DataTable, type Column } from '../../../components/data-table.js';
import { QueryError } from '../../../components/query-error.js';
import { SkeletonRows } from '../../../components/skeleton.js';
import { auditLogQueryOptions } from '../api/audit-queries.js';
import { actionWords, actorWords, auditWhen } from '../utils/audit-words.js';

const columns: Column<AuditEntry>[] = [
  { key: 'at', label: 'When', render: (e) => auditWhen(e.at) },
  { key: 'actor_name', label: 'Who', className: 'audit-who', sortValue: actorWords, render: actorWords },
  { key: 'action', label: 'What', sortValue: (e) => actionWords(e.action), render: (e) => actionWords(e.action) },
  { key: 'target', label: 'On what', className: 'audit-target' },
  { key: 'address', label: 'From' },
];

/** Who changed what, newest first, with older pages on demand (owners only; the page decides). */
export function AuditLog() {
  const log = useInfiniteQuery(auditLogQueryOptions());
  const entries = log.data?.pages.flat() ?? [];
  return (
    <section className="card" aria-labelledby="audit-title" data-testid="audit-log">
      <h2 id="audit-title">Audit log</h2>
      <p className="muted small">
        Every change made through the dashboard or the API. The CSV button exports the entries shown; show older ones
        first to include them.
      </p>
      {log.error ? (
        <QueryError error={log.error} />
      ) : !log.data ? (
        <SkeletonRows rows={3} />
      ) : (
        <>
          <DataTable
            rows={entries}
            columns={columns}
            rowKey={(e) => e.id}
            caption="Audit log"
            csvFilename="audit-log.csv"
            testId="audit-table"
            empty={{
              title: 'No changes yet',
              hint: 'Invitations, new keys and split tests appear here as they happen.',
            }}
          />
          {log.hasNextPage && (
            <button
              type="button"
              className="button audit-older"
              onClick={() => log.fetchNextPage()}
              disabled={log.isFetchingNextPage}
            >
              {log.isFetchingNextPage ? 'Loading…' : 'Show older'}
            </button>
          )}
        </>
      )}
    </section>
  );
}

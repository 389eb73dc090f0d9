import { useQuery } from '@tanstack/react-query';
import { DataTable, type Column } from '../../../components/data-table.js';
import { QueryError } from '../../../components/query-error.js';
import { ShareBar } from '../../../components/share-bar.js';
import { SkeletonRows } from '../../../components/skeleton.js';
import type { ResponseOf } from '../../../lib/api-client.js';
import { formatInteger } from '../../../lib/format.js';
import type { DashboardView } from '../../../lib/use-dashboard-view.js';
import { formDetailsQuery } from '../api/pages-queries.js';
import { usePagesScope } from './use-pages-scope.js';

type Row = ResponseOf<'formDetails'>['data']['forms'][number];

const COLUMNS: Column<Row>[] = [
  { key: 'target', label: 'Form', render: (r) => <span className="target">{r.target}</span> },
  { key: 'submissions', label: 'Submissions', numeric: true, render: (r) => formatInteger(r.submissions) },
  { key: 'unique_submissions', label: 'Unique', numeric: true, render: (r) => formatInteger(r.unique_submissions) },
  { key: 'share', label: 'Share of submissions', numeric: true, render: (r) => <ShareBar share={r.share} /> },
];

export function PageForms({ view, path }: { view: DashboardView; path: string }) {
  const scope = usePagesScope(view);
  const query = useQuery(formDetailsQuery(scope, view.range, path, view.granularity));
  const summary = query.data?.summary;
  // `unique_sessions` is the legacy alias of the unique counts; the CSV keeps the preferred names only.
  const rows = (query.data?.data.forms ?? []).map(({ target, submissions, unique_submissions, share }) => ({ target, submissions, unique_submissions, share }));
  return (
    <section className={`card ${query.isPlaceholderData ? 'stale' : ''}`} aria-labelledby="page-forms-title" aria-busy={query.isFetching}>
      <div className="card-head">
        <h2 id="page-forms-title">Forms on this page</h2>
      </div>
      {query.error ? (
        <QueryError error={query.error} propertyId={view.property.id} />
      ) : !query.data || !summary ? (
        <SkeletonRows rows={4} />
      ) : (
        <>
          <p className="interaction-total" data-testid="page-forms-total">
            <strong>{formatInteger(summary.total_submissions)}</strong> submissions · <strong>{formatInteger(summary.total_unique_submissions)}</strong> unique (sessions that submitted)
          </p>
          <DataTable
            rows={rows as Row[]}
            columns={COLUMNS}
            caption={`Forms on ${path}`}
            csvFilename={`forms-${view.property.id}${path.replace(/\W+/g, '-')}-${view.range.start}-${view.range.end}.csv`}
            initialSort="submissions"
            rowKey={(r) => r.target}
            testId="page-forms"
            empty={{
              title: 'No form submissions on this page in this range.',
              hint: 'The tracker records every form submission automatically once the snippet is installed. Pick a longer range; a page without a form has nothing to show here.',
            }}
          />
        </>
      )}
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import type { Column } from '../../../components/data-table.js';
import { ShareBar } from '../../../components/share-bar.js';
import type { ResponseOf } from '../../../lib/api-client.js';
import { formatInteger } from '../../../lib/format.js';
import type { DashboardView } from '../../../lib/use-dashboard-view.js';
import { formDetailsQuery } from '../api/pages-queries.js';
import { PageInteractionsCard } from './page-interactions-card.js';
import { useReportScope } from '../../../lib/report-scope.js';

// `unique_sessions` is the legacy alias of the unique counts; the CSV keeps the preferred names only.
type Row = Omit<ResponseOf<'formDetails'>['data']['forms'][number], 'unique_sessions'>;

const COLUMNS: Column<Row>[] = [
  { key: 'target', label: 'Form', render: (r) => <span className="target">{r.target}</span> },
  { key: 'submissions', label: 'Submissions', numeric: true, render: (r) => formatInteger(r.submissions) },
  { key: 'unique_submissions', label: 'Unique', numeric: true, render: (r) => formatInteger(r.unique_submissions) },
  { key: 'share', label: 'Share of submissions', numeric: true, render: (r) => <ShareBar share={r.share} /> },
];

export function PageForms({ view, path }: { view: DashboardView; path: string }) {
  const query = useQuery(formDetailsQuery(useReportScope(view), view.range, path, view.granularity));
  const summary = query.data?.summary;
  return (
    <PageInteractionsCard
      view={view}
      path={path}
      id="page-forms"
      report="forms"
      title="Forms on this page"
      query={query}
      loaded={
        query.data &&
        summary && {
          total: (
            <>
              <strong>{formatInteger(summary.total_submissions)}</strong> submissions · <strong>{formatInteger(summary.total_unique_submissions)}</strong> unique (sessions that submitted)
            </>
          ),
          rows: query.data.data.forms.map(({ target, submissions, unique_submissions, share }): Row => ({ target, submissions, unique_submissions, share })),
        }
      }
      columns={COLUMNS}
      caption={`Forms on ${path}`}
      initialSort="submissions"
      empty={{
        title: 'No form submissions on this page in this range.',
        hint: 'The tracker records every form submission automatically once the snippet is installed. Pick a longer range; a page without a form has nothing to show here.',
      }}
    />
  );
}

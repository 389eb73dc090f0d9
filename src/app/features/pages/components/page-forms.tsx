import { useQuery } from '@tanstack/react-query';
import type { Column } from '../../../components/data-table.js';
import { ShareBar } from '../../../components/share-bar.js';
import type { ResponseOf } from '../../../lib/api-client.js';
import { formatInteger, formatPercent } from '../../../lib/format.js';
import { ElementName } from '../../../components/element-name.js';
import type { DashboardView } from '../../../lib/use-dashboard-view.js';
import { formDetailsQueryOptions } from '../api/pages-queries.js';
import { PageInteractionsCard } from './page-interactions-card.js';
import { useReportScope } from '../../../lib/report-scope.js';

// `unique_sessions` is the legacy alias of the unique counts; the CSV keeps the preferred names only.
type Row = Omit<ResponseOf<'formDetails'>['data']['forms'][number], 'unique_sessions'>;

const COLUMNS: Column<Row>[] = [
  {
    key: 'label',
    label: 'Form',
    render: (r) => <ElementName label={r.label} target={r.target} />,
    sortValue: (r) => r.label ?? r.target,
  },
  { key: 'submissions', label: 'Submissions', numeric: true, render: (r) => formatInteger(r.submissions) },
  { key: 'unique_submissions', label: 'Unique', numeric: true, render: (r) => formatInteger(r.unique_submissions) },
  { key: 'submission_rate', label: 'Submission rate', numeric: true, render: (r) => formatPercent(r.submission_rate) },
  { key: 'share', label: 'Share of submissions', numeric: true, render: (r) => <ShareBar share={r.share} /> },
];

export function PageForms({ view, path }: { view: DashboardView; path: string }) {
  const query = useQuery(formDetailsQueryOptions(useReportScope(view), view.range, path, view.granularity));
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
              <strong>{formatInteger(summary.total_submissions)}</strong> submissions ·{' '}
              <strong>{formatInteger(summary.total_unique_submissions)}</strong> unique (sessions that submitted)
            </>
          ),
          rows: query.data.data.forms.map(
            ({ label, target, submissions, unique_submissions, submission_rate, share }): Row => ({
              label,
              target,
              submissions,
              unique_submissions,
              submission_rate,
              share,
            }),
          ),
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

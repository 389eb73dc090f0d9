import { DataTable, type Column } from '../../../components/data-table.js';
import { PageDetailLink } from '../../../components/page-detail-link.js';
import { ShareBar } from '../../../components/share-bar.js';
import { SkeletonRows } from '../../../components/skeleton.js';
import type { ResponseOf } from '../../../lib/api-client.js';
import { formatInteger } from '../../../lib/format.js';
import type { DashboardView } from '../../../lib/use-dashboard-view.js';
import { FORMS_LIMIT } from '../api/forms-queries.js';

type Data = ResponseOf<'formsBreakdown'>;
interface Row {
  page: string;
  target: string;
  submissions: number;
  unique_submissions: number;
  share: number;
}

const COLUMNS: Column<Row>[] = [
  { key: 'page', label: 'Page', render: (r) => <PageDetailLink path={r.page} /> },
  { key: 'target', label: 'Form', render: (r) => <span className="target">{r.target}</span> },
  { key: 'submissions', label: 'Submissions', numeric: true, render: (r) => formatInteger(r.submissions) },
  { key: 'unique_submissions', label: 'Unique', numeric: true, render: (r) => formatInteger(r.unique_submissions) },
  { key: 'share', label: 'Share of all submissions', numeric: true, render: (r) => <ShareBar share={r.share} /> },
];

export function TopForms({ view, data, stale }: { view: DashboardView; data: Data | undefined; stale: boolean }) {
  const total = data?.summary.total_submissions ?? 0;
  // The share is of every submission in the range, not only of the rows listed.
  const rows: Row[] = (data?.data ?? []).map((r) => ({
    page: r.page,
    target: r.target,
    submissions: r.submissions,
    unique_submissions: r.unique_submissions,
    share: total > 0 ? r.submissions / total : 0,
  }));
  return (
    <section className={`card ${stale ? 'stale' : ''}`} aria-labelledby="top-forms-title">
      <div className="card-head">
        <h2 id="top-forms-title">
          Top forms <span className="muted">· up to {FORMS_LIMIT}</span>
        </h2>
      </div>
      {!data ? (
        <SkeletonRows rows={8} />
      ) : (
        <DataTable
          rows={rows}
          columns={COLUMNS}
          caption="Top forms"
          csvFilename={`forms-${view.property.id}-${view.range.start}-${view.range.end}.csv`}
          initialSort="submissions"
          rowKey={(r) => `${r.page} ${r.target}`}
          testId="top-forms"
          empty={{
            title: 'No form submissions in this range.',
            hint: 'The tracker records every form submission automatically once the snippet is installed; forms show here by their CSS selector.',
          }}
        />
      )}
      <p className="muted small table-note">Open a page to see each of its forms with its share of that page's submissions, next to the page's clicks and traffic.</p>
    </section>
  );
}

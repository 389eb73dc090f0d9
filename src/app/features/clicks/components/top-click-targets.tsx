import { DataTable, type Column } from '../../../components/data-table.js';
import { PageDetailLink } from '../../../components/page-detail-link.js';
import { ShareBar } from '../../../components/share-bar.js';
import { SkeletonRows } from '../../../components/skeleton.js';
import type { ResponseOf } from '../../../lib/api-client.js';
import { formatInteger } from '../../../lib/format.js';
import type { DashboardView } from '../../../lib/use-dashboard-view.js';
import { CLICKS_LIMIT } from '../api/clicks-queries.js';

type Data = ResponseOf<'clicksBreakdown'>;
type Row = Data['data'][number] & { share: number };

const COLUMNS: Column<Row>[] = [
  { key: 'page', label: 'Page', render: (r) => <PageDetailLink path={r.page} /> },
  { key: 'target', label: 'Clicked element', render: (r) => <span className="target">{r.target}</span> },
  { key: 'clicks', label: 'Clicks', numeric: true, render: (r) => formatInteger(r.clicks) },
  { key: 'unique_clicks', label: 'Unique clicks', numeric: true, render: (r) => formatInteger(r.unique_clicks) },
  { key: 'share', label: 'Share of all clicks', numeric: true, render: (r) => <ShareBar share={r.share} /> },
];

export function TopClickTargets({ view, data, stale }: { view: DashboardView; data: Data | undefined; stale: boolean }) {
  const total = data?.summary.total_clicks ?? 0;
  // The share is of every click in the range, not only of the rows listed.
  const rows: Row[] = (data?.data ?? []).map((r) => ({ ...r, share: total > 0 ? r.clicks / total : 0 }));
  return (
    <section className={`card ${stale ? 'stale' : ''}`} aria-labelledby="click-targets-title">
      <div className="card-head">
        <h2 id="click-targets-title">
          Top clicked elements <span className="muted">· up to {CLICKS_LIMIT}</span>
        </h2>
      </div>
      {!data ? (
        <SkeletonRows rows={8} />
      ) : (
        <DataTable
          rows={rows}
          columns={COLUMNS}
          caption="Top clicked elements"
          csvFilename={`clicks-${view.property.id}-${view.range.start}-${view.range.end}.csv`}
          initialSort="clicks"
          rowKey={(r) => `${r.page} ${r.target}`}
          testId="click-targets"
          empty={{
            title: 'No clicks in this range.',
            hint: 'The tracker records clicks on links and buttons automatically once the snippet is installed; elements show here by their CSS selector.',
          }}
        />
      )}
      <p className="muted small table-note">Open a page to see every element clicked on it, with its share of that page's clicks, next to the page's forms and traffic.</p>
    </section>
  );
}

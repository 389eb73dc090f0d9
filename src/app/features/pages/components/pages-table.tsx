import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { DataTable, type Column } from '../../../components/data-table.js';
import { FilterButton } from '../../../components/filter-link.js';
import { PageDetailLink } from '../../../components/page-detail-link.js';
import { QueryError } from '../../../components/query-error.js';
import { SkeletonRows } from '../../../components/skeleton.js';
import { formatDate, formatInteger, formatPercent } from '../../../lib/format.js';
import type { ResponseOf } from '../../../lib/api-client.js';
import type { DashboardView } from '../../../lib/use-dashboard-view.js';
import { PAGES_LIMIT, pagesBreakdownQueryOptions } from '../api/pages-queries.js';
import { parseSort } from '../pages-search.js';
import { useReportScope } from '../../../lib/report-scope.js';

type Row = ResponseOf<'pagesBreakdown'>['data'][number];

const COLUMNS: Column<Row>[] = [
  {
    key: 'path',
    label: 'Page',
    render: (r) => (
      <>
        <PageDetailLink path={r.path} />
        <FilterButton by={[['page', r.path]]} />
      </>
    ),
  },
  { key: 'page_views', label: 'Page views', numeric: true, render: (r) => formatInteger(r.page_views) },
  { key: 'unique_visitors', label: 'Unique visitors', numeric: true, render: (r) => formatInteger(r.unique_visitors) },
  {
    key: 'avg_scroll_depth',
    label: 'Avg. scroll depth',
    numeric: true,
    render: (r) => formatPercent(r.avg_scroll_depth),
  },
  { key: 'bounce_rate', label: 'Bounce rate', numeric: true, render: (r) => formatPercent(r.bounce_rate) },
];

export function PagesTable({ view }: { view: DashboardView }) {
  const scope = useReportScope(view);
  const query = useQuery(pagesBreakdownQueryOptions(scope, view.range));
  const { sort } = useSearch({ from: '/pages' });
  const navigate = useNavigate({ from: '/pages' });
  return (
    <section
      className={`card ${query.isPlaceholderData ? 'stale' : ''}`}
      aria-labelledby="pages-title"
      aria-busy={query.isFetching}
    >
      <div className="card-head">
        <h2 id="pages-title">
          Top pages{' '}
          <span className="muted">
            · by page views, up to {PAGES_LIMIT} · {formatDate(view.range.start)} – {formatDate(view.range.end)}
          </span>
        </h2>
      </div>
      {query.error ? (
        <QueryError error={query.error} propertyId={view.property.id} />
      ) : !query.data ? (
        <SkeletonRows rows={8} />
      ) : (
        <DataTable
          rows={query.data.data}
          columns={COLUMNS}
          caption="Top pages"
          csvFilename={`pages-${view.property.id}-${view.range.start}-${view.range.end}.csv`}
          initialSort="page_views"
          sort={parseSort(sort)}
          onSortChange={(next) =>
            navigate({ search: (s) => ({ ...s, sort: `${next.key}.${next.dir}` }), replace: true })
          }
          rowKey={(r) => r.path}
          testId="pages-table"
          empty={{
            title: 'No page views in this range.',
            hint: 'Pick a longer range, or check that the tracking snippet is on your pages: it records a page view, scroll depth and bounce for every visit.',
          }}
        />
      )}
      <p className="muted small table-note">
        Scroll depth is how far down the page visitors scrolled, on average; bounce rate is the share of visits that
        started on the page and saw no other. Open a page for its sources, devices, clicks and forms.
      </p>
    </section>
  );
}

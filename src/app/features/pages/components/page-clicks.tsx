import { useQuery } from '@tanstack/react-query';
import { DataTable, type Column } from '../../../components/data-table.js';
import { QueryError } from '../../../components/query-error.js';
import { ShareBar } from '../../../components/share-bar.js';
import { SkeletonRows } from '../../../components/skeleton.js';
import type { ResponseOf } from '../../../lib/api-client.js';
import { formatInteger } from '../../../lib/format.js';
import type { DashboardView } from '../../../lib/use-dashboard-view.js';
import { clickDetailsQuery } from '../api/pages-queries.js';
import { usePagesScope } from './use-pages-scope.js';

type Row = ResponseOf<'clickDetails'>['data']['clicks'][number];

const COLUMNS: Column<Row>[] = [
  { key: 'target', label: 'Clicked element', render: (r) => <span className="target">{r.target}</span> },
  { key: 'clicks', label: 'Clicks', numeric: true, render: (r) => formatInteger(r.clicks) },
  { key: 'unique_clicks', label: 'Unique clicks', numeric: true, render: (r) => formatInteger(r.unique_clicks) },
  { key: 'share', label: 'Share of clicks', numeric: true, render: (r) => <ShareBar share={r.share} /> },
];

export function PageClicks({ view, path }: { view: DashboardView; path: string }) {
  const scope = usePagesScope(view);
  const query = useQuery(clickDetailsQuery(scope, view.range, path, view.granularity));
  const summary = query.data?.summary;
  return (
    <section className={`card ${query.isPlaceholderData ? 'stale' : ''}`} aria-labelledby="page-clicks-title" aria-busy={query.isFetching}>
      <div className="card-head">
        <h2 id="page-clicks-title">Clicks on this page</h2>
      </div>
      {query.error ? (
        <QueryError error={query.error} propertyId={view.property.id} />
      ) : !query.data || !summary ? (
        <SkeletonRows rows={4} />
      ) : (
        <>
          <p className="interaction-total" data-testid="page-clicks-total">
            <strong>{formatInteger(summary.total_clicks)}</strong> clicks · <strong>{formatInteger(summary.total_unique_clicks)}</strong> unique (sessions that clicked)
          </p>
          <DataTable
            rows={query.data.data.clicks}
            columns={COLUMNS}
            caption={`Clicks on ${path}`}
            csvFilename={`clicks-${view.property.id}${path.replace(/\W+/g, '-')}-${view.range.start}-${view.range.end}.csv`}
            initialSort="clicks"
            rowKey={(r) => r.target}
            testId="page-clicks"
            empty={{
              title: 'No clicks on this page in this range.',
              hint: 'The tracker records clicks on links and buttons automatically once the snippet is installed. Pick a longer range, or check that the snippet is on this page.',
            }}
          />
        </>
      )}
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import type { Column } from '../../../components/data-table.js';
import { ShareBar } from '../../../components/share-bar.js';
import type { ResponseOf } from '../../../lib/api-client.js';
import { formatInteger, formatPercent } from '../../../lib/format.js';
import { ElementName } from '../../../components/element-name.js';
import type { DashboardView } from '../../../lib/use-dashboard-view.js';
import { clickDetailsQueryOptions } from '../api/pages-queries.js';
import { PageInteractionsCard } from './page-interactions-card.js';
import { useReportScope } from '../../../lib/report-scope.js';

type Row = ResponseOf<'clickDetails'>['data']['clicks'][number];

const COLUMNS: Column<Row>[] = [
  {
    key: 'label',
    label: 'Clicked element',
    render: (r) => <ElementName label={r.label} target={r.target} />,
    sortValue: (r) => r.label ?? r.target,
  },
  { key: 'clicks', label: 'Clicks', numeric: true, render: (r) => formatInteger(r.clicks) },
  { key: 'unique_clicks', label: 'Unique clicks', numeric: true, render: (r) => formatInteger(r.unique_clicks) },
  {
    key: 'click_through_rate',
    label: 'Click-through rate',
    numeric: true,
    render: (r) => formatPercent(r.click_through_rate),
  },
  { key: 'share', label: 'Share of clicks', numeric: true, render: (r) => <ShareBar share={r.share} /> },
];

export function PageClicks({ view, path }: { view: DashboardView; path: string }) {
  const query = useQuery(clickDetailsQueryOptions(useReportScope(view), view.range, path, view.granularity));
  const summary = query.data?.summary;
  return (
    <PageInteractionsCard
      view={view}
      path={path}
      id="page-clicks"
      report="clicks"
      title="Clicks on this page"
      query={query}
      loaded={
        query.data &&
        summary && {
          total: (
            <>
              <strong>{formatInteger(summary.total_clicks)}</strong> clicks ·{' '}
              <strong>{formatInteger(summary.total_unique_clicks)}</strong> unique (sessions that clicked)
            </>
          ),
          rows: query.data.data.clicks,
        }
      }
      columns={COLUMNS}
      caption={`Clicks on ${path}`}
      initialSort="clicks"
      empty={{
        title: 'No clicks on this page in this range.',
        hint: 'The tracker records clicks on links and buttons automatically once the snippet is installed. Pick a longer range, or check that the snippet is on this page.',
      }}
    />
  );
}

import { useQuery } from '@tanstack/react-query';
import { DataTable, type Column } from '../../../components/data-table.js';
import { FilterLink, pickKey, type FilterPick } from '../../../components/filter-link.js';
import { ShareBar } from '../../../components/share-bar.js';
import { SkeletonRows } from '../../../components/skeleton.js';
import type { ResponseOf } from '../../../lib/api-client.js';
import { formatInteger } from '../../../lib/format.js';
import type { DashboardView } from '../../../lib/use-dashboard-view.js';
import { pageDetailsQueryOptions } from '../api/pages-queries.js';
import { campaignLabel, countryName, orNone } from '../../../lib/dimension-labels.js';
import { useReportScope } from '../../../lib/report-scope.js';
import { filterValueOf as v } from '../../../lib/filter-words.js';

type Details = ResponseOf<'pageDetails'>['data'];
type Dimension = 'utm' | 'devices' | 'countries';
type Row = Details[Dimension][number];

// Rows of the three lists differ only in their name fields; one label and one filter function per list.
const NAMES: Record<
  Dimension,
  { title: string; column: string; name: (r: Row) => string; by: (r: Row) => FilterPick[] }
> = {
  utm: {
    title: 'Campaigns (UTM)',
    column: 'Source / medium / campaign',
    name: (r) => ('source' in r ? campaignLabel(r) : ''),
    by: (r) =>
      'source' in r
        ? [
            ['utm_source', v(r.source)],
            ['utm_medium', v(r.medium)],
            ['utm_campaign', v(r.campaign)],
          ]
        : [],
  },
  devices: {
    title: 'Devices',
    column: 'Device',
    name: (r) => ('device' in r ? orNone(r.device) : ''),
    by: (r) => ('device' in r ? [['device', v(r.device)]] : []),
  },
  countries: {
    title: 'Countries',
    column: 'Country',
    name: (r) => ('country' in r ? countryName(r.country) : ''),
    by: (r) => ('country' in r ? [['country', v(r.country)]] : []),
  },
};

function columns(dim: Dimension): Column<Row>[] {
  const { column, name, by } = NAMES[dim];
  return [
    { key: 'name', label: column, render: (r) => <FilterLink by={by(r)}>{name(r)}</FilterLink>, sortValue: name },
    { key: 'page_views', label: 'Page views', numeric: true, render: (r) => formatInteger(r.page_views) },
    { key: 'share', label: 'Share of views', numeric: true, render: (r) => <ShareBar share={r.share} /> },
  ];
}

export function PageBreakdowns({ view, path }: { view: DashboardView; path: string }) {
  const scope = useReportScope(view);
  const query = useQuery(pageDetailsQueryOptions(scope, view.range, path));
  if (query.error) return null; // PageFigures above already says what went wrong
  return (
    <div className={`pages-three-up ${query.isPlaceholderData ? 'stale' : ''}`}>
      {(Object.keys(NAMES) as Dimension[]).map((dim) => (
        <section key={dim} className="card" aria-labelledby={`page-${dim}-title`}>
          <div className="card-head">
            <h2 id={`page-${dim}-title`}>{NAMES[dim].title}</h2>
          </div>
          {!query.data ? (
            <SkeletonRows rows={4} />
          ) : (
            <DataTable
              rows={query.data.data[dim] as Row[]}
              columns={columns(dim)}
              rowKey={(r) => pickKey(NAMES[dim].by(r))}
              caption={`${NAMES[dim].title} of ${path}`}
              csvFilename={`page-${dim}-${view.property.id}-${view.range.start}-${view.range.end}.csv`}
              initialSort="page_views"
              testId={`page-${dim}`}
              empty={{
                title: 'No views in this range.',
                hint: 'Pick a longer range; this fills in once visitors see the page.',
              }}
            />
          )}
        </section>
      ))}
    </div>
  );
}

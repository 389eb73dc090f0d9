import { useQuery } from '@tanstack/react-query';
import { CsvButton } from '../../../components/csv-button.js';
import { FilterLink } from '../../../components/filter-link.js';
import { EmptyState } from '../../../components/empty-state.js';
import { QueryError } from '../../../components/query-error.js';
import { ShareBar } from '../../../components/share-bar.js';
import { SkeletonRows } from '../../../components/skeleton.js';
import { formatInteger } from '../../../lib/format.js';
import type { DashboardView } from '../../../lib/use-dashboard-view.js';
import { entryExitQueryOptions } from '../api/traffic-queries.js';
import { useReportScope } from '../../../lib/report-scope.js';
import { filterValueOf } from '../../../lib/filter-words.js';

type Row = { path: string; sessions: number; share: number };

type PathTableProps = {
  id: string;
  title: string;
  rows: Row[];
  loading: boolean;
  filename: string;
  dimension: 'entry_page' | 'exit_page';
};

function PathTable({ id, title, rows, loading, filename, dimension }: PathTableProps) {
  return (
    <section className="card" aria-labelledby={id}>
      <div className="card-head">
        <h2 id={id}>{title}</h2>
        <CsvButton rows={rows} filename={filename} label={title} />
      </div>
      {loading ? (
        <SkeletonRows />
      ) : rows.length === 0 ? (
        <EmptyState title="No sessions in this range.">
          Pick a longer range to see where visits start and end.
        </EmptyState>
      ) : (
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Page</th>
              <th scope="col" className="num">
                Sessions
              </th>
              <th scope="col" className="share-col">
                Share
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.path}>
                <td className="label-cell">
                  <FilterLink by={[[dimension, filterValueOf(r.path)]]}>{r.path}</FilterLink>
                </td>
                <td className="num">{formatInteger(r.sessions)}</td>
                <td className="share-col">
                  <ShareBar share={r.share} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function EntryExitTables({ view }: { view: DashboardView }) {
  const scope = useReportScope(view);
  const query = useQuery(entryExitQueryOptions(scope, view.range));
  if (query.error) return <QueryError error={query.error} propertyId={view.property.id} />;
  const suffix = `${view.property.id}-${view.range.start}-${view.range.end}.csv`;
  return (
    <div className={`two-up ${query.isPlaceholderData ? 'stale' : ''}`}>
      <PathTable
        id="entry-title"
        title="Entry pages"
        rows={query.data?.data.entry_pages ?? []}
        loading={!query.data}
        filename={`entry-pages-${suffix}`}
        dimension="entry_page"
      />
      <PathTable
        id="exit-title"
        title="Exit pages"
        rows={query.data?.data.exit_pages ?? []}
        loading={!query.data}
        filename={`exit-pages-${suffix}`}
        dimension="exit_page"
      />
    </div>
  );
}

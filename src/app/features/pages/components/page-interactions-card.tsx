import type { ReactNode } from 'react';
import { DataTable, type Column } from '../../../components/data-table.js';
import { QueryError } from '../../../components/query-error.js';
import { SkeletonRows } from '../../../components/skeleton.js';
import type { DashboardView } from '../../../lib/use-dashboard-view.js';

interface Props<Row> {
  view: DashboardView;
  path: string;
  /** The card's test id and the prefix of its title id, total test id and CSV file name's report. */
  id: 'page-clicks' | 'page-forms';
  report: 'clicks' | 'forms';
  title: string;
  query: { error: Error | null; isPlaceholderData: boolean; isFetching: boolean };
  /** The totals line and the rows; undefined while loading. */
  loaded: { total: ReactNode; rows: Row[] } | undefined;
  columns: Column<Row>[];
  caption: string;
  initialSort: string;
  empty: { title: string; hint: string };
}

/** One page's clicks or forms: its totals in a line, then each element with its share of the page's events. */
export function PageInteractionsCard<Row extends { target: string }>({
  view,
  path,
  id,
  report,
  title,
  query,
  loaded,
  columns,
  caption,
  initialSort,
  empty,
}: Props<Row>) {
  return (
    <section
      className={`card ${query.isPlaceholderData ? 'stale' : ''}`}
      aria-labelledby={`${id}-title`}
      aria-busy={query.isFetching}
    >
      <div className="card-head">
        <h2 id={`${id}-title`}>{title}</h2>
      </div>
      {query.error ? (
        <QueryError error={query.error} propertyId={view.property.id} />
      ) : !loaded ? (
        <SkeletonRows rows={4} />
      ) : (
        <>
          <p className="interaction-total" data-testid={`${id}-total`}>
            {loaded.total}
          </p>
          <DataTable
            rows={loaded.rows}
            columns={columns}
            caption={caption}
            csvFilename={`${report}-${view.property.id}${path.replace(/\W+/g, '-')}-${view.range.start}-${view.range.end}.csv`}
            initialSort={initialSort}
            rowKey={(r) => r.target}
            testId={id}
            empty={empty}
          />
        </>
      )}
    </section>
  );
}

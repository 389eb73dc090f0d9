import { formatInteger } from '../lib/format.js';
import { INTERACTIONS_LIMIT, type InteractionsBreakdown } from '../lib/interactions-breakdown-query.js';
import type { DashboardView } from '../lib/use-dashboard-view.js';
import { DataTable, type Column } from './data-table.js';
import type { InteractionReportConfig } from './interaction-report.js';
import { FilterButton } from './filter-link.js';
import { PageDetailLink } from './page-detail-link.js';
import { ShareBar } from './share-bar.js';
import { SkeletonRows } from './skeleton.js';

type Props<C extends string, U extends string> = { view: DashboardView; config: InteractionReportConfig<C, U>; data: InteractionsBreakdown<C, U> | undefined; stale: boolean };

export function InteractionTopTable<C extends string, U extends string>({ view, config, data, stale }: Props<C, U>) {
  const { count, unique, table } = config;
  type Row = InteractionsBreakdown<C, U>['data'][number] & { share: number };
  const columns: Column<Row>[] = [
    { key: 'page', label: 'Page', render: (r) => <><PageDetailLink path={r.page} /><FilterButton by={[['page', r.page]]} /></> },
    { key: 'target', label: table.targetLabel, render: (r) => <span className="target">{r.target}</span> },
    { key: count.key, label: count.label, numeric: true, render: (r) => formatInteger(r[count.key]) },
    { key: unique.key, label: table.uniqueLabel, numeric: true, render: (r) => formatInteger(r[unique.key]) },
    { key: 'share', label: table.shareLabel, numeric: true, render: (r) => <ShareBar share={r.share} /> },
  ];
  const total = data?.summary[`total_${count.key}`] ?? 0;
  // The share is of every event in the range, not only of the rows listed; a legacy alias stays out of the CSV.
  const rows = (data?.data ?? []).map(
    (r) => ({ page: r.page, target: r.target, [count.key]: r[count.key], [unique.key]: r[unique.key], share: total > 0 ? r[count.key] / total : 0 }) as Row,
  );
  const titleId = `${table.testId}-title`;
  return (
    <section className={`card ${stale ? 'stale' : ''}`} aria-labelledby={titleId}>
      <div className="card-head">
        <h2 id={titleId}>
          {table.title} <span className="muted">· up to {INTERACTIONS_LIMIT}</span>
        </h2>
      </div>
      {!data ? (
        <SkeletonRows rows={8} />
      ) : (
        <DataTable
          rows={rows}
          columns={columns}
          caption={table.title}
          csvFilename={`${config.report}-${view.property.id}-${view.range.start}-${view.range.end}.csv`}
          initialSort={count.key}
          rowKey={(r) => `${r.page} ${r.target}`}
          testId={table.testId}
          empty={table.empty}
        />
      )}
      <p className="muted small table-note">{table.note}</p>
    </section>
  );
}

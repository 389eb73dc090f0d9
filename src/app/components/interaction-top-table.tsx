import { formatInteger, formatPercent } from '../lib/format.js';
import { INTERACTIONS_LIMIT, type InteractionsBreakdown } from '../lib/interactions-breakdown-query.js';
import type { InteractionGrouping } from '../lib/interactions-search.js';
import type { DashboardView } from '../lib/use-dashboard-view.js';
import { DataTable, type Column } from './data-table.js';
import { ElementName } from './element-name.js';
import type { InteractionReportConfig } from './interaction-report.js';
import { FilterButton } from './filter-link.js';
import { GroupToggle } from './group-toggle.js';
import { PageDetailLink } from './page-detail-link.js';
import { ShareBar } from './share-bar.js';
import { SkeletonRows } from './skeleton.js';

type Props<C extends string, U extends string, R extends string> = {
  view: DashboardView;
  config: InteractionReportConfig<C, U, R>;
  data: InteractionsBreakdown<C, U, R> | undefined;
  stale: boolean;
  group: InteractionGrouping | undefined;
};

/** The top elements, per page or (`group`) each over all pages, named as people saw them. */
export function InteractionTopTable<C extends string, U extends string, R extends string>({
  view,
  config,
  data,
  stale,
  group,
}: Props<C, U, R>) {
  const { count, unique, rate, table } = config;
  type Row = InteractionsBreakdown<C, U, R>['data'][number] & { share: number };
  const columns: Column<Row>[] = [
    // (Element rows shown a moment while per-page ones load have no page: their cell stays empty.)
    ...(group
      ? []
      : [
          {
            key: 'page',
            label: 'Page',
            render: (r: Row) =>
              r.page && (
                <>
                  <PageDetailLink path={r.page} />
                  <FilterButton by={[['page', r.page]]} />
                </>
              ),
          },
        ]),
    // Sorted and exported by the label; the selector rides along in its own CSV column.
    {
      key: 'label',
      label: table.targetLabel,
      render: (r) => <ElementName label={r.label} target={r.target} />,
      sortValue: (r) => r.label ?? r.target,
    },
    { key: count.key, label: count.label, numeric: true, render: (r) => formatInteger(r[count.key]) },
    { key: unique.key, label: table.uniqueLabel, numeric: true, render: (r) => formatInteger(r[unique.key]) },
    { key: rate.key, label: rate.label, numeric: true, render: (r) => formatPercent(r[rate.key]) },
    { key: 'share', label: table.shareLabel, numeric: true, render: (r) => <ShareBar share={r.share} /> },
  ];
  const total = data?.summary[`total_${count.key}`] ?? 0;
  // The share is of every event in the range, not only of the rows listed; a legacy alias stays out of the CSV.
  // Rows grouped by element have no page (the CSV leaves the column out); per-page rows still shown
  // while the grouped ones load keep theirs, so every row keeps a key of its own.
  const rows = (data?.data ?? []).map(
    (r) =>
      ({
        ...(r.page === null ? {} : { page: r.page }),
        label: r.label,
        target: r.target,
        [count.key]: r[count.key],
        [unique.key]: r[unique.key],
        [rate.key]: r[rate.key],
        share: total > 0 ? r[count.key] / total : 0,
      }) as Row,
  );
  const titleId = `${table.testId}-title`;
  return (
    <section className={`card ${group ? 'all-pages' : ''} ${stale ? 'stale' : ''}`} aria-labelledby={titleId}>
      <div className="card-head">
        <h2 id={titleId}>
          {group ? table.allPages.title : table.title} <span className="muted">· up to {INTERACTIONS_LIMIT}</span>
        </h2>
        <GroupToggle group={group} />
      </div>
      {!data ? (
        <SkeletonRows rows={8} />
      ) : (
        <DataTable
          rows={rows}
          columns={columns}
          caption={group ? table.allPages.title : table.title}
          csvFilename={`${config.report}${group ? '-all-pages' : ''}-${view.property.id}-${view.range.start}-${view.range.end}.csv`}
          initialSort={count.key}
          rowKey={(r) => `${r.page ?? ''} ${r.target} ${r.label ?? ''}`}
          testId={table.testId}
          empty={table.empty}
        />
      )}
      <p className="muted small table-note">{group ? table.allPages.note : table.note}</p>
    </section>
  );
}

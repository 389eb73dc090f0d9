import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { formatInteger } from '../lib/format.js';
import {
  interactionsBreakdownQueryOptions,
  type FetchInteractions,
  type InteractionsBreakdown,
} from '../lib/interactions-breakdown-query.js';
import { useReportScope } from '../lib/report-scope.js';
import type { DashboardView } from '../lib/use-dashboard-view.js';
import { FigureCards } from './figure-cards.js';
import { InteractionTopTable } from './interaction-top-table.js';
import { InteractionTrend } from './interaction-trend.js';
import { QueryError } from './query-error.js';
import { ViewGate } from './view-gate.js';
import './interaction-report.css';
import { settledPrevious } from '../lib/settled-previous.js';
import { comparedRead } from '../lib/compared-read.js';
import { viewComparedLabel } from '../lib/compared-label.js';

/**
 * The words and field names that make one report of the Clicks/Forms kind: a count (`clicks`,
 * `submissions`), its unique count and its rate over page views, per page and element or per element
 * over all pages, over time. Everything else is shared.
 */
export interface InteractionReportConfig<C extends string, U extends string, R extends string> {
  /** The query key's report name and the prefix of the page's CSS class and CSV file names. */
  report: string;
  title: string;
  fetch: FetchInteractions<InteractionsBreakdown<C, U, R>>;
  count: { key: C; label: string };
  unique: { key: U; label: string };
  /** The count over the page's views (click-through or submission rate). */
  rate: { key: R; label: string };
  /** Names the row of headline figures for screen readers. */
  figuresLabel: string;
  trend: { title: string; csvLabel: string; testId: string; empty: { title: string; text: string } };
  table: {
    title: string;
    testId: string;
    targetLabel: string;
    uniqueLabel: string;
    shareLabel: string;
    empty: { title: string; hint: string };
    note: string;
    /** What the rows grouped by element ("All pages") say in the title and the note. */
    allPages: { title: string; note: string };
  };
}

function InteractionReport<C extends string, U extends string, R extends string>({
  view,
  config,
}: {
  view: DashboardView;
  config: InteractionReportConfig<C, U, R>;
}) {
  const scope = useReportScope(view);
  const { group } = useSearch({ strict: false });
  const current = useQuery(
    interactionsBreakdownQueryOptions(scope, config.report, config.fetch, view.range, view.granularity, group),
  );
  const previous = useQuery(
    comparedRead(view.previous, (r) =>
      interactionsBreakdownQueryOptions(scope, config.report, config.fetch, r, view.granularity, group),
    ),
  );
  if (current.error) return <QueryError error={current.error} propertyId={view.property.id} />;

  const now = current.data?.summary;
  const prevData = settledPrevious(current, previous);
  const before = prevData?.summary;
  const stale = current.isPlaceholderData;
  const total = `total_${config.count.key}` as const;
  const uniqueTotal = `total_${config.unique.key}` as const;
  return (
    <>
      <FigureCards
        label={config.figuresLabel}
        against={viewComparedLabel(view)}
        stale={stale}
        busy={current.isFetching}
        figures={[
          {
            key: total,
            label: config.count.label,
            value: now?.[total],
            previous: before?.[total],
            format: formatInteger,
          },
          {
            key: uniqueTotal,
            label: config.unique.label,
            value: now?.[uniqueTotal],
            previous: before?.[uniqueTotal],
            format: formatInteger,
          },
        ]}
      />
      <InteractionTrend
        view={view}
        config={config}
        data={current.data}
        previous={view.compare ? prevData?.trend : undefined}
        stale={stale}
      />
      <InteractionTopTable view={view} config={config} data={current.data} stale={stale} group={group} />
    </>
  );
}

/** A whole Clicks-style report page: headline figures, the trend and the top elements. */
export function InteractionReportPage<C extends string, U extends string, R extends string>({
  config,
}: {
  config: InteractionReportConfig<C, U, R>;
}) {
  return (
    <ViewGate>
      {(view) => (
        <div className={`interaction-report ${config.report}-report`}>
          <h1 className="page-title">
            {config.title}{' '}
            <span className="muted">
              · {view.property.name} · {view.timezone}
            </span>
          </h1>
          <InteractionReport view={view} config={config} />
        </div>
      )}
    </ViewGate>
  );
}

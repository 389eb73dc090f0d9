import { useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { DataTable, type Column } from '../../../components/data-table.js';
import { figureText } from '../../../components/figure-cards.js';
import { FilterLink } from '../../../components/filter-link.js';
import { QueryError } from '../../../components/query-error.js';
import { SkeletonRows } from '../../../components/skeleton.js';
import type { ResponseOf } from '../../../lib/api-client.js';
import { formatDate, formatInteger, formatPercent } from '../../../lib/format.js';
import { useReportScope } from '../../../lib/report-scope.js';
import { settledPrevious } from '../../../lib/settled-previous.js';
import { comparedRead } from '../../../lib/compared-read.js';
import { viewComparedLabel } from '../../../lib/compared-label.js';
import type { DashboardView } from '../../../lib/use-dashboard-view.js';
import { goalsReportQueryOptions } from '../api/goals-queries.js';
import { goalDimension } from '../utils/goal-filter.js';
import { goalDefinitionWords } from '../utils/goal-words.js';
import { FigureChangeMark } from './figure-change-mark.js';
import { RevenueCell } from './revenue-cell.js';

type Report = ResponseOf<'goalsReport'>;
type Figures = Report['data'][number];

/** A row as the CSV gets it: raw figures, and one revenue column per currency (never one sum across them). */
type Row = Pick<Figures, 'goal_id' | 'name' | 'kind' | 'visitors' | 'conversions' | 'conversion_rate'> & {
  definition: string;
} & { [revenue: `revenue_${string}`]: number };

function toRows(data: Figures[]): Row[] {
  const currencies = [...new Set(data.flatMap((g) => g.revenue.map((r) => r.currency)))].sort();
  return data.map((g) => {
    const row: Row = {
      goal_id: g.goal_id,
      name: g.name,
      kind: g.kind,
      definition: goalDefinitionWords(g),
      visitors: g.visitors,
      conversions: g.conversions,
      conversion_rate: g.conversion_rate,
    };
    for (const c of currencies) row[`revenue_${c}`] = g.revenue.find((r) => r.currency === c)?.amount ?? 0;
    return row;
  });
}

const withChange = (
  key: 'visitors' | 'conversions' | 'conversion_rate',
  now: Row,
  before: Figures | undefined,
  format: (n: number) => string,
  points = false,
): ReactNode => (
  <span className="goal-figure" data-figure={key}>
    <span className="goal-value">{figureText(now[key], format)}</span>
    <FigureChangeMark value={now[key]} previous={before ? before[key] : undefined} format={format} points={points} />
  </span>
);

/** Each goal's visitors, conversions, rate and revenue per currency, with the change against the previous period. */
export function GoalsReportTable({ view }: { view: DashboardView }) {
  const scope = useReportScope(view);
  const current = useQuery(goalsReportQueryOptions(scope, view.range));
  const previous = useQuery(comparedRead(view.previous, (r) => goalsReportQueryOptions(scope, r)));
  const before = settledPrevious(current, previous);
  const data = current.data?.data;

  const rows = useMemo(() => toRows(data ?? []), [data]);
  const columns = useMemo((): Column<Row>[] => {
    // A previous period without this goal (made since) has no change to show; a goal is the same goal by id.
    const prior = new Map((before?.data ?? []).map((g) => [g.goal_id, g]));
    const figures = new Map((data ?? []).map((g) => [g.goal_id, g]));
    return [
      {
        key: 'name',
        label: 'Goal',
        render: (r) => (
          <span className="goal-name" data-goal={r.name}>
            {/* A link that filters by the goal once the contract's filters know goals; until then plain text. */}
            {goalDimension ? (
              <FilterLink by={[[goalDimension, r.name]]}>{r.name}</FilterLink>
            ) : (
              <span className="goal-name-text">{r.name}</span>
            )}
            <span className="muted small goal-definition">{r.definition}</span>
          </span>
        ),
      },
      {
        key: 'visitors',
        label: 'Visitors',
        numeric: true,
        render: (r) => withChange('visitors', r, prior.get(r.goal_id), formatInteger),
      },
      {
        key: 'conversions',
        label: 'Conversions',
        numeric: true,
        render: (r) => withChange('conversions', r, prior.get(r.goal_id), formatInteger),
      },
      {
        key: 'conversion_rate',
        label: 'Conversion rate',
        numeric: true,
        render: (r) => withChange('conversion_rate', r, prior.get(r.goal_id), formatPercent, true),
      },
      {
        key: 'revenue',
        label: 'Revenue',
        numeric: true,
        // Currencies are never added, not even to sort: the largest single amount orders the rows.
        sortValue: (r) => Math.max(0, ...(figures.get(r.goal_id)?.revenue.map((x) => x.amount) ?? [])),
        render: (r) => (
          <RevenueCell
            revenue={figures.get(r.goal_id)?.revenue ?? []}
            previous={before ? (prior.get(r.goal_id)?.revenue ?? []) : undefined}
          />
        ),
      },
    ];
  }, [data, before]);

  const visitors = current.data?.meta.totals.unique_visitors;
  const noConversions = rows.length > 0 && rows.every((r) => r.conversions === 0);
  return (
    <section
      className={`card ${current.isPlaceholderData ? 'stale' : ''}`}
      aria-labelledby="goals-title"
      aria-busy={current.isFetching}
    >
      <div className="card-head">
        <h2 id="goals-title">
          Conversions{' '}
          <span className="muted">
            · {formatDate(view.range.start)} – {formatDate(view.range.end)}
            {visitors !== undefined && ` · ${formatInteger(visitors)} unique visitors`}
          </span>
        </h2>
      </div>
      {current.error ? (
        <QueryError error={current.error} propertyId={view.property.id} />
      ) : !current.data ? (
        <SkeletonRows rows={4} />
      ) : (
        <DataTable
          rows={rows}
          columns={columns}
          caption="Goals"
          csvFilename={`goals-${view.property.id}-${view.range.start}-${view.range.end}.csv`}
          rowKey={(r) => r.goal_id}
          testId="goals-table"
          empty={{
            title: 'No goals yet.',
            hint: 'Add one with the form below: a visit to a page (or pages, with * and **), a custom event your site sends, a click on an element or a form submission. Its figures show here for any range, past visits included.',
          }}
        />
      )}
      {noConversions && (
        <p className="table-note small" role="status">
          None of the goals converted in this range, so their figures are zero. Pick a longer range, or check the
          definitions below.
        </p>
      )}
      <p className="muted small table-note">
        Visitors are the distinct visitors who converted; the rate is of every unique visitor in the range. Revenue is
        the payments of the sessions that converted, per currency.{' '}
        {view.previous ? `Changes compare with ${viewComparedLabel(view)}.` : ''}
      </p>
    </section>
  );
}

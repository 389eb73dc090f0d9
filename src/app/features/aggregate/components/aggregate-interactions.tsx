import { useQuery } from '@tanstack/react-query';
import { DataTable, type Column } from '../../../components/data-table.js';
import { FilterLink } from '../../../components/filter-link.js';
import { QueryError } from '../../../components/query-error.js';
import type { ResponseOf } from '../../../lib/api-client.js';
import { SkeletonRows } from '../../../components/skeleton.js';
import { formatInteger, formatPercent } from '../../../lib/format.js';
import { ElementName } from '../../../components/element-name.js';
import { aggregateClicksQueryOptions, aggregateFormsQueryOptions } from '../api/aggregate-queries.js';
import type { AggregateView } from './use-aggregate-view.js';

interface Total {
  key: string;
  label: string;
  value: number;
}

/** What a card shows of its query's state (react-query's result, as far as the card reads it). */
interface CardQuery<Row> {
  data?: { data: Row[] };
  error: Error | null;
  isPlaceholderData: boolean;
  isFetching: boolean;
}

/**
 * One card of the aggregate clicks or forms: its totals over the selected properties, and its rows in
 * a table (or the error, or skeleton rows while the first answer is on its way).
 */
function InteractionCard<Row extends object>({
  id,
  title,
  view,
  query,
  totals,
  table,
}: {
  id: string;
  title: string;
  view: AggregateView;
  query: CardQuery<Row>;
  totals: Total[] | undefined;
  table: Pick<Parameters<typeof DataTable<Row>>[0], 'columns' | 'caption' | 'initialSort' | 'empty'> & {
    /** The CSV's name before the range. */
    csv: string;
  };
}) {
  return (
    <section
      className={`card interactions ${query.isPlaceholderData ? 'stale' : ''}`}
      aria-labelledby={`${id}-title`}
      aria-busy={query.isFetching}
      data-testid={id}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      {totals && (
        <dl className="totals">
          {totals.map((t) => (
            <div key={t.key} data-total={t.key}>
              <dt>{t.label}</dt>
              <dd>{formatInteger(t.value)}</dd>
            </div>
          ))}
        </dl>
      )}
      {query.error ? (
        <QueryError error={query.error} propertyId={view.selected.join(', ')} />
      ) : !query.data ? (
        <SkeletonRows rows={5} />
      ) : (
        <DataTable
          rows={query.data.data}
          columns={table.columns}
          caption={table.caption}
          csvFilename={`${table.csv}-${view.range.start}-${view.range.end}.csv`}
          initialSort={table.initialSort}
          empty={table.empty}
        />
      )}
    </section>
  );
}

type ClickRow = ResponseOf<'clicksBreakdown'>['data'][number];
const clickColumns: Column<ClickRow>[] = [
  {
    key: 'label',
    label: 'Target',
    render: (r) => <ElementName label={r.label} target={r.target} />,
    sortValue: (r) => r.label ?? r.target,
  },
  { key: 'page', label: 'Page', render: (r) => <FilterLink by={[['page', r.page!]]}>{r.page}</FilterLink> },
  { key: 'clicks', label: 'Clicks', numeric: true, render: (r) => formatInteger(r.clicks) },
  { key: 'unique_clicks', label: 'Unique', numeric: true, render: (r) => formatInteger(r.unique_clicks) },
  {
    key: 'click_through_rate',
    label: 'Click-through rate',
    numeric: true,
    render: (r) => formatPercent(r.click_through_rate),
  },
];

export function AggregateClicks({ view }: { view: AggregateView }) {
  const q = useQuery(aggregateClicksQueryOptions(view.scope, view.range, view.granularity));
  const s = q.data?.summary;
  return (
    <InteractionCard
      id="aggregate-clicks"
      title="Clicks"
      view={view}
      query={q}
      totals={
        s && [
          { key: 'total_clicks', label: 'Clicks', value: s.total_clicks },
          { key: 'total_unique_clicks', label: 'Unique clicks', value: s.total_unique_clicks },
        ]
      }
      table={{
        columns: clickColumns,
        caption: 'Top clicked targets',
        csv: 'clicks-aggregate',
        initialSort: 'clicks',
        empty: {
          title: 'No clicks in this range.',
          hint: 'The tracker counts clicks on links and buttons; pick a longer range or other properties.',
        },
      }}
    />
  );
}

type FormRow = ResponseOf<'formsBreakdown'>['data'][number];
const formColumns: Column<FormRow>[] = [
  {
    key: 'label',
    label: 'Form',
    render: (r) => <ElementName label={r.label} target={r.target} />,
    sortValue: (r) => r.label ?? r.target,
  },
  { key: 'page', label: 'Page', render: (r) => <FilterLink by={[['page', r.page!]]}>{r.page}</FilterLink> },
  { key: 'submissions', label: 'Submissions', numeric: true, render: (r) => formatInteger(r.submissions) },
  { key: 'unique_submissions', label: 'Unique', numeric: true, render: (r) => formatInteger(r.unique_submissions) },
  { key: 'submission_rate', label: 'Submission rate', numeric: true, render: (r) => formatPercent(r.submission_rate) },
];

export function AggregateForms({ view }: { view: AggregateView }) {
  const q = useQuery(aggregateFormsQueryOptions(view.scope, view.range, view.granularity));
  const s = q.data?.summary;
  return (
    <InteractionCard
      id="aggregate-forms"
      title="Form submissions"
      view={view}
      query={q}
      totals={
        s && [
          { key: 'total_submissions', label: 'Submissions', value: s.total_submissions },
          { key: 'total_unique_submissions', label: 'Unique submissions', value: s.total_unique_submissions },
        ]
      }
      table={{
        columns: formColumns,
        caption: 'Top submitted forms',
        csv: 'forms-aggregate',
        initialSort: 'submissions',
        empty: {
          title: 'No form submissions in this range.',
          hint: 'The tracker counts every form submit; pick a longer range or other properties.',
        },
      }}
    />
  );
}

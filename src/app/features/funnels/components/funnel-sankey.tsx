import { useQuery } from '@tanstack/react-query';
import { DataTable } from '../../../components/data-table.js';
import { EmptyState } from '../../../components/empty-state.js';
import { QueryError } from '../../../components/query-error.js';
import { SankeyChart, type SankeyNodeKind } from '../../../components/sankey-chart.js';
import { Skeleton } from '../../../components/skeleton.js';
import { formatInteger } from '../../../lib/format.js';
import type { DashboardView } from '../../../lib/use-dashboard-view.js';
import { CONTINUES, DROP_OFF, GOAL_NODE_PREFIX } from '../../../../contract/funnels.js';
import { sankeyQueryOptions, type FunnelDefinition } from '../api/funnel-queries.js';
import { type ReportScope } from '../../../lib/report-scope.js';

const kindOf = (name: string): SankeyNodeKind =>
  name === DROP_OFF ? 'loss' : name === CONTINUES ? 'more' : name.startsWith(GOAL_NODE_PREFIX) ? 'goal' : 'page';
const outcomeOf = (nodes: string[]) => {
  const last = nodes[nodes.length - 1];
  return last === DROP_OFF ? 'Dropped off' : last === CONTINUES ? 'Went on browsing' : 'Completed';
};
const completes = (nodes: string[]) => outcomeOf(nodes) === 'Completed';

interface Props {
  view: DashboardView;
  scope: ReportScope;
  definition: FunnelDefinition | null;
  fallback: FunnelDefinition;
}

/** Where sessions went after the first step, as a sankey with a table of the same paths beside it. */
export function FunnelSankey({ view, scope, definition, fallback }: Props) {
  const query = useQuery({
    ...sankeyQueryOptions(scope, view.range, definition ?? fallback),
    enabled: definition !== null,
  });
  const paths = query.data?.data.paths ?? [];
  const rows = paths.map((p) => ({ path: p.nodes.join(' → '), outcome: outcomeOf(p.nodes), sessions: p.sessions }));
  const first = paths[0]?.nodes[0] ?? definition?.steps[0]?.page ?? 'step 1';
  // Step 1 may be a goal: its paths start at the goal's first event ("Goal: Signup").
  const goalFirst = first.startsWith(GOAL_NODE_PREFIX) || definition?.steps[0]?.goal !== undefined;
  const withGoals = paths.some((p) => p.nodes.some((n) => n.startsWith(GOAL_NODE_PREFIX)));
  const lost = paths.filter((p) => outcomeOf(p.nodes) === 'Dropped off').reduce((n, p) => n + p.sessions, 0);
  const total = paths.reduce((n, p) => n + p.sessions, 0);
  const drawable = paths.some((p) => p.nodes.length > 1);
  return (
    <section
      className={`card funnel-sankey ${query.isPlaceholderData ? 'stale' : ''}`}
      aria-labelledby="funnel-sankey-title"
      aria-busy={query.isFetching}
    >
      <div className="card-head">
        <h2 id="funnel-sankey-title">Paths from step 1</h2>
        <span className="muted small">the {formatInteger(query.data?.meta.maxPaths ?? 20)} most taken paths</span>
      </div>
      {query.error ? (
        <QueryError error={query.error} propertyId={view.property.id} />
      ) : !query.data ? (
        definition ? (
          <Skeleton height="240px" />
        ) : (
          <EmptyState title="No paths to show yet.">
            Enter the funnel's steps above to see where sessions went after the first one.
          </EmptyState>
        )
      ) : !drawable ? (
        <EmptyState
          title={
            paths.length
              ? `Every session completed the funnel at its first ${goalFirst ? 'event' : 'page'}.`
              : goalFirst
                ? 'No session reached step 1 in this range.'
                : `No session viewed ${first} in this range.`
          }
        >
          Add a second step, or pick a longer range, to see where sessions go from here.
        </EmptyState>
      ) : (
        <>
          <p className="muted small">
            Each band is a group of sessions moving from one page to the next, from their first{' '}
            {goalFirst ? 'event' : 'view'} of {first} until they complete the funnel.
            {withGoals && ' Green nodes are events of the goal steps, between the pages viewed around them.'} Green
            bands carry the sessions that completed it, red ends mark sessions that left before. Only the most taken
            paths are drawn, so totals here can be lower than the step figures above.
          </p>
          <SankeyChart
            paths={paths}
            kindOf={kindOf}
            completes={completes}
            title={`Paths from ${first}`}
            description={`${paths.length} paths from ${first} with ${formatInteger(total)} sessions; ${formatInteger(lost)} of them dropped off. The table below lists each path.`}
          />
          <DataTable
            rows={rows}
            columns={[
              { key: 'path', label: 'Path' },
              // "Completed" split over two lines on a phone reads as two words; the path column wraps instead.
              { key: 'outcome', label: 'Outcome', className: 'funnel-outcome' },
              { key: 'sessions', label: 'Sessions', numeric: true, render: (r) => formatInteger(r.sessions) },
            ]}
            caption={`Paths from ${first}`}
            csvFilename={`funnel-paths-${view.property.id}-${view.range.start}-${view.range.end}.csv`}
            empty={{ title: 'No paths.', hint: 'Pick a longer range.' }}
            rowKey={(r) => r.path}
            testId="funnel-paths"
          />
        </>
      )}
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import { CsvButton } from '../../../components/csv-button.js';
import { EmptyState } from '../../../components/empty-state.js';
import { QueryError } from '../../../components/query-error.js';
import { SkeletonRows } from '../../../components/skeleton.js';
import { formatDate, formatInteger, formatPercent, plural } from '../../../lib/format.js';
import type { DashboardView } from '../../../lib/use-dashboard-view.js';
import { funnelQueryOptions, type FunnelDefinition } from '../api/funnel-queries.js';
import { stepFigures, stepName } from '../utils/step-figures.js';
import { FunnelBreakdownTable } from './funnel-breakdown-table.js';
import { type ReportScope } from '../../../lib/report-scope.js';

interface Props {
  view: DashboardView;
  scope: ReportScope;
  /** Null while a step does not pass the schema: the last figures stay, dimmed. */
  definition: FunnelDefinition | null;
  fallback: FunnelDefinition;
  /** The steps are being checked (a goal step waits for the goals list): figures are on their way. */
  loading?: boolean;
}

/** Sessions per step as bars with their numbers in text, conversion from the previous step and drop-off. */
export function FunnelChart({ view, scope, definition, fallback, loading = false }: Props) {
  const query = useQuery({
    ...funnelQueryOptions(scope, view.range, definition ?? fallback),
    enabled: definition !== null,
  });
  const data = query.data?.data;
  const figures = data ? stepFigures(data.steps) : [];
  const suffix = `${view.property.id}-${view.range.start}-${view.range.end}`;
  return (
    <section
      className={`card funnel-chart ${query.isPlaceholderData ? 'stale' : ''}`}
      aria-labelledby="funnel-chart-title"
      aria-busy={query.isFetching}
    >
      <div className="card-head">
        <h2 id="funnel-chart-title">
          Sessions through the funnel
          <span className="muted">
            {' '}
            · {formatDate(view.range.start)} – {formatDate(view.range.end)}
          </span>
        </h2>
        <CsvButton
          rows={figures as unknown as Record<string, unknown>[]}
          filename={`funnel-${suffix}.csv`}
          label="the funnel steps"
        />
      </div>
      {query.error ? (
        <QueryError error={query.error} propertyId={view.property.id} />
      ) : !data ? (
        definition || loading ? (
          <SkeletonRows rows={4} />
        ) : (
          <EmptyState title="No funnel yet.">
            Type a page path into step 1 (the field suggests pages people viewed), or use one of the suggestions.
          </EmptyState>
        )
      ) : figures[0].sessions === 0 ? (
        figures[0].goal === undefined ? (
          <EmptyState title={`No session viewed ${figures[0].page} in this range.`}>
            Pick a longer range, or start the funnel at a page people visit (the step field suggests them).
          </EmptyState>
        ) : (
          <EmptyState title={`No session reached the goal ${figures[0].name} in this range.`}>
            Pick a longer range, or start the funnel at a page or a goal people reach.
          </EmptyState>
        )
      ) : (
        <>
          {!definition && !loading && (
            <p className="funnel-note">
              These are the figures of the last complete funnel: fix the steps marked above to update them.
            </p>
          )}
          <p className="funnel-overall">
            <strong data-testid="funnel-overall">{formatPercent(data.overall_conversion_rate)}</strong> of the{' '}
            {formatInteger(figures[0].sessions)} sessions that
            {figures[0].goal === undefined ? ` viewed ${figures[0].page}` : ` reached the goal ${figures[0].name}`}{' '}
            reached step {figures.length}
            {query.data?.meta.mode === 'sequential' ? ', in order' : ''}.
          </p>
          <ol className="funnel-bars" data-testid="funnel-bars">
            {figures.map((f) => (
              <li key={f.step} data-step={f.step}>
                <div className="funnel-bar-head">
                  <span className="funnel-bar-name">
                    <span className="muted">Step {f.step}</span> {stepName(f)}
                    {f.goal !== undefined && <span className="muted funnel-goal-tag"> (goal)</span>}
                  </span>
                  <span>
                    <strong className="funnel-sessions">{formatInteger(f.sessions)}</strong>{' '}
                    {plural(f.sessions, 'session', 'sessions')}
                  </span>
                </div>
                <div className="funnel-track" aria-hidden="true">
                  <div className="funnel-bar" style={{ width: `${f.of_first * 100}%` }} />
                </div>
                <p className="funnel-bar-meta small">
                  {f.step === 1 ? (
                    'Entered the funnel'
                  ) : (
                    <>
                      <span className="funnel-conversion">{formatPercent(f.conversion_rate)}</span> of step {f.step - 1}{' '}
                      · <span className="funnel-dropped">{formatInteger(f.dropped_off)}</span> dropped off (
                      {formatPercent(f.drop_off_rate)})
                    </>
                  )}
                </p>
              </li>
            ))}
          </ol>
          {data.breakdown && query.data?.meta.breakdownBy && (
            <FunnelBreakdownTable
              breakdown={data.breakdown}
              by={query.data.meta.breakdownBy}
              steps={data.steps}
              filename={`funnel-${query.data.meta.breakdownBy}-${suffix}.csv`}
            />
          )}
        </>
      )}
    </section>
  );
}

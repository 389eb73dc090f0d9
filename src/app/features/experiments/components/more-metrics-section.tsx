import type { ExperimentDetail } from '../../../../contract/experiments.js';
import { cupedWords, hurtByWords, metricHeading } from './more-metrics-words.js';
import { MetricResultTable } from './metric-result-table.js';

/**
 * The test's more metrics, one small table each (docs/experiments.md, "More metrics and
 * guardrails"); nothing when it has none. A guardrail says so in a badge, and a variant that hurts it
 * is named above its table, not only marked in red inside it.
 */
export function MoreMetricsSection({ detail }: { detail: ExperimentDetail }) {
  const { metrics, interval_level: intervalLevel } = detail.decision;
  if (metrics.length === 0) return null;
  const level = `${Number((intervalLevel * 100).toFixed(1))}%`;
  // Who had history is the same for every metric: said under the verdict when CUPED helped the goal.
  const saidUnderVerdict = (detail.decision.cuped?.variance_reduction ?? 0) > 0;
  return (
    <section className="card" aria-labelledby="more-metrics-title" data-testid="more-metrics">
      <h2 id="more-metrics-title">More metrics</h2>
      <p className="muted small">
        Each variant against the control on what else the test measures, read the same way as the goal. Only a guardrail
        changes the call: a variant worse on it with confidence is never called the winner.
      </p>
      {metrics.map((m, k) => {
        const titleId = `metric-${k}-title`;
        const hurt = hurtByWords(m.hurt_by);
        const visitors = m.variants.reduce((n, v) => n + v.visitors, 0);
        const cuped = cupedWords(m.cuped, saidUnderVerdict ? null : visitors);
        return (
          <section key={k} className="metric-result" aria-labelledby={titleId} data-testid="metric-result">
            <h3 id={titleId}>
              {metricHeading(m.name)}
              {m.role === 'guardrail' && (
                <>
                  {' '}
                  <span className="status-badge guardrail">Guardrail</span>
                </>
              )}
            </h3>
            {hurt && (
              <p className="warning-text" data-testid="metric-hurt">
                {hurt}
              </p>
            )}
            <MetricResultTable
              metric={m}
              currency={detail.currency ?? null}
              level={level}
              csvFilename={`experiment-${detail.experiment_id}-metric-${k + 1}.csv`}
              testId={`metric-table-${k}`}
            />
            {cuped && (
              <p className="muted small" data-testid="metric-cuped">
                {cuped}
              </p>
            )}
          </section>
        );
      })}
    </section>
  );
}

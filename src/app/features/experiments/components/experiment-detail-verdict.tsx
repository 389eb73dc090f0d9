import type { ExperimentDetail } from '../../../../contract/experiments.js';
import { formatCompact, formatDuration, formatInteger, formatPercent } from '../../../lib/format.js';
import { formatP } from '../../../../contract/p-value-words.js';
import { sampleRatioWords } from './experiment-detail-words.js';
import { cupedWords, heldBackWords } from './more-metrics-words.js';

/**
 * The API's verdict sentence, what CUPED cut, a variant a guardrail holds back, the sample-ratio check
 * (always, in words), the forged-traffic warning when it applies, and how much data a call needs.
 */
export function ExperimentDetailVerdict({ detail }: { detail: ExperimentDetail }) {
  const { stats, decision } = detail;
  const called = stats.can_call_winner && stats.winner !== null;
  // Better on the goal is not enough: the heading must not read as a result to ship.
  const hurt = decision.status === 'guardrail_hurt';
  const warned = stats.sample_ratio_mismatch || detail.traffic_check?.looks_forged || hurt;
  const cuped = cupedWords(
    decision.cuped,
    detail.variants.reduce((sum, v) => sum + v.visitors, 0),
  );
  // The verdict's sentence already names them when they are the whole story.
  const heldBack = hurt ? null : heldBackWords(decision.held_back);
  return (
    <section
      className={`card verdict ${called ? 'called' : ''} ${warned ? 'srm' : ''}`}
      aria-labelledby="verdict-title"
    >
      <h2 id="verdict-title">
        {called ? `Verdict: ${stats.winner} wins` : hurt ? 'Verdict: no variant to ship as it is' : 'Verdict'}
      </h2>
      <p className="verdict-text" data-testid="verdict">
        {stats.verdict}
      </p>
      {cuped && (
        <p className="muted small" data-testid="cuped">
          {cuped}
        </p>
      )}
      {heldBack && (
        <div className="srm-warning" data-testid="held-back">
          <p className="warning-title">Held back by a guardrail</p>
          <p>{heldBack}</p>
        </div>
      )}
      {stats.sample_ratio_mismatch ? (
        <div className="srm-warning" data-testid="srm-warning">
          <p className="warning-title" data-testid="sample-ratio">
            {sampleRatioWords(stats)}
          </p>
          <p>
            Visitors are not being split between the variants as evenly as the test intends
            {stats.sample_ratio_p_value !== null && (
              <> (always-valid check of the visitors per variant: {formatP(stats.sample_ratio_p_value)})</>
            )}
            , which usually means a broken redirect, bots or a cache are deciding who sees what, so these figures can't
            be trusted until that is fixed.
          </p>
        </div>
      ) : (
        <p className="sample-ratio small" data-testid="sample-ratio">
          <span aria-hidden="true">✓ </span>
          {sampleRatioWords(stats)}
        </p>
      )}
      {detail.traffic_check?.looks_forged && (
        <div className="srm-warning" data-testid="forged-traffic-warning">
          <p className="warning-title">Traffic that looks forged</p>
          <p>{detail.traffic_check.warning}</p>
        </div>
      )}
      {/* What a call still needs only matters while the test can still gather it. */}
      {detail.status === 'active' && <PlanFacts detail={detail} />}
    </section>
  );
}

/** The plan behind the call: how far along, how long to go, and the days a call waits for. */
function PlanFacts({ detail }: { detail: ExperimentDetail }) {
  const { plan, min_days: minDays, days_running: daysRunning } = detail.decision;
  const planned = plan.planned_visitors_per_variant;
  const arms = detail.variants.length;
  const day = Math.floor(daysRunning) + 1;
  return (
    <ul className="verdict-facts small" data-testid="verdict-facts">
      {planned === null ? (
        <li data-testid="plan-progress">
          No plan yet:{' '}
          {plan.baseline === null
            ? 'no visitors yet to size it from (the page had none in the 28 days before the test either).'
            : plan.baseline.source === 'before_test'
              ? 'nobody reached the goal on the page in the 28 days before the test.'
              : 'nobody in the control reached the goal in the first week.'}{' '}
          A winner can still be called once the difference is clear.
        </li>
      ) : (
        <li data-testid="plan-progress">
          <strong>{Math.floor((plan.progress ?? 0) * 100)}%</strong> of the planned{' '}
          <strong>{formatInteger(planned * arms)}</strong> visitors ({formatInteger(planned)} per variant, enough to
          find a {Math.round(plan.minimum_detectable_effect * 100)}% change from{' '}
          {plan.baseline ? baselineWords(detail.decision.metric, plan.baseline) : 'the baseline'})
          {plan.days_left !== null && plan.days_left > 0 && (
            <>
              ; about <strong>{formatInteger(plan.days_left)}</strong> more {plan.days_left === 1 ? 'day' : 'days'} at
              current traffic
            </>
          )}
          .
        </li>
      )}
      <li>
        A call needs at least {minDays} whole days, so every weekday is in the sample
        {daysRunning < minDays ? ` (this is day ${day})` : ''}. The figures can be read every day: the intervals stay
        valid however often they are looked at.
      </li>
    </ul>
  );
}

function baselineWords(
  metric: ExperimentDetail['decision']['metric'],
  baseline: NonNullable<ExperimentDetail['decision']['plan']['baseline']>,
): string {
  const m = baseline.mean;
  const figure =
    metric === 'revenue_per_visitor'
      ? `revenue per visitor of ${formatCompact(m)}`
      : metric === 'session_seconds_per_visitor'
        ? `${formatDuration(m)} per visitor`
        : `${formatPercent(m)} conversion rate`;
  return baseline.source === 'before_test'
    ? `the page’s ${figure} in the 28 days before the test`
    : `the control’s ${figure} in the test’s first week, as the page had no visitors before it`;
}

import type { ExperimentDetail } from '../../../../contract/experiments.js';
import { formatInteger } from '../../../lib/format.js';
import { formatP } from '../../../../contract/chance-display.js';
import { sampleRatioWords } from './experiment-detail-words.js';

/** The API's verdict sentence, the sample-ratio check (always, in words), the forged-traffic warning when it applies, and how much data a call needs. */
export function ExperimentDetailVerdict({ detail }: { detail: ExperimentDetail }) {
  const { stats } = detail;
  const called = stats.can_call_winner && stats.winner !== null;
  const days = stats.estimated_days_to_call;
  return (
    <section
      className={`card verdict ${called ? 'called' : ''} ${stats.sample_ratio_mismatch || detail.traffic_check?.looks_forged ? 'srm' : ''}`}
      aria-labelledby="verdict-title"
    >
      <h2 id="verdict-title">{called ? `Verdict: ${stats.winner} wins` : 'Verdict'}</h2>
      <p className="verdict-text" data-testid="verdict">
        {stats.verdict}
      </p>
      {stats.sample_ratio_mismatch ? (
        <div className="srm-warning" data-testid="srm-warning">
          <p className="warning-title" data-testid="sample-ratio">
            {sampleRatioWords(stats)}
          </p>
          <p>
            Visitors are not being split between the variants as evenly as the test intends
            {stats.sample_ratio_p_value !== null && (
              <> (chance of a split this uneven by luck: {formatP(stats.sample_ratio_p_value)})</>
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
      {detail.status === 'active' && (
        <ul className="verdict-facts small" data-testid="verdict-facts">
          <li>
            Minimum sample: <strong>{formatInteger(stats.min_sessions_per_variant)}</strong> sessions per variant before
            a winner can be called, because a chance to win swings widely on small samples.
          </li>
          {days !== null && (
            <li>
              At current traffic that takes about <strong>{formatInteger(Math.max(1, Math.ceil(days)))}</strong> more{' '}
              {Math.ceil(days) <= 1 ? 'day' : 'days'}.
            </li>
          )}
        </ul>
      )}
    </section>
  );
}

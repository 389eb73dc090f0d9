import type { ExperimentDetail } from '../../../../contract/experiments.js';
import { formatInteger } from '../../../lib/format.js';
import { describeAutoStop, describeGoal, typeLabel } from './experiment-detail-words.js';
import { daysBetween, formatDay } from './variant-figures.js';

/** The test's settings at a glance: where it runs, what it measures, when it started and stops. */
export function ExperimentDetailSummary({ detail, timezone }: { detail: ExperimentDetail; timezone: string }) {
  const ran = daysBetween(detail.created_at, detail.stopped_at);
  return (
    <dl className="experiment-summary">
      <div>
        <dt>Page</dt>
        <dd>
          <code>{detail.page}</code>
        </dd>
      </div>
      <div>
        <dt>Type</dt>
        <dd>{typeLabel(detail.type)}</dd>
      </div>
      <div>
        <dt>Goal</dt>
        <dd>{describeGoal(detail.goal, detail.goal_target, detail.goal_definition, detail.currency)}</dd>
      </div>
      <div>
        <dt>Started</dt>
        <dd>{formatDay(detail.created_at, timezone)}</dd>
      </div>
      <div>
        <dt>{detail.stopped_at ? 'Ended' : 'Running for'}</dt>
        <dd>
          {detail.stopped_at ? `${formatDay(detail.stopped_at, timezone)}, after ` : ''}
          {formatInteger(ran)} {ran === 1 ? 'day' : 'days'}
        </dd>
      </div>
      <div>
        <dt>Auto-stop</dt>
        <dd data-testid="auto-stop">{describeAutoStop(detail, timezone)}</dd>
      </div>
    </dl>
  );
}

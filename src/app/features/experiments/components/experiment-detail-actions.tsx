import type { ExperimentDetail } from '../../../../contract/experiments.js';
import { RoleGate } from '../../../components/role-gate.js';
import type { ExperimentsScope } from '../api/experiments-queries.js';
import { ExperimentDetailArchive } from './experiment-detail-archive.js';
import { ExperimentDetailAutoStop } from './experiment-detail-auto-stop.js';
import { ExperimentDetailRename } from './experiment-detail-rename.js';
import { ExperimentDetailStop } from './experiment-detail-stop.js';
import { describeEnd } from './experiment-detail-words.js';
import { daysBetween, formatDay } from './variant-figures.js';

interface Props {
  scope: ExperimentsScope;
  detail: ExperimentDetail;
  timezone: string;
  /** A change was refused because the test had already ended (409), to say so beside the end note. */
  conflict: boolean;
  onConflict: () => void;
}

/** Rename, auto-stop and stop for a running test; a complete test says when and why it ended, and can be archived or deleted. */
export function ExperimentDetailActions({ scope, detail, timezone, conflict, onConflict }: Props) {
  if (detail.status === 'complete') {
    return (
      <section className="card" aria-labelledby="complete-title" data-testid="complete-note">
        <h2 id="complete-title">This test is complete</h2>
        {conflict && (
          <p className="warning-text" role="alert">
            Your change was not saved: the test had already ended.
          </p>
        )}
        <p>
          It ended on {detail.stopped_at ? formatDay(detail.stopped_at, timezone) : 'an unknown day'}.{' '}
          {describeEnd(detail)} A stopped test cannot be changed or restarted; its figures above are final. To test
          again, create a new experiment.
        </p>
        <RoleGate action="change split tests">
          <ExperimentDetailArchive scope={scope} detail={detail} />
        </RoleGate>
      </section>
    );
  }
  const id = detail.experiment_id;
  return (
    // A viewer gets the one line why instead of a card of controls the server would refuse.
    <RoleGate action="change split tests">
      <section className="card" aria-labelledby="actions-title">
        <h2 id="actions-title">Change this test</h2>
        <div className="experiment-actions">
          <ExperimentDetailRename scope={scope} experimentId={id} name={detail.name} onConflict={onConflict} />
          <ExperimentDetailAutoStop
            scope={scope}
            experimentId={id}
            autoStopDays={detail.auto_stop_days}
            daysRun={daysBetween(detail.created_at, null)}
            onConflict={onConflict}
          />
          <ExperimentDetailStop scope={scope} experimentId={id} onConflict={onConflict} />
        </div>
        <p className="muted small">
          To archive or delete this test, stop it first: while it runs, it decides what visitors see.
        </p>
      </section>
    </RoleGate>
  );
}

import type { ExperimentStatus } from '../api/experiments-queries.js';

/** "Running" / "Complete" in words and colour; the word carries the meaning, the colour only helps. */
export function ExperimentStatusBadge({ status }: { status: ExperimentStatus }) {
  return <span className={`status-badge ${status}`}>{status === 'active' ? 'Running' : 'Complete'}</span>;
}

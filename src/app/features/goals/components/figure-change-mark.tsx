import { figureChange } from '../../../lib/figure-change.js';
import { NO_VALUE } from '../../../lib/format.js';

interface Props {
  /** Null: a rate without a base (no visitors in the range). */
  value: number | null;
  /** The previous period's value; undefined (still loading) shows no change; null compares nothing. */
  previous: number | null | undefined;
  format: (n: number) => string;
  /** A rate: its change is in percentage points, as on the Traffic cards. */
  points?: boolean;
}

/** A table cell's change against the previous period: the Traffic cards' words and colours, made small. */
export function FigureChangeMark({ value, previous, format, points }: Props) {
  const change = figureChange(value, previous, { points });
  // No rate in one of the periods: the cell's "—" says it, and no change is made up.
  if (change.kind === 'unknown' || change.kind === 'no-base')
    return (
      <span className="cell-change" aria-hidden="true">
        &nbsp;
      </span>
    );
  const tone = change.kind === 'change' ? change.tone : 'neutral';
  return (
    <span
      className={`cell-change ${tone}`}
      title={previous === undefined ? undefined : `Previous period: ${previous === null ? NO_VALUE : format(previous)}`}
    >
      {change.text}
      <span className="visually-hidden"> vs previous period</span>
    </span>
  );
}

import { figureChange } from '../../../lib/figure-change.js';

interface Props {
  value: number;
  /** The previous period's value; undefined (still loading) shows no change. */
  previous: number | undefined;
  format: (n: number) => string;
  /** A rate: its change is in percentage points, as on the Traffic cards. */
  points?: boolean;
}

/** A table cell's change against the previous period: the Traffic cards' words and colours, made small. */
export function FigureChangeMark({ value, previous, format, points }: Props) {
  const change = figureChange(value, previous, { points });
  if (change.kind === 'unknown') return <span className="cell-change" aria-hidden="true">&nbsp;</span>;
  const tone = change.kind === 'change' ? change.tone : 'neutral';
  return (
    <span className={`cell-change ${tone}`} title={previous === undefined ? undefined : `Previous period: ${format(previous)}`}>
      {change.text}
      <span className="visually-hidden"> vs previous period</span>
    </span>
  );
}

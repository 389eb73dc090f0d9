import { figureChange } from '../lib/figure-change.js';
import { Skeleton } from './skeleton.js';
import './figure-cards.css';

export interface Figure {
  /** Also the card's `data-figure`, which tests and CSS use. */
  key: string;
  label: string;
  /** Undefined while loading. */
  value: number | undefined;
  /** The previous period's value; undefined hides the change line. */
  previous: number | undefined;
  format: (n: number) => string;
  /** A rate: its change is shown in percentage points. */
  points?: boolean;
  lowerIsBetter?: boolean;
}

/** The figure's change against the previous period, in words and colour; a blank line until it is known. */
export function ChangeLine({ figure }: { figure: Figure }) {
  const change = figure.value === undefined ? { kind: 'unknown' as const } : figureChange(figure.value, figure.previous, figure);
  if (change.kind === 'unknown') return <span className="figure-change">&nbsp;</span>;
  const tone = change.kind === 'change' ? change.tone : 'neutral';
  return (
    <span className={`figure-change ${tone}`} title={figure.previous === undefined ? undefined : `Previous period: ${figure.format(figure.previous)}`}>
      {change.text} <span className="muted">vs previous period</span>
    </span>
  );
}

/** A row of headline figures with their change against the previous period, shared by the reports. */
export function FigureCards({ figures, label, stale = false, busy = false }: { figures: Figure[]; label: string; stale?: boolean; busy?: boolean }) {
  return (
    <section className={`figures ${stale ? 'stale' : ''}`} aria-label={label} aria-busy={busy}>
      {figures.map((f) => (
        <article className="card figure" key={f.key} data-figure={f.key}>
          <h2 className="figure-label">{f.label}</h2>
          {f.value === undefined ? (
            <>
              <Skeleton height="2rem" width="60%" />
              <Skeleton height="0.9rem" width="80%" />
            </>
          ) : (
            <>
              <p className="figure-value">{f.format(f.value)}</p>
              <ChangeLine figure={f} />
            </>
          )}
        </article>
      ))}
    </section>
  );
}

import { figureChange } from '../lib/figure-change.js';
import { NO_VALUE } from '../lib/format.js';
import { Skeleton } from './skeleton.js';
import './figure-cards.css';

export interface Figure {
  /** Also the card's `data-figure`, which tests and CSS use. */
  key: string;
  label: string;
  /** Undefined while loading; null for a rate without a base (no sessions, entries), shown as "—". */
  value: number | null | undefined;
  /** The compared period's value; undefined hides the change line; null (no base) compares nothing. */
  previous: number | null | undefined;
  format: (n: number) => string;
  /** A rate: its change is shown in percentage points. */
  points?: boolean;
  lowerIsBetter?: boolean;
}

/** The figure's value as shown: "—" where it has no base. */
export const figureText = (value: number | null, format: (n: number) => string) =>
  value === null ? NO_VALUE : format(value);

/**
 * The figure's change against the compared period, in words and colour, naming that period ("vs Oct
 * 1–24"); a blank line until it is known, or when nothing is compared.
 */
export function ChangeLine({ figure, against = 'previous period' }: { figure: Figure; against?: string }) {
  const change =
    figure.value === undefined ? { kind: 'unknown' as const } : figureChange(figure.value, figure.previous, figure);
  // A rate without a base in either period (shown "—") has no change: none is made up against it.
  if (change.kind === 'unknown' || change.kind === 'no-base') return <span className="figure-change">&nbsp;</span>;
  const tone = change.kind === 'change' ? change.tone : 'neutral';
  return (
    <span
      className={`figure-change ${tone}`}
      title={figure.previous === undefined ? undefined : `${against}: ${figureText(figure.previous, figure.format)}`}
    >
      {change.text} <span className="muted">vs {against}</span>
    </span>
  );
}

/** A row of headline figures with their change against the compared period (`against` names it), shared by the reports. */
export function FigureCards({
  figures,
  label,
  against,
  stale = false,
  busy = false,
}: {
  figures: Figure[];
  label: string;
  against?: string;
  stale?: boolean;
  busy?: boolean;
}) {
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
              <p className="figure-value">{figureText(f.value, f.format)}</p>
              <ChangeLine figure={f} against={against} />
            </>
          )}
        </article>
      ))}
    </section>
  );
}

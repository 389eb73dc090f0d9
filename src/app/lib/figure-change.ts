export type ChangeTone = 'good' | 'bad' | 'neutral';

export type FigureChange =
  /** The previous period has not loaded (or is still the old range's). */
  | { kind: 'unknown' }
  /** Nothing before: a relative change would be infinite. */
  | { kind: 'from-zero'; text: 'no change' | 'new' }
  /** A rate without a base in either period (null from the API): there is nothing to compare. */
  | { kind: 'no-base'; text: 'nothing to compare' }
  | { kind: 'change'; text: string; tone: ChangeTone };

const signedPercent = new Intl.NumberFormat(undefined, {
  style: 'percent',
  maximumFractionDigits: 1,
  signDisplay: 'exceptZero',
});
const multiple = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });
const signedPoints = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1, signDisplay: 'exceptZero' });

/**
 * How a figure moved against the previous period. Counts change relatively (+12%); rates such as
 * bounce rate change in percentage points (40% → 44% is "+4 pts", not "+10%"), which is how people
 * read them. `lowerIsBetter` turns a rise red (bounce rate).
 */
export function figureChange(
  now: number | null,
  before: number | null | undefined,
  opts: { points?: boolean; lowerIsBetter?: boolean } = {},
): FigureChange {
  if (before === undefined) return { kind: 'unknown' };
  // "−44.1 pts" against an empty period's 0% bounce rate was a change nothing had made.
  if (now === null || before === null) return { kind: 'no-base', text: 'nothing to compare' };
  const diff = now - before;
  let text: string;
  let size: number;
  if (opts.points) {
    const pts = Math.round(diff * 1000) / 10;
    text = `${signedPoints.format(pts)} pts`;
    size = Math.abs(pts);
  } else {
    if (before === 0) return { kind: 'from-zero', text: now === 0 ? 'no change' : 'new' };
    const ratio = diff / before;
    // From almost nothing, "+68,316%" is noise; "684× the previous period" says the same readably.
    text = ratio >= 9 ? `${multiple.format(now / before)}×` : signedPercent.format(ratio);
    size = Math.abs(ratio) * 100;
  }
  // Below what the text can show (0.05 of a percent or point) it reads as no change, so it is not coloured.
  if (size < 0.05) return { kind: 'change', text, tone: 'neutral' };
  const good = opts.lowerIsBetter ? diff < 0 : diff > 0;
  return { kind: 'change', text, tone: good ? 'good' : 'bad' };
}

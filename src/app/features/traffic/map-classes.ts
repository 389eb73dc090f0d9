/** How many colour steps the country map uses; more are hard to tell apart on a small map. */
export const MAP_STEPS = 5;

/** Rounds down to one significant digit (1,585 → 1,000), so the legend reads in round numbers. */
const roundDown = (n: number) => {
  const unit = 10 ** Math.floor(Math.log10(n));
  return Math.floor(n / unit) * unit;
};

/**
 * The lower bound of each colour step for counts from 1 to `max`, on a log scale: visits by country
 * are very uneven (one country often has more than all the others together), and equal steps would
 * paint every country but the first in the palest colour.
 */
export function mapClasses(max: number, steps = MAP_STEPS): number[] {
  if (max < 1) return [];
  const bounds = Array.from({ length: steps }, (_, i) => roundDown(max ** (i / steps)));
  return [...new Set(bounds)];
}

/** The step a count falls in (0 = palest), or -1 for no sessions. */
export function classOf(count: number, bounds: number[]): number {
  if (count < 1) return -1;
  let step = 0;
  while (step + 1 < bounds.length && count >= bounds[step + 1]) step++;
  return step;
}

/** How strongly a step is painted, as a share of the accent colour; the palest still differs from "none". */
export const stepStrength = (step: number, steps: number) => Math.round(Math.max(0.3, (step + 1) / steps) * 100);

/** A step's colour: its share of the accent mixed into the card's surface, so dark mode follows. */
export const stepFill = (step: number, steps: number) =>
  step < 0 ? 'var(--map-none)' : `color-mix(in srgb, var(--chart-1) ${stepStrength(step, steps)}%, var(--surface))`;

/** The legend's words for each step: "1–5", "6–39", …, "1,000–4,210". */
export function classRanges(bounds: number[], max: number, format: (n: number) => string): string[] {
  return bounds.map((from, i) => {
    const to = i + 1 < bounds.length ? bounds[i + 1] - 1 : max;
    return from === to ? format(from) : `${format(from)}–${format(to)}`;
  });
}

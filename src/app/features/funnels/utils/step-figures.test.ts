import { describe, expect, it } from 'vitest';
import { stepFigures } from './step-figures.js';

const step = (n: number, page: string, sessions: number, conversion_rate: number | null) => ({
  step: n,
  page,
  sessions,
  conversion_rate,
});

describe('stepFigures', () => {
  it('adds share of entrants and drop-off since the previous step', () => {
    const figures = stepFigures([step(1, '/', 200, 1), step(2, '/pricing', 50, 0.25), step(3, '/signup', 10, 0.2)]);
    expect(figures.map((f) => [f.of_first, f.dropped_off, f.drop_off_rate])).toEqual([
      [1, 0, 0],
      [0.25, 150, 0.75],
      [0.05, 40, 0.8],
    ]);
    expect(figures[1]).toMatchObject({ step: 2, page: '/pricing', sessions: 50, conversion_rate: 0.25 });
  });

  it('reads zero sessions as no drop-off rate (nothing could drop off), not as NaN or 0%', () => {
    expect(
      stepFigures([step(1, '/', 0, null), step(2, '/a', 0, null)]).map((f) => [f.of_first, f.drop_off_rate]),
    ).toEqual([
      [0, null],
      [0, null],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { cuped, type CovariateSums } from './cuped.js';

/** The sums the store returns, from per-visitor rows (y, x, h). */
const sums = (rows: [number, number, number][]): CovariateSums => ({
  n: rows.length,
  y: rows.reduce((t, [y]) => t + y, 0),
  yy: rows.reduce((t, [y]) => t + y * y, 0),
  x: rows.reduce((t, [, x]) => t + x, 0),
  xx: rows.reduce((t, [, x]) => t + x * x, 0),
  h: rows.reduce((t, [, , h]) => t + h, 0),
  xy: rows.reduce((t, [y, x]) => t + x * y, 0),
  hy: rows.reduce((t, [y, , h]) => t + h * y, 0),
});

describe('CUPED', () => {
  it('adjusts a small example by hand: everyone has history, so x alone', () => {
    // Control (y, x): (1, 0), (4, 2), (4, 4); variant: (2, 0), (4, 2), (6, 4). Everyone has history,
    // so h is constant and drops out. Centred: control S_yy 6, S_xy 6, S_xx 8; variant 8, 8, 8.
    // θ = (6 + 8) / (8 + 8) = 0.875. Residual sums: control 6 − 2·0.875·6 + 0.875²·8 = 1.625,
    // variant 8 − 14 + 6.125 = 0.125; variances /2: 0.8125 and 0.0625. Cut: 1 − 1.75/14 = 0.875.
    // Both arms' mean x is the overall 2, so the means stay 3 and 4.
    const r = cuped([
      sums([
        [1, 0, 1],
        [4, 2, 1],
        [4, 4, 1],
      ]),
      sums([
        [2, 0, 1],
        [4, 2, 1],
        [6, 4, 1],
      ]),
    ]);
    expect(r.arms[0].mean).toBeCloseTo(3, 12);
    expect(r.arms[1].mean).toBeCloseTo(4, 12);
    expect(r.arms[0].variance).toBeCloseTo(0.8125, 12);
    expect(r.arms[1].variance).toBeCloseTo(0.0625, 12);
    expect(r.varianceReduction).toBeCloseTo(0.875, 12);
    expect(r.withHistory).toBe(6);
  });

  it('moves an arm’s mean by θ times its covariate’s imbalance', () => {
    // Control (y, x): (0, 0), (2, 2); variant (2, 2), (4, 4); all with history. Centred S_xx 2 and 2,
    // S_xy 2 and 2: θ = 1. Mean x: control 1, variant 3, overall 2. Adjusted means: 1 − (1 − 2) = 2 and
    // 3 − (3 − 2) = 2: the variant's lead was all in who it drew, and the adjustment removes it.
    const r = cuped([
      sums([
        [0, 0, 1],
        [2, 2, 1],
      ]),
      sums([
        [2, 2, 1],
        [4, 4, 1],
      ]),
    ]);
    expect(r.arms.map((a) => a.mean)).toEqual([2, 2]);
    expect(r.varianceReduction).toBeCloseTo(1, 12);
  });

  it('uses both covariates when some visitors have no history, as least squares on the rows would', () => {
    const control: [number, number, number][] = [
      [0, 0, 0],
      [1, 0, 1],
      [3, 2, 1],
      [1, 0, 0],
      [5, 4, 1],
      [2, 1, 1],
    ];
    const variant: [number, number, number][] = [
      [1, 0, 0],
      [4, 3, 1],
      [2, 0, 1],
      [0, 0, 0],
      [6, 4, 1],
    ];
    const r = cuped([sums(control), sums(variant)]);
    // The same θ from the rows: within-arm centred least squares of y on (x, h), solved directly.
    const centre = (rows: [number, number, number][]) => {
      const m = [0, 1, 2].map((k) => rows.reduce((t, row) => t + row[k], 0) / rows.length);
      return rows.map((row) => row.map((v, k) => v - m[k]));
    };
    const all = [...centre(control), ...centre(variant)];
    const dot = (a: number, b: number) => all.reduce((t, row) => t + row[a] * row[b], 0);
    const [sxx, shh, sxh, sxy, shy] = [dot(1, 1), dot(2, 2), dot(1, 2), dot(1, 0), dot(2, 0)];
    const det = sxx * shh - sxh * sxh;
    const theta = [(shh * sxy - sxh * shy) / det, (sxx * shy - sxh * sxy) / det];
    const residual = (rows: number[][]) => rows.reduce((t, [y, x, h]) => t + (y - theta[0] * x - theta[1] * h) ** 2, 0);
    const centredControl = centre(control);
    expect(r.arms[0].variance).toBeCloseTo(residual(centredControl) / 5, 10);
    const unadjusted = dot(0, 0);
    expect(r.varianceReduction).toBeCloseTo(
      1 - (residual(centredControl) + residual(centre(variant))) / unadjusted,
      10,
    );
    expect(r.withHistory).toBe(7);
  });

  it('changes nothing when nobody has history', () => {
    const r = cuped([
      sums([
        [1, 0, 0],
        [0, 0, 0],
        [1, 0, 0],
      ]),
      sums([
        [0, 0, 0],
        [0, 0, 0],
        [1, 0, 0],
      ]),
    ]);
    expect(r.arms[0]).toEqual({ n: 3, mean: 2 / 3, variance: expect.closeTo(1 / 3, 12) });
    expect(r.arms[1].mean).toBeCloseTo(1 / 3, 12);
    expect(r.varianceReduction).toBe(0);
  });
});

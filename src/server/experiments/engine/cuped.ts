import type { ArmSummary } from './arm-summary.js';

/**
 * CUPED (Deng, Xu, Kohavi & Walker, "Improving the Sensitivity of Online Controlled Experiments by
 * Utilizing Pre-Experiment Data", WSDM 2013), as a regression adjustment with two covariates per
 * visitor: x, the same metric over the 14 days before the visitor's first exposure, and h, whether the
 * visitor had any session then (1) or not (0). A visitor without history has x = 0 and h = 0, so it
 * still counts, and the indicator keeps "no history" apart from "history, nothing reached"
 * (the issue's §6; GrowthBook's gbstats adjusts the same way with one covariate).
 *
 * Per arm a, from the sums the store returns (no per-visitor rows), the centred cross-products
 * S_uv,a = Σuv − n·ū·v̄ (x is 0 wherever h is 0, so Σxh = Σx and Σh² = Σh). Pooled over arms,
 * θ = S_zz⁻¹ S_zy with z = (x, h): the within-arm slope, which a treatment effect cannot bias because
 * the covariates come before the exposure. Each arm's adjusted mean is ȳ_a − θ·(z̄_a − z̄), z̄ the
 * covariates' mean over every visitor, and its variance per visitor
 * (S_yy,a − 2θ·S_zy,a + θᵀS_zz,a θ)/(n_a − 1). The variance cut is 1 − Σ_a adjusted / Σ_a S_yy,a.
 * When S_zz is singular (everyone or no one has history) the adjustment uses the covariate that
 * varies, or none. θ's own uncertainty is left out, as in the paper: it is O(1/n).
 */
export interface CovariateSums {
  n: number;
  /** Σy and Σy² of the per-visitor metric (capped for a continuous one). */
  y: number;
  yy: number;
  /** Σx, Σx² of the pre-exposure metric (capped alike), Σh visitors with history, Σxy and Σhy. */
  x: number;
  xx: number;
  h: number;
  xy: number;
  hy: number;
}

export interface CupedResult {
  arms: ArmSummary[];
  /** 1 − adjusted / unadjusted pooled variance; 0 when there was nothing to adjust with. */
  varianceReduction: number;
  withHistory: number;
}

interface Centred {
  yy: number;
  xx: number;
  hh: number;
  xh: number;
  xy: number;
  hy: number;
}

const centred = (s: CovariateSums): Centred => {
  if (s.n === 0) return { yy: 0, xx: 0, hh: 0, xh: 0, xy: 0, hy: 0 };
  const [my, mx, mh] = [s.y / s.n, s.x / s.n, s.h / s.n];
  return {
    yy: s.yy - s.n * my * my,
    xx: s.xx - s.n * mx * mx,
    hh: s.h - s.n * mh * mh,
    xh: s.x - s.n * mx * mh,
    xy: s.xy - s.n * mx * my,
    hy: s.hy - s.n * mh * my,
  };
};

/** θ = (θx, θh) from the pooled cross-products, falling back to one covariate (or none) when S_zz is singular. */
function slopes(c: Centred): [number, number] {
  const det = c.xx * c.hh - c.xh * c.xh;
  // Relative to the diagonal, so a scale change of x does not change what counts as singular.
  if (c.xx > 0 && c.hh > 0 && det > 1e-9 * c.xx * c.hh) {
    return [(c.hh * c.xy - c.xh * c.hy) / det, (c.xx * c.hy - c.xh * c.xy) / det];
  }
  if (c.xx > 0) return [c.xy / c.xx, 0];
  if (c.hh > 0) return [0, c.hy / c.hh];
  return [0, 0];
}

const sum = (cs: Centred[], k: keyof Centred) => cs.reduce((t, c) => t + c[k], 0);

export function cuped(sums: CovariateSums[]): CupedResult {
  const cs = sums.map(centred);
  const pooled: Centred = {
    yy: sum(cs, 'yy'),
    xx: sum(cs, 'xx'),
    hh: sum(cs, 'hh'),
    xh: sum(cs, 'xh'),
    xy: sum(cs, 'xy'),
    hy: sum(cs, 'hy'),
  };
  const [tx, th] = slopes(pooled);
  const total = sums.reduce((t, s) => t + s.n, 0);
  const meanX = total ? sums.reduce((t, s) => t + s.x, 0) / total : 0;
  const meanH = total ? sums.reduce((t, s) => t + s.h, 0) / total : 0;
  const residual = (c: Centred) =>
    Math.max(0, c.yy - 2 * (tx * c.xy + th * c.hy) + tx * tx * c.xx + 2 * tx * th * c.xh + th * th * c.hh);
  const arms = sums.map((s, i): ArmSummary => {
    if (s.n === 0) return { n: 0, mean: 0, variance: 0 };
    const mean = s.y / s.n - tx * (s.x / s.n - meanX) - th * (s.h / s.n - meanH);
    return { n: s.n, mean, variance: s.n < 2 ? 0 : residual(cs[i]) / (s.n - 1) };
  });
  const adjusted = cs.reduce((t, c) => t + residual(c), 0);
  return {
    arms,
    varianceReduction: pooled.yy > 0 ? Math.max(0, 1 - adjusted / pooled.yy) : 0,
    withHistory: sums.reduce((t, s) => t + s.h, 0),
  };
}

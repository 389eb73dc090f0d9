/** How figures are quoted in evidence, analysis and insights, so the same number always reads the same. */
export const fmt = (n: number) => n.toLocaleString('en-US');

/** A share as a whole percent (`0.456` → `46%`); one decimal below 10% where rounding would hide it. */
export function pct(x: number): string {
  const p = x * 100;
  return p > 0 && p < 10 ? `${(Math.round(p * 10) / 10).toFixed(1)}%` : `${Math.round(p)}%`;
}

/** Element text as quoted in prose. */
export const quote = (s: string) => `"${s}"`;

/** `1 click`, `15 clicks`. */
export const count = (n: number, noun: string, plural = `${noun}s`) => `${fmt(n)} ${n === 1 ? noun : plural}`;

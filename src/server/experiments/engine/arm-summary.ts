/**
 * One arm of a test as the engine sees it: per-visitor values, so a visitor who comes back for three
 * sessions weighs as one (the page script assigns per visitor, so the visitor is the unit that is
 * independent between arms; issue 42 §1).
 *
 * - Binary goal (did the visitor convert): mean p̂ = x/n, variance p̂(1 − p̂)·n/(n − 1), the unbiased
 *   sample variance of n zeros and ones (Σ(yᵢ − ȳ)² = x(1 − p̂)² + (n − x)p̂² = n·p̂(1 − p̂)).
 * - Continuous goal (revenue per visitor, a visitor's mean time): from the sum Σy and the sum of
 *   squares Σy² of the (winsorised) per-visitor values, mean Σy/n and variance (Σy² − (Σy)²/n)/(n − 1).
 *
 * Fewer than two visitors leave no variance to estimate: it is 0 there, and compare.ts gives such an arm
 * no standard error. An arm without visitors has mean 0.
 */
export interface ArmSummary {
  /** Visitors in the arm. */
  n: number;
  /** Mean per-visitor value: conversion rate, revenue per visitor, … */
  mean: number;
  /** Unbiased sample variance of the per-visitor values. */
  variance: number;
}

/** A binary goal's arm from its visitors and the visitors who converted. */
export function binaryArm(n: number, converted: number): ArmSummary {
  if (n <= 0) return { n: 0, mean: 0, variance: 0 };
  const p = converted / n;
  return { n, mean: p, variance: n < 2 ? 0 : (p * (1 - p) * n) / (n - 1) };
}

/** A continuous goal's arm from the sum and the sum of squares of its per-visitor values. */
export function continuousArm(n: number, sum: number, sumOfSquares: number): ArmSummary {
  if (n <= 0) return { n: 0, mean: 0, variance: 0 };
  const mean = sum / n;
  if (n < 2) return { n, mean, variance: 0 };
  // Rounding in Σy² − (Σy)²/n can leave a tiny negative when every value is equal.
  return { n, mean, variance: Math.max(0, (sumOfSquares - (sum * sum) / n) / (n - 1)) };
}

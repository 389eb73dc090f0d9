import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.js';
import { retryDelay, shouldRetry } from './query-client.js';

const err = (status: number, retryAfter?: number) => new ApiError(status, 'internal_error', 'x', undefined, retryAfter);

describe('retry rules', () => {
  it('never retries 4xx answers, except 429 which retries a few times', () => {
    for (const status of [400, 401, 403, 404]) expect(shouldRetry(0, err(status))).toBe(false);
    expect(shouldRetry(0, err(429))).toBe(true);
    expect(shouldRetry(3, err(429))).toBe(true);
    expect(shouldRetry(4, err(429))).toBe(false);
  });

  it('retries server and network failures twice, contract mismatches never', () => {
    expect(shouldRetry(1, err(503))).toBe(true);
    expect(shouldRetry(2, err(503))).toBe(false);
    expect(shouldRetry(0, new ApiError(200, 'contract_mismatch', 'x'))).toBe(false);
  });

  it('waits as long as Retry-After says, else backs off exponentially up to 30 s', () => {
    expect(retryDelay(0, err(429, 7))).toBe(7000);
    expect([0, 1, 2, 10].map((n) => retryDelay(n, err(429)))).toEqual([1000, 2000, 4000, 30_000]);
  });
});

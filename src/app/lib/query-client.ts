import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error.js';

const MAX_RATE_LIMIT_RETRIES = 4;

/** 4xx means asking again gives the same answer, except 429, which asks us to wait and retry. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError) {
    if (error.status === 429) return failureCount < MAX_RATE_LIMIT_RETRIES;
    if (error.status >= 400 && error.status < 500) return false;
    if (error.code === 'contract_mismatch') return false;
  }
  return failureCount < 2;
}

/** Honours Retry-After when the server sends it, else doubles from one second, capped at 30 s. */
export function retryDelay(failureCount: number, error: unknown): number {
  if (error instanceof ApiError && error.retryAfter) return error.retryAfter * 1000;
  return Math.min(30_000, 1000 * 2 ** failureCount);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: shouldRetry, retryDelay, staleTime: 30_000, refetchOnWindowFocus: false } },
  });
}

import type { z } from 'zod';
import { UNSAFE_TEXT_MESSAGE, unsafeTextPath, type ErrorCode } from '../contract/common.js';

/** An error the API reports as-is in the spec's envelope. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** Turns the first zod issue into a 400 that names the offending parameter (`details.field`). */
export function fromZodError(error: z.ZodError, where: 'query' | 'body' | 'params' | 'event'): ApiError {
  const issue = error.issues[0];
  const field = issue?.path.length ? issue.path.map(String).join('.') : undefined;
  const message = field ? `${field}: ${issue.message}` : (issue?.message ?? 'invalid request');
  return new ApiError(400, 'invalid_request', message, {
    ...(field ? { field } : {}),
    in: where,
    issues: error.issues.slice(0, 5).map((i) => ({ path: i.path.map(String).join('.'), message: i.message })),
  });
}

/**
 * A 400 naming the first field of a decoded body, query or path whose text holds NUL or a lone
 * surrogate (contract/common.ts); `prefix` is where that value sits in the request (`events.2.`).
 */
export function refuseUnsafeText(value: unknown, where: 'query' | 'body' | 'params', prefix = ''): void {
  const path = unsafeTextPath(value);
  if (path === null) return;
  const field = `${prefix}${path.join('.')}`.replace(/\.$/, '') || where;
  throw new ApiError(400, 'invalid_request', `${field}: ${UNSAFE_TEXT_MESSAGE}`, { field, in: where });
}

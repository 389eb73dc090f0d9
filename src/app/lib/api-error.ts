import type { KeyPermission } from '../../contract/admin.js';
import type { ErrorCode } from '../../contract/common.js';

/** Any failed call: an HTTP error from the envelope, a network failure (status 0), or a contract mismatch. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'network_error' | 'contract_mismatch',
    message: string,
    /** The request field the server blamed, when it named one. */
    readonly field?: string,
    /** Seconds to wait, from Retry-After on a 429. */
    readonly retryAfter?: number,
    /** The key permission a 403 says is missing (`details.permission`). */
    readonly permission?: KeyPermission,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * A 404 about the named request field (`experimentId`, `page`, …). A 404 for an unknown property
 * (field `propertyId`) is a different problem with its own words, so a page must not read every 404
 * as "no such thing here".
 */
export function isNotFound(error: unknown, field: string): boolean {
  return error instanceof ApiError && error.status === 404 && error.field === field;
}

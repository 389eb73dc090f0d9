import { ClickHouseError } from '@clickhouse/client';
import { StoreUnavailableError } from '../store-unavailable.js';

// Errors the server reports about itself rather than about the statement: retrying later can succeed.
const SERVER_STATE_ERRORS = new Set([
  'TOO_MANY_SIMULTANEOUS_QUERIES',
  'TABLE_IS_READ_ONLY',
  'KEEPER_EXCEPTION',
  'ALL_CONNECTION_TRIES_FAILED',
  'NETWORK_ERROR',
  'SOCKET_TIMEOUT',
  'UNKNOWN_STATUS_OF_INSERT',
  'NO_ZOOKEEPER',
  'TOO_MANY_PARTS',
  'MEMORY_LIMIT_EXCEEDED',
  'ALL_REPLICAS_ARE_STALE',
  'ABORTED',
]);

const NETWORK_CODES: Record<string, string> = {
  ECONNREFUSED: 'the ClickHouse server refuses connections',
  ECONNRESET: 'the ClickHouse server closed the connection',
  EPIPE: 'the ClickHouse server closed the connection',
  ETIMEDOUT: 'the ClickHouse server does not answer',
  EHOSTUNREACH: 'the ClickHouse server cannot be reached',
  ENETUNREACH: 'the ClickHouse server cannot be reached',
  ENOTFOUND: 'the ClickHouse host name does not resolve',
  EAI_AGAIN: 'the ClickHouse host name does not resolve',
};

/**
 * The error as the store reports it: a StoreUnavailableError when ClickHouse cannot be reached or says
 * it is in no state to answer, the error itself when the statement is at fault.
 */
export function classifyClickhouseError(error: unknown): unknown {
  if (error instanceof ClickHouseError) {
    return SERVER_STATE_ERRORS.has(error.type ?? '')
      ? new StoreUnavailableError(`ClickHouse answered ${error.type}`, { cause: error })
      : error;
  }
  const e = error as { code?: string; message?: string } | undefined;
  const network = e?.code ? NETWORK_CODES[e.code] : undefined;
  if (network) return new StoreUnavailableError(network, { cause: error });
  if (/socket hang up|Timeout error|request timed out/i.test(e?.message ?? ''))
    return new StoreUnavailableError('the ClickHouse server does not answer', { cause: error });
  return error;
}

/** Runs `fn`, reporting its failure as classifyClickhouseError does. */
export async function reportingUnavailable<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw classifyClickhouseError(error);
  }
}

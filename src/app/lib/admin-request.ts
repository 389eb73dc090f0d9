import type { z } from 'zod';
import { ADMIN_PREFIX } from '../../contract/admin.js';
import { toApiError } from './api-client.js';
import { ApiError } from './api-error.js';
import { fetchWithCsrf } from './csrf-token.js';

export interface AdminRequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * One call to this server's admin API (`/api/admin/v1`), signed in by the session cookie, the answer
 * parsed with its contract schema. Writes always say JSON, even without a body, and carry the
 * session's CSRF token: the server refuses a cookie-borne write without either (docs/decisions.md).
 */
export async function adminRequest<S extends z.ZodType>(path: string, schema: S, opts: AdminRequestOptions = {}, fetchImpl: typeof fetch = (...a) => fetch(...a)): Promise<z.output<S>> {
  const method = opts.method ?? 'GET';
  let res: Response;
  try {
    const init: RequestInit = {
      method,
      credentials: 'same-origin',
      headers: method === 'GET' ? {} : { 'content-type': 'application/json' },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: opts.signal,
    };
    const url = `${ADMIN_PREFIX}${path}`;
    res = await (method === 'GET' ? fetchImpl(url, init) : fetchWithCsrf(fetchImpl, url, init));
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'network_error', 'Could not reach the server.');
  }
  if (!res.ok) throw await toApiError(res);
  const parsed = schema.safeParse(await res.json().catch(() => undefined));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ApiError(res.status, 'contract_mismatch', `${method} ${path}: the response does not match the admin contract (${issue?.path.join('.') || 'the body'}: ${issue?.message}).`);
  }
  return parsed.data;
}

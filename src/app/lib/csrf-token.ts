import { ADMIN_PREFIX, CSRF_HEADER } from '../../contract/admin.js';
import { adminEndpoints } from '../../contract/admin-endpoints.js';

// Read with fetch itself, not the client: the client's writes wait on this token.
const session = adminEndpoints.adminSession;

let pending: Promise<string> | null = null;

/**
 * The admin session's CSRF token, asked for once per page load. '' when it cannot be had (signed
 * out): the write then goes without it and the server's refusal says why, as for any other write.
 */
function csrfToken(fetchImpl: typeof fetch): Promise<string> {
  pending ??= fetchImpl(`${ADMIN_PREFIX}${session.path}`, { credentials: 'same-origin' })
    .then(async (res) => (res.ok ? session.response.parse(await res.json()).csrf_token : ''))
    .catch(() => '')
    .then((token) => {
      if (!token) pending = null;
      return token;
    });
  return pending;
}

/**
 * A cookie-borne write with the session's CSRF token. A 403 may mean the token belongs to an older
 * session (signed in again in another tab): it is asked for again, and the write sent once more
 * only if the token changed, so a real refusal is never sent twice.
 */
export async function fetchWithCsrf(fetchImpl: typeof fetch, url: string, init: RequestInit): Promise<Response> {
  const send = (token: string) =>
    fetchImpl(url, { ...init, headers: { ...(init.headers as Record<string, string>), [CSRF_HEADER]: token } });
  const token = await csrfToken(fetchImpl);
  const res = await send(token);
  if (res.status !== 403) return res;
  pending = null;
  const fresh = await csrfToken(fetchImpl);
  return fresh && fresh !== token ? send(fresh) : res;
}

/** For tests: the next write asks for the token again. */
export function forgetCsrfToken(): void {
  pending = null;
}

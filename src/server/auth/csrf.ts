import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

export { CSRF_HEADER } from '../../contract/admin.js';

/**
 * The session's CSRF token, derived from its secret id: only a page that can read answers of this
 * origin (`GET /api/admin/v1/session`) learns it, and any server of an installation can check it
 * without shared state. Not a cookie: cookies ignore ports, so a page on another port could set one.
 */
export function csrfTokenFor(sessionId: string): string {
  return createHash('sha256').update(`sightline-csrf\u0000${sessionId}`).digest('base64url');
}

export function csrfTokenMatches(sessionId: string, sent: unknown): boolean {
  if (typeof sent !== 'string') return false;
  const expected = Buffer.from(csrfTokenFor(sessionId));
  const given = Buffer.from(sent);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Whether a browser says the request came from a page of another origin. `Sec-Fetch-Site` is what
 * current browsers send and cannot be set by a page; `same-site` counts as foreign (another port of
 * this host is another origin, though cookies reach it). Without it, an `Origin` of another host
 * counts as foreign; with neither (curl, old browsers) only the CSRF token guards writes.
 */
export function fromAnotherOrigin(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site !== 'same-origin' && site !== 'none';
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return false;
  try {
    return new URL(origin).host !== request.host;
  } catch {
    return true; // `null` (a sandboxed frame, a redirect chain) or garbage
  }
}

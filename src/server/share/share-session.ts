import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ShareLinkSummary } from '../../contract/share-links.js';
import { SHARE_PREFIX } from '../../contract/share-endpoints.js';
import type { ShareLinkRecord } from '../store/store.js';

/** How long a share session lasts at most (a link's expiry ends it sooner). */
export const SHARE_SESSION_TTL_MS = 7 * 86_400_000;

export const shareCookieName = (linkId: string) => `sl_share_${linkId}`;

/**
 * A share session's cookie value: an HMAC keyed by what only the server holds about the link (its
 * token's hash and, with a password, the password's argon2id hash with its random salt). Nothing is
 * stored per session: revoking or expiring the link ends every session at once, and a cookie made
 * for one link opens no other.
 */
export function shareSessionProof(link: Pick<ShareLinkRecord, 'id' | 'token_hash' | 'password_hash'>): string {
  return createHmac('sha256', `${link.token_hash}\u0000${link.password_hash ?? ''}`)
    .update(`sightline-share-session\u0000${link.id}`)
    .digest('base64url');
}

export function shareSessionMatches(link: ShareLinkRecord, sent: string | undefined): boolean {
  if (!sent) return false;
  const expected = Buffer.from(shareSessionProof(link));
  const given = Buffer.from(sent);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Set-Cookie for a link's share session, scoped by Path to SHARE_PREFIX: the browser never sends it
 * to the admin or external API. An embed link's is `SameSite=None; Secure; Partitioned`, the only
 * kind a framed page's requests carry (CHIPS: kept per embedding site); Chrome and Firefox accept
 * `Secure` on http://localhost, so it works in development, and only over https elsewhere.
 */
export function shareCookie(link: ShareLinkRecord, opts: { secure: boolean; now: Date; clear?: boolean }): string {
  const until = Math.min(opts.now.getTime() + SHARE_SESSION_TTL_MS, link.expires_at?.getTime() ?? Infinity);
  const maxAge = opts.clear ? 0 : Math.max(0, Math.floor((until - opts.now.getTime()) / 1000));
  const site = link.embed ? 'SameSite=None; Secure; Partitioned' : `SameSite=Strict${opts.secure ? '; Secure' : ''}`;
  const value = opts.clear ? '' : shareSessionProof(link);
  return `${shareCookieName(link.id)}=${value}; HttpOnly; ${site}; Path=${SHARE_PREFIX}; Max-Age=${maxAge}`;
}

export type ShareLinkState = ShareLinkSummary['state'];

export function shareLinkState(link: Pick<ShareLinkRecord, 'expires_at' | 'revoked_at'>, now: Date): ShareLinkState {
  if (link.revoked_at) return 'revoked';
  if (link.expires_at && link.expires_at.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

/** The link as the admin API lists it: never its token or password hash. */
export function shareLinkToApi(link: ShareLinkRecord, now: Date): ShareLinkSummary {
  return {
    id: link.id,
    property_id: link.property_id,
    label: link.label,
    reports: link.reports,
    filters: link.filters as ShareLinkSummary['filters'],
    password: link.password_hash !== null,
    embed: link.embed,
    frame_ancestors: link.frame_ancestors,
    created_by: link.created_by,
    created_at: link.created_at.toISOString(),
    expires_at: link.expires_at?.toISOString() ?? null,
    revoked_at: link.revoked_at?.toISOString() ?? null,
    state: shareLinkState(link, now),
  };
}

/** The URL handed out: the dashboard's `/share/<token>` page. */
export const shareLinkUrl = (base: string, token: string) => `${base.replace(/\/+$/, '')}/share/${token}`;

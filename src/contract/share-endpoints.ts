import * as s from './share-links.js';
import type { Endpoint } from './endpoints.js';

/**
 * Where a share link's public side answers. A prefix of its own: the share session's cookie is
 * scoped to it (Path), so it never reaches the admin API or the external API, whatever a page asks.
 */
export const SHARE_PREFIX = '/api/share/v1';
/** Under SHARE_PREFIX, one link's reports: the external API's report paths after this. */
export const shareReportsBase = (linkId: string) => `${SHARE_PREFIX}/links/${encodeURIComponent(linkId)}`;

/** The public side of share links (docs/share-links.md): open to anyone holding a link's token. */
export const shareEndpoints = {
  sharedView: {
    method: 'GET',
    path: '/open/{token}',
    tag: 'Share links',
    summary: 'What a share link shows, and whether this browser has opened it',
    params: s.sharedTokenParams,
    response: s.sharedViewResponse,
    open: true,
  },
  openSharedView: {
    method: 'POST',
    path: '/open/{token}',
    tag: 'Share links',
    summary: 'Open a share link (with its password when it has one); sets its share session cookie',
    params: s.sharedTokenParams,
    body: s.openSharedViewBody,
    response: s.sharedViewResponse,
    open: true,
  },
} satisfies Record<string, Endpoint>;

import type { Connection } from '../../../lib/connection.js';

/**
 * The saved funnel last opened or saved on this browser, per property (and connection: two servers
 * may both have an `acme-shop`), so the Funnels page opens on it next time (issue 13 §7). Kept in
 * localStorage: it is a convenience, not a secret, and outlives the tab. Storage that refuses (a
 * private window, a full quota) only means the page opens on the first saved funnel instead.
 */
// The server, never any part of a key: the key itself lives in sessionStorage so that it dies with the tab.
const storageKey = (connection: Connection, propertyId: string) =>
  `sightline.funnels.last:${connection.mode === 'key' ? connection.baseUrl : 'this server'}:${propertyId}`;

export function rememberFunnel(connection: Connection, propertyId: string, funnelId: string): void {
  try {
    localStorage.setItem(storageKey(connection, propertyId), funnelId);
  } catch {
    // see above: nothing to do
  }
}

export function lastFunnelId(connection: Connection, propertyId: string): string | null {
  try {
    return localStorage.getItem(storageKey(connection, propertyId));
  } catch {
    return null;
  }
}

/** Which saved funnel an untouched Funnels page opens: the last one used if it still exists, else the newest (the list's first). */
export const funnelToOpen = <F extends { id: string }>(saved: F[], lastId: string | null): F | undefined =>
  saved.find((f) => f.id === lastId) ?? saved[0];

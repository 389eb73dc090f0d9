import { z } from 'zod';
import { propertyId } from '../../contract/common.js';

/**
 * Where the dashboard reads data from. Session mode: this server, authorised by the admin sign-in
 * cookie. Key mode: any service speaking /api/external/v1, with a bearer key. The external API
 * cannot list properties, so key mode carries the property ids the person typed in.
 */
export type Connection =
  { mode: 'session' } | { mode: 'key'; baseUrl: string; key: string; propertyIds: string[] } | ShareConnection;

/**
 * A share link's page (features/share): its one property, read through the link's share session
 * (a cookie only the share API receives). Never saved: it lives as long as the `/share/…` page.
 */
export interface ShareConnection {
  mode: 'share';
  linkId: string;
  property: { id: string; name: string; timezone: string };
}

export const keyConnectionSchema = z.object({
  mode: z.literal('key'),
  baseUrl: z.url({ protocol: /^https?$/ }),
  key: z.string().min(1),
  propertyIds: z.array(propertyId).min(1),
});

const STORAGE_KEY = 'sightline.connection';

// sessionStorage, not localStorage: a key typed on a shared machine should die with the tab.
export function loadConnection(): Connection {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    if (raw) return keyConnectionSchema.parse(JSON.parse(raw));
  } catch {
    // a damaged or outdated entry falls back to this server's session
  }
  return { mode: 'session' };
}

export function saveConnection(connection: Connection): void {
  if (connection.mode !== 'key') sessionStorage.removeItem(STORAGE_KEY);
  else sessionStorage.setItem(STORAGE_KEY, JSON.stringify(connection));
}

/** Part of every query key, so data read with one key never shows up under another. */
export function connectionKey(connection: Connection): string {
  if (connection.mode === 'share') return `share:${connection.linkId}`;
  return connection.mode === 'session' ? 'session' : `key:${connection.baseUrl}:${connection.key.slice(-6)}`;
}

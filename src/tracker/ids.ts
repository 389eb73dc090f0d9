import { load, save } from './storage.js';

export const VISITOR_KEY = 'sl_vid';
export const SESSION_KEY = 'sl_ses';
/** 30 minutes without an event ends a session (operations.md §4). */
export const SESSION_IDLE_MS = 30 * 60_000;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
const VALID = /^[A-Za-z0-9_-]{1,64}$/;

/** 96 random bits in the id alphabet the collector accepts. getRandomValues works without HTTPS. */
export function randomId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => ALPHABET[b & 63]).join('');
}

/** The browser's visitor id, made on first use and kept in first-party storage. */
export function visitorId(): string {
  let id = load<string>(VISITOR_KEY);
  if (typeof id != 'string' || !VALID.test(id)) save(VISITOR_KEY, (id = randomId()));
  return id;
}

/** The current session id; each call counts as activity, and a new id starts after 30 idle minutes. */
export function sessionId(now = Date.now()): string {
  let s = load<{ id: string; at: number }>(SESSION_KEY);
  // Written as "not less than" so a missing or garbled timestamp also starts a new session.
  if (!s || !VALID.test(s.id) || !(now - s.at < SESSION_IDLE_MS)) s = { id: randomId(), at: now };
  s.at = now;
  save(SESSION_KEY, s);
  return s.id;
}

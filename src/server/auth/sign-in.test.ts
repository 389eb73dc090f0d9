import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanUp, makeTempDir, readAllFiles } from '../../cli/test-support/spawn-helpers.js';
import { openDuckdbStore } from '../store/duckdb/duckdb-store.js';
import type { Store } from '../store/store.js';
import { hashKey } from './api-keys.js';
import {
  issueSignInToken,
  parseCookies,
  redeemSignInToken,
  SESSION_TTL_MS,
  sessionCookie,
  SIGN_IN_TOKEN_TTL_MS,
  signInLink,
} from './sign-in.js';

describe('sign-in tokens', () => {
  let store: Store;
  beforeEach(async () => {
    store = await openDuckdbStore(':memory:');
  });
  afterEach(() => store.close());

  it('are 32 random bytes in base62, and work once', async () => {
    const token = await issueSignInToken(store);
    expect(token).toMatch(/^[0-9A-Za-z]{43}$/);
    const session = await redeemSignInToken(store, token);
    expect(session).toMatch(/^[0-9A-Za-z]{43}$/);
    expect(null !== (await store.adminSession(hashKey(session!), new Date()))).toBe(true);
    expect(await redeemSignInToken(store, token)).toBeNull();
  });

  it('expire after 24 hours', async () => {
    const issued = new Date('2026-03-01T12:00:00Z');
    const token = await issueSignInToken(store, issued);
    expect(await redeemSignInToken(store, token, new Date(issued.getTime() + SIGN_IN_TOKEN_TTL_MS))).toBeNull();
    // expiry did not use it up by mistake: a moment earlier it still works
    expect(
      await redeemSignInToken(store, token, new Date(issued.getTime() + SIGN_IN_TOKEN_TTL_MS - 1000)),
    ).not.toBeNull();
  });

  it('refuse unknown and malformed tokens', async () => {
    await issueSignInToken(store);
    expect(await redeemSignInToken(store, 'A'.repeat(43))).toBeNull();
    expect(await redeemSignInToken(store, "x' OR 1=1 --")).toBeNull();
    expect(await redeemSignInToken(store, '')).toBeNull();
  });

  it('open sessions that last 30 days and end when deleted', async () => {
    const now = new Date('2026-03-01T12:00:00Z');
    const session = (await redeemSignInToken(store, await issueSignInToken(store, now), now))!;
    const hash = hashKey(session);
    expect(null !== (await store.adminSession(hash, new Date(now.getTime() + SESSION_TTL_MS - 1000)))).toBe(true);
    expect(null !== (await store.adminSession(hash, new Date(now.getTime() + SESSION_TTL_MS)))).toBe(false);
    expect(await store.deleteAdminSession(hash)).toBe(true);
    expect(null !== (await store.adminSession(hash, now))).toBe(false);
    expect(await store.deleteAdminSession(hash)).toBe(false);
  });

  it('are stored only as hashes, never as the token or session id', async () => {
    const dir = await makeTempDir();
    const onDisk = await openDuckdbStore(dir);
    const token = await issueSignInToken(onDisk);
    const session = (await redeemSignInToken(onDisk, token))!;
    await onDisk.close();
    const files = await readAllFiles(dir);
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) {
      expect(f.bytes.includes(token), f.path).toBe(false);
      expect(f.bytes.includes(session), f.path).toBe(false);
    }
    // the raw id is not what the store looks up
    expect(null !== (await store.adminSession(session, new Date()))).toBe(false);
    await cleanUp();
  });
});

describe('parseCookies', () => {
  it('reads name=value pairs, trimming, unquoting and decoding', () => {
    expect(parseCookies('a=1; sl_session=abc ;b="q%20x"')).toEqual({ a: '1', sl_session: 'abc', b: 'q x' });
  });
  it('keeps the first of a repeated name and skips junk', () => {
    expect(parseCookies('x=1; x=2; novalue; =empty; bad=%E0%A4%A')).toEqual({ x: '1', bad: '%E0%A4%A' });
    expect(parseCookies(undefined)).toEqual({});
    expect(parseCookies('')).toEqual({});
  });
});

describe('sessionCookie and signInLink', () => {
  it('write the cookie attributes', () => {
    expect(sessionCookie('abc', { secure: false, maxAgeSeconds: 60 })).toBe(
      'sl_session=abc; HttpOnly; SameSite=Strict; Path=/; Max-Age=60',
    );
    expect(sessionCookie('', { secure: true, maxAgeSeconds: 0 })).toBe(
      'sl_session=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0; Secure',
    );
  });
  it('show a wildcard listen address as localhost', () => {
    expect(signInLink('http://127.0.0.1:8787', 't')).toBe('http://127.0.0.1:8787/sign-in?token=t');
    expect(signInLink('http://0.0.0.0:8787/', 't')).toBe('http://localhost:8787/sign-in?token=t');
    expect(signInLink('http://[::]:8787', 't')).toBe('http://localhost:8787/sign-in?token=t');
  });
});

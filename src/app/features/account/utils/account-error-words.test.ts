import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error.js';
import { linkIsGone, setPasswordErrorWords, signInErrorWords, waitWords } from './account-error-words.js';

describe('signInErrorWords', () => {
  it('says wrong email or password for either, as the server does, and names a disabled account', () => {
    expect(signInErrorWords(new ApiError(401, 'unauthorized', 'wrong email or password', 'password'))).toBe(
      'Wrong email or password.',
    );
    expect(signInErrorWords(new ApiError(401, 'unauthorized', 'this account is disabled', 'password'))).toBe(
      'This account is disabled. Ask an owner to enable it again.',
    );
  });

  it('says how long to wait after too many failures, from Retry-After', () => {
    const held = (s?: number) => new ApiError(429, 'rate_limited', 'too many', undefined, s);
    expect(signInErrorWords(held(42))).toBe('Too many failed sign-ins. Try again in 42 seconds.');
    // 150 s is two and a half minutes: round up, so trying at the time said works.
    expect(signInErrorWords(held(150))).toBe('Too many failed sign-ins. Try again in 3 minutes.');
    expect(signInErrorWords(held())).toBe('Too many failed sign-ins. Try again in a minute.');
  });

  it('says the server cannot be reached, and words anything that is not an API answer', () => {
    expect(signInErrorWords(new ApiError(0, 'network_error', 'Could not reach the server.'))).toMatch(
      /^Could not reach the Sightline server/,
    );
    expect(signInErrorWords(new TypeError('boom'))).toBe('Signing in failed. Reload the page and try again.');
  });
});

describe('waitWords', () => {
  it('says one second, and seconds up to a minute and a half', () => {
    expect([waitWords(1), waitWords(89), waitWords(90)]).toEqual(['in 1 second', 'in 89 seconds', 'in 2 minutes']);
  });
});

describe('set-password failures', () => {
  it('tells a used or expired link (404) from other failures', () => {
    expect(linkIsGone(new ApiError(404, 'not_found', 'this link is used or expired', 'token'))).toBe(true);
    expect(linkIsGone(new ApiError(400, 'invalid_request', 'password: at least 10 characters', 'password'))).toBe(
      false,
    );
    expect(setPasswordErrorWords(new ApiError(400, 'invalid_request', 'password: at least 10 characters'))).toBe(
      'Setting the password failed: password: at least 10 characters.',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { ApiError, isNotFound } from './api-error.js';
import { describeError } from './error-words.js';

const session = { mode: 'session' } as const;

describe('error words', () => {
  it('names the property a 404 could not find, and says to pick another', () => {
    const error = new ApiError(404, 'not_found', 'no property "nope-xyz"', 'propertyId');
    expect(describeError(error, session, 'nope-xyz')).toEqual({
      title: 'Property "nope-xyz" was not found.',
      action: 'Pick another property.',
    });
  });

  it('says something went wrong, not an HTTP status, for a failure that is not an API error', () => {
    expect(describeError(new TypeError('x is undefined'), session).title).toBe('Something went wrong.');
  });
});

describe('a 404 about one field', () => {
  it('is that thing missing only when the server blamed that field', () => {
    expect(isNotFound(new ApiError(404, 'not_found', 'no split test "x"', 'experimentId'), 'experimentId')).toBe(true);
    // An unknown property also answers 404: that is not "no such experiment".
    expect(isNotFound(new ApiError(404, 'not_found', 'no property "nope"', 'propertyId'), 'experimentId')).toBe(false);
    expect(isNotFound(new ApiError(404, 'not_found', 'no route'), 'page')).toBe(false);
    expect(isNotFound(new ApiError(400, 'invalid_request', 'bad page', 'page'), 'page')).toBe(false);
    expect(isNotFound(new Error('404'), 'page')).toBe(false);
  });
});

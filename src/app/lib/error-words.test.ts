import { describe, expect, it } from 'vitest';
import { ApiError, isNotFound } from './api-error.js';
import type { Connection } from './connection.js';
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

  it('says which permission a key lacks, and what it would allow, rather than blaming the property', () => {
    const key: Connection = { mode: 'key', baseUrl: 'https://stats.example.com', key: 'sl_x', propertyIds: ['shop'] };
    const refused = (permission: 'metrics' | 'configure') =>
      new ApiError(
        403,
        'forbidden',
        `this API key lacks the ${permission} permission`,
        undefined,
        undefined,
        permission,
      );
    expect(describeError(refused('configure'), key, 'shop')).toEqual({
      title: 'This key may not create, change or delete goals and saved funnels: it lacks the configure permission.',
      action: 'Use a key that has it; an admin makes keys on the API access page.',
    });
    expect(describeError(refused('metrics'), key, 'shop').title).toBe(
      'This key may not read figures: it lacks the metrics permission.',
    );
    // Without a permission named, a 403 is about the property.
    expect(describeError(new ApiError(403, 'forbidden', 'no access', 'propertyId'), key, 'shop').title).toBe(
      'This key may not read property "shop".',
    );
  });

  it('tells a signed-in account which role a refused write needs, not to use another key', () => {
    const refused = new ApiError(
      403,
      'forbidden',
      'a viewer account cannot do this',
      undefined,
      undefined,
      'configure',
    );
    expect(describeError(refused, session, 'shop')).toEqual({
      title:
        'Your account may not create, change or delete goals and saved funnels: that needs the editor role or higher.',
      action: 'Ask an owner to change your role if you need to.',
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

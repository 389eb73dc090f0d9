import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error.js';
import { mutationErrorWords } from './mutation-error-words.js';

const session = { mode: 'session' } as const;

describe('mutationErrorWords', () => {
  it("keeps the server's own words for a funnel that is gone", () => {
    const gone = new ApiError(404, 'not_found', 'no saved funnel "fnl_1" in this property', 'funnelId');
    expect(mutationErrorWords(gone, session, 'shop')).toBe('No saved funnel "fnl_1" in this property.');
  });

  it('says what to do when the sign-in expired', () => {
    expect(mutationErrorWords(new ApiError(401, 'unauthorized', 'x'), session, 'shop')).toMatch(
      /^Your sign-in has expired\. Sign in again/,
    );
  });
});

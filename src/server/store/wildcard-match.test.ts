import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wildcardRegex } from '../../contract/filters.js';
import { wildcardMatcher } from './wildcard-match.js';

// The linear-time matcher answers as the regular expression the stores' SQL runs would: checked against
// JavaScript's own engine on inputs too small to make it backtrack for long.
describe('wildcardMatcher', () => {
  it('matches whole strings: `*` within a segment, `**` across segments, everything else literal', () => {
    const blog = wildcardMatcher('/blog/*');
    expect([blog('/blog/a'), blog('/blog/'), blog('/blog/a/b'), blog('/blog'), blog('x/blog/a')]).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    const tree = wildcardMatcher('/docs/**');
    expect([tree('/docs/a/b/c'), tree('/docs/'), tree('/doc')]).toEqual([true, true, false]);
    // regular-expression characters are literal
    const literal = wildcardMatcher('/a.b?(c)[d]{2}+$^|\\');
    expect([literal('/a.b?(c)[d]{2}+$^|\\'), literal('/aXb(c)d')]).toEqual([true, false]);
    expect(wildcardMatcher('Sign*')('Signup form sent')).toBe(true);
    expect(wildcardMatcher('Sign*')('Sign/up')).toBe(false);
    expect(wildcardMatcher('café *')('café ☕')).toBe(true);
  });

  it('agrees with the same pattern on a RegExp', () => {
    const alphabet = fc.constantFrom('a', 'b', '/', '.', '*', '?', 'é');
    const text = fc.string({ unit: fc.constantFrom('a', 'b', '/', '.', '?', 'é'), maxLength: 12 });
    fc.assert(
      fc.property(fc.string({ unit: alphabet, minLength: 1, maxLength: 8 }), text, (pattern, value) => {
        expect(wildcardMatcher(pattern)(value)).toBe(new RegExp(wildcardRegex(pattern), 'u').test(value));
      }),
      { numRuns: 500 },
    );
  });
});

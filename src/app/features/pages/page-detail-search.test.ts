import { describe, expect, it } from 'vitest';
import { pageDetailSearch } from './page-detail-search.js';

describe('page detail search', () => {
  it('keeps a page path', () => {
    expect(pageDetailSearch.parse({ path: '/pricing' })).toEqual({ path: '/pricing' });
    expect(pageDetailSearch.parse({ path: '/blog/ab-testing-without-flicker' })).toEqual({
      path: '/blog/ab-testing-without-flicker',
    });
  });

  it('falls back to no page for a missing, relative, query-carrying or non-text path', () => {
    expect(pageDetailSearch.parse({})).toEqual({ path: undefined });
    expect(pageDetailSearch.parse({ path: 'pricing' })).toEqual({ path: undefined });
    expect(pageDetailSearch.parse({ path: '/pricing?plan=pro' })).toEqual({ path: undefined });
    expect(pageDetailSearch.parse({ path: '/a b' })).toEqual({ path: undefined });
    expect(pageDetailSearch.parse({ path: ['/x'] })).toEqual({ path: undefined });
    expect(pageDetailSearch.parse({ path: 404 })).toEqual({ path: undefined });
  });
});

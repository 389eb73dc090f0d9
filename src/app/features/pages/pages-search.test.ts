import { describe, expect, it } from 'vitest';
import { pagesSearch, parseSort } from './pages-search.js';

describe('pages search', () => {
  it('reads a column and direction, and drops anything else', () => {
    expect(pagesSearch.parse({ sort: 'bounce_rate.asc' })).toEqual({ sort: 'bounce_rate.asc' });
    expect(pagesSearch.parse({ sort: 'bounce_rate' })).toEqual({ sort: undefined });
    expect(pagesSearch.parse({ sort: 42 })).toEqual({ sort: undefined });
    expect(parseSort('page_views.desc')).toEqual({ key: 'page_views', dir: 'desc' });
    expect(parseSort(undefined)).toBeNull();
  });
});

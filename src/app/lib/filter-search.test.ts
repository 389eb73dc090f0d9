import { describe, expect, it } from 'vitest';
import type { Filter } from '../../contract/filters.js';
import { parseDashboardSearch, sharedView } from './dashboard-search.js';
import {
  addFilter,
  editFilters,
  filterBy,
  filtersFromSearch,
  filtersQuery,
  removeFilter,
  searchFromFilters,
} from './filter-search.js';

const google: Filter = { op: 'is', dimension: 'referrer', values: ['google.com'] };
const blog: Filter = { op: 'contains', dimension: 'page', values: ['/blog'] };

describe('filters in the URL', () => {
  it('reads the API wire form the router hands over (already JSON-parsed)', () => {
    const search = parseDashboardSearch({
      filters: [
        ['is', 'referrer', ['google.com']],
        ['is_not', 'country', ['US', null]],
      ],
    });
    expect(filtersFromSearch(search.filters)).toEqual([
      google,
      { op: 'is_not', dimension: 'country', values: ['US', null] },
    ]);
  });

  it('falls back to no filters for anything the contract refuses, keeping the rest of the view', () => {
    for (const bad of [
      'referrer=google.com', // not JSON: the router hands over the text
      [['equals', 'referrer', ['google.com']]], // no such operator
      [['is', 'city', ['Paris']]], // no such dimension
      [['contains', 'referrer', [null]]], // unknown only with is / is_not
      [['is', 'referrer', []]], // no value
      Array.from({ length: 11 }, () => ['is', 'device', ['mobile']]), // past the API's 10
    ]) {
      const search = parseDashboardSearch({ range: '7d', filters: bad });
      expect(search.filters, JSON.stringify(bad)).toBeUndefined();
      expect(search.range).toBe('7d');
    }
  });

  it('travels with the shared view to another report', () => {
    const filters = [['is', 'referrer', ['google.com']]];
    expect(sharedView({ range: '7d', filters, path: '/pricing' })).toEqual({ range: '7d', filters });
  });

  it('leaves the parameter out when no filter is left', () => {
    expect(searchFromFilters([])).toBeUndefined();
    expect(
      editFilters((f) => removeFilter(f, 0))({ range: '7d', filters: [['is', 'referrer', ['google.com']]] }),
    ).toEqual({ range: '7d', filters: undefined });
  });
});

describe('what a report sends', () => {
  it('sends nothing when unfiltered, and the wire form otherwise', () => {
    expect(filtersQuery([])).toEqual({});
    expect(filtersQuery([google, { op: 'is', dimension: 'country', values: [null] }])).toEqual({
      filters: '[["is","referrer",["google.com"]],["is","country",[null]]]',
    });
  });
});

describe('clicking a row', () => {
  it('adds an is filter, with null for a row shown as unknown', () => {
    expect(filterBy([], 'referrer', 'google.com')).toEqual([google]);
    expect(filterBy([blog], 'country', null)).toEqual([blog, { op: 'is', dimension: 'country', values: [null] }]);
  });

  it('does nothing when the value is already the filter', () => {
    const filters = [blog, google];
    expect(filterBy(filters, 'referrer', 'google.com')).toBe(filters);
  });

  it('replaces another is on the same dimension in place (two would match nothing), keeping other operators', () => {
    const filters: Filter[] = [google, blog, { op: 'is', dimension: 'referrer', values: ['bing.com'] }];
    expect(filterBy(filters, 'referrer', 't.co')).toEqual([
      { op: 'is', dimension: 'referrer', values: ['t.co'] },
      blog,
    ]);
    expect(filterBy([blog], 'page', '/blog/a')).toEqual([blog, { op: 'is', dimension: 'page', values: ['/blog/a'] }]);
  });
});

describe('typing a filter', () => {
  it('adds it to the others, ignoring an exact repeat', () => {
    expect(addFilter([google], blog)).toEqual([google, blog]);
    expect(addFilter([google, blog], { ...blog, values: ['/blog'] })).toEqual([google, blog]);
    // contains ignores case, so this is the same filter; is does not.
    expect(addFilter([blog], { ...blog, values: ['/BLOG'] })).toEqual([blog]);
    expect(addFilter([google], { ...google, values: ['Google.com'] })).toHaveLength(2);
  });

  it('never goes past the API limit of 10, which would make the whole URL fall back', () => {
    const ten = Array.from({ length: 10 }, (_, i): Filter => ({
      op: 'contains',
      dimension: 'page',
      values: [`/p${i}`],
    }));
    expect(addFilter(ten, google)).toBe(ten);
    expect(filterBy(ten, 'referrer', 'google.com')).toBe(ten);
  });
});

import { describe, expect, it } from 'vitest';
import { aggregateSearch, selectedProperties, selectionParam } from './aggregate-search.js';

const demo = ['acme-shop', 'acme-docs', 'acme-blog'];

describe('aggregate selection in the URL', () => {
  it('reads absent as every property, empty as none, and keeps the connection order', () => {
    expect(selectedProperties(undefined, demo)).toEqual(demo);
    expect(selectedProperties('', demo)).toEqual([]);
    expect(selectedProperties('acme-blog,acme-shop', demo)).toEqual(['acme-shop', 'acme-blog']);
  });

  it('drops ids the connection does not offer, duplicates and empty parts', () => {
    expect(selectedProperties('acme-blog,,other,acme-blog', demo)).toEqual(['acme-blog']);
  });

  it('caps the selection at the API maximum of 20', () => {
    const many = Array.from({ length: 25 }, (_, i) => `p${i}`);
    expect(selectedProperties(undefined, many)).toHaveLength(20);
    expect(selectionParam(many.slice(0, 20), many)).toBeUndefined();
  });

  it('writes everything as absent and a part as a comma list', () => {
    expect(selectionParam(['acme-docs', 'acme-shop', 'acme-blog'], demo)).toBeUndefined();
    expect(selectionParam(['acme-shop', 'acme-blog'], demo)).toBe('acme-shop,acme-blog');
    expect(selectionParam([], demo)).toBe('');
  });

  it('falls back to absent on a malformed value, and reads a numeric id as text', () => {
    expect(aggregateSearch.parse({ properties: 'a b<script>' })).toEqual({ properties: undefined });
    expect(aggregateSearch.parse({ properties: 123 })).toEqual({ properties: '123' });
    expect(aggregateSearch.parse({})).toEqual({ properties: undefined });
  });
});

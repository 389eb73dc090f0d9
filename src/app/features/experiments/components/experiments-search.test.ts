import { describe, expect, it } from 'vitest';
import { experimentsSearch } from './experiments-search.js';

describe('experiments list URL state', () => {
  it('keeps a valid status and falls back to all on anything else', () => {
    expect(experimentsSearch.parse({ status: 'complete' })).toEqual({ status: 'complete' });
    expect(experimentsSearch.parse({})).toEqual({ status: 'all' });
    expect(experimentsSearch.parse({ status: 'running' })).toEqual({ status: 'all' });
    expect(experimentsSearch.parse({ status: 42 })).toEqual({ status: 'all' });
  });
});

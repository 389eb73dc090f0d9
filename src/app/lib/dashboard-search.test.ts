import { describe, expect, it } from 'vitest';
import { parseDashboardSearch, sharedView } from './dashboard-search.js';

describe('dashboard search params', () => {
  it('gives the defaults for an empty URL', () => {
    expect(parseDashboardSearch({})).toEqual({ range: '30d', compare: false });
  });

  it('falls back field by field, keeping the good values of a damaged link', () => {
    const parsed = parseDashboardSearch({
      property: 'bad id!',
      range: 'fortnight',
      from: '2026-13-45',
      to: 'yesterday',
      compare: 'maybe',
      tz: 'Mars/Olympus_Mons',
      granularity: 'minute',
      extra: 'dropped',
    });
    expect(parsed).toEqual({ range: '30d', compare: false });
    expect(parseDashboardSearch({ property: 'shop', range: 'mtd', tz: 'Nowhere' })).toEqual({
      property: 'shop',
      range: 'mtd',
      compare: false,
    });
  });

  it('round-trips a full link', () => {
    const view = {
      property: 'acme-shop',
      range: 'custom',
      from: '2026-10-01',
      to: '2026-10-31',
      compare: true,
      tz: 'America/New_York',
      granularity: 'week',
    } as const;
    expect(parseDashboardSearch(JSON.parse(JSON.stringify(view)))).toEqual(view);
  });

  it('keeps the comparison and its dates, dropping bad ones on their own (issue 13 §1)', () => {
    const view = {
      range: 'mtd',
      compare: true,
      comparison: 'custom',
      compare_from: '2026-06-01',
      compare_to: '2026-06-24',
    } as const;
    expect(parseDashboardSearch(JSON.parse(JSON.stringify(view)))).toEqual(view);
    expect(parseDashboardSearch({ comparison: 'decade', compare_from: 'June', compare_to: '2026-06-24' })).toEqual({
      range: '30d',
      compare: false,
      compare_to: '2026-06-24',
    });
    expect(parseDashboardSearch({ comparison: 'year' })).toMatchObject({ comparison: 'year' });
  });

  it('reads numeric property ids and "true" as the router may hand them over', () => {
    expect(parseDashboardSearch({ property: 123, compare: 'true' })).toMatchObject({ property: '123', compare: true });
  });
});

describe('sharedView', () => {
  it('keeps the shared view and drops a page’s own parameters', () => {
    expect(sharedView({ property: 'acme', range: '7d', compare: true, path: '/pricing', steps: '[]' })).toEqual({
      property: 'acme',
      range: '7d',
      compare: true,
    });
  });
});

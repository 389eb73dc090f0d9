import { describe, expect, it } from 'vitest';
import { funnelSearch, stepsForUrl } from './funnel-search.js';

describe('funnel search params', () => {
  it('keeps a funnel from a link: steps in order, mode and breakdown', () => {
    expect(
      funnelSearch.parse({ steps: ['/', '/pricing', '/signup'], mode: 'sequential', breakdownBy: 'device' }),
    ).toEqual({
      steps: ['/', '/pricing', '/signup'],
      mode: 'sequential',
      breakdownBy: 'device',
    });
  });

  it('defaults to an empty unbounded funnel without breakdown', () => {
    expect(funnelSearch.parse({})).toEqual({ steps: [], mode: 'unbounded', breakdownBy: undefined });
  });

  it('keeps half-typed steps, so a reload shows the builder as it was', () => {
    expect(funnelSearch.parse({ steps: ['/', '', 'pric'] }).steps).toEqual(['/', '', 'pric']);
  });

  it('drops bad values one field at a time instead of the whole view', () => {
    const parsed = funnelSearch.parse({ steps: ['/', 7, null, '/cart'], mode: 'zigzag', breakdownBy: 'shoe_size' });
    expect(parsed).toEqual({ steps: ['/', '/cart'], mode: 'unbounded', breakdownBy: undefined });
    expect(funnelSearch.parse({ steps: { page: '/' }, mode: 'sequential' })).toEqual({
      steps: [],
      mode: 'sequential',
      breakdownBy: undefined,
    });
  });

  it('reads a single plain path as a one-step funnel', () => {
    expect(funnelSearch.parse({ steps: '/pricing' }).steps).toEqual(['/pricing']);
  });

  it('cuts a hand-made link to the 20 steps the API allows', () => {
    const many = Array.from({ length: 25 }, (_, i) => `/p${i}`);
    expect(funnelSearch.parse({ steps: many }).steps).toEqual(many.slice(0, 20));
  });

  it('leaves steps out of the URL while the builder is untouched', () => {
    expect(stepsForUrl([''])).toBeUndefined();
    expect(stepsForUrl(['', ''])).toBeUndefined();
    expect(stepsForUrl(['/', ''])).toEqual(['/', '']);
  });
});

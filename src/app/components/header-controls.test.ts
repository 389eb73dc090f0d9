import { describe, expect, it } from 'vitest';
import { headerControlsFor, showsFilters } from './header-controls.js';

describe('headerControlsFor', () => {
  it('offers granularity only where a time series is drawn', () => {
    expect(headerControlsFor('/traffic')).toEqual({ property: true, range: true, granularity: true });
    expect(headerControlsFor('/pages')).toEqual({ property: true, range: true, granularity: false });
    expect(headerControlsFor('/funnels/')).toEqual({ property: true, range: true, granularity: false });
  });
  it('drops the single property picker on the multi-property view, and the range on experiments', () => {
    expect(headerControlsFor('/aggregate').property).toBe(false);
    expect(headerControlsFor('/experiments/exp_1')).toEqual({ property: true, range: false, granularity: false });
  });
  it('shows no report controls on admin and connect pages', () => {
    for (const path of ['/properties', '/api-access', '/connect'])
      expect(headerControlsFor(path)).toEqual({ property: false, range: false, granularity: false });
  });
  it('shows the filters on every report and nowhere else', () => {
    for (const path of ['/traffic', '/pages', '/pages/detail', '/clicks', '/forms', '/funnels/', '/aggregate'])
      expect(showsFilters(path), path).toBe(true);
    for (const path of ['/experiments', '/experiments/new', '/properties', '/api-access', '/connect', '/'])
      expect(showsFilters(path), path).toBe(false);
  });
  it('gives Goals the property, range and filters, but no granularity (it draws no time series)', () => {
    expect(headerControlsFor('/goals')).toEqual({ property: true, range: true, granularity: false });
    expect(showsFilters('/goals')).toBe(true);
  });
});

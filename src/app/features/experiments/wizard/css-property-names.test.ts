import { describe, expect, it } from 'vitest';
import { COMMON_CSS_PROPERTIES, cssPropertyNames, isColorProperty } from './css-property-names.js';

describe('css property suggestions', () => {
  it('puts the common ones first, then the browser’s own in order, without prefixes, methods or numbers', () => {
    const proto = {
      color: '',
      zIndex: '',
      alignItems: '',
      webkitAppearance: '',
      cssText: '',
      getPropertyValue() {
        return '';
      },
    };
    const style = Object.assign(Object.create(proto), { 0: 'color', length: 1 });
    expect(cssPropertyNames(style)).toEqual([...COMMON_CSS_PROPERTIES, 'alignItems', 'zIndex']);
    expect(cssPropertyNames(undefined)).toEqual(COMMON_CSS_PROPERTIES);
  });

  it('knows colour properties by their name', () => {
    expect(['color', 'backgroundColor', 'borderTopColor', ' outlineColor '].every(isColorProperty)).toBe(true);
    expect(['background', 'colorScheme', 'fontSize'].some(isColorProperty)).toBe(false);
  });
});

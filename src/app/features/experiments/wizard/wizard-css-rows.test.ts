import { describe, expect, it } from 'vitest';
import { cssValue } from '../../../../contract/experiments.js';
import { cssToRows, rowOfProperty, rowsToCss } from './wizard-css-rows.js';

describe('css property rows ↔ the contract css value', () => {
  it('lists the object as rows in order, numbers as text', () => {
    expect(cssToRows({ backgroundColor: '#1d4ed8', zIndex: 3 })).toEqual([
      { property: 'backgroundColor', value: '#1d4ed8' },
      { property: 'zIndex', value: '3' },
    ]);
  });

  it('turns rows back into an object the contract accepts, skipping wholly blank rows', () => {
    const css = rowsToCss([
      { property: ' color ', value: '#fff' },
      { property: '', value: '' },
      { property: 'fontSize', value: '18px' },
    ]);
    expect(css).toEqual({ color: '#fff', fontSize: '18px' });
    expect(cssValue.safeParse(css).success).toBe(true);
  });

  it('round-trips a recommendation-sized value', () => {
    const css = { backgroundColor: '#1d4ed8', color: '#ffffff', fontSize: '18px', padding: '12px 24px' };
    expect(rowsToCss(cssToRows(css))).toEqual(css);
  });

  it('keeps a half-filled row so the schema can blame it', () => {
    const css = rowsToCss([
      { property: '', value: 'red' },
      { property: 'background-color', value: 'red' },
    ]);
    expect(css).toEqual({ '': 'red', 'background-color': 'red' });
    expect(cssValue.safeParse(css).success).toBe(false);
  });

  it('finds the row of a property by its trimmed name', () => {
    const rows = [
      { property: 'color', value: 'red' },
      { property: ' fontSize', value: '1px' },
    ];
    expect(rowOfProperty(rows, 'fontSize')).toBe(1);
    expect(rowOfProperty(rows, 'margin')).toBe(-1);
  });
});

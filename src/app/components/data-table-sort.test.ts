import { describe, expect, it } from 'vitest';
import { sortRows, type Column } from './data-table.js';

type Row = { path: string; bounce_rate: number | null };
const rows: Row[] = [
  { path: '/features', bounce_rate: null }, // nobody entered on it
  { path: '/', bounce_rate: 0.44 },
  { path: '/contact', bounce_rate: null },
  { path: '/pricing', bounce_rate: 0.1 },
];
const bounce: Column<Row> = { key: 'bounce_rate', label: 'Bounce rate', numeric: true };
const paths = (sorted: Row[]) => sorted.map((r) => r.path);

describe('table sort (issue 13 §3)', () => {
  it('puts rows without a rate last, ascending and descending', () => {
    expect(paths(sortRows(rows, bounce, 'asc'))).toEqual(['/pricing', '/', '/features', '/contact']);
    expect(paths(sortRows(rows, bounce, 'desc'))).toEqual(['/', '/pricing', '/features', '/contact']);
  });

  it('a sortValue of null goes last too', () => {
    const byValue: Column<Row> = { key: 'rate', label: 'Rate', numeric: true, sortValue: (r) => r.bounce_rate };
    expect(paths(sortRows(rows, byValue, 'asc')).slice(2)).toEqual(['/features', '/contact']);
  });
});

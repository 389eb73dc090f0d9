import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { CsvButton } from './csv-button.js';
import { EmptyState } from './empty-state.js';
import { ScrollRegion } from './scroll-region.js';

export interface Column<Row> {
  /** The row field this column shows; also its CSV column and sort key unless `sortValue` says otherwise. */
  key: string;
  label: string;
  numeric?: boolean;
  render?: (row: Row) => ReactNode;
  /** Null: no value (a rate without a base), sorted last whichever way the column is sorted. */
  sortValue?: (row: Row) => string | number | null;
  className?: string;
}

interface Props<Row> {
  rows: Row[];
  columns: Column<Row>[];
  /** Names the table for screen readers and the CSV button. */
  caption: string;
  csvFilename: string;
  /** Sort on this column first (descending for numbers); omit to keep the API's order. */
  initialSort?: string;
  empty: { title: string; hint: ReactNode };
  rowKey?: (row: Row, index: number) => string;
  testId?: string;
  /** Controlled sort, for tables whose order belongs in the URL; without it the table keeps its own. */
  sort?: TableSort | null;
  onSortChange?: (sort: TableSort) => void;
}

export type TableSort = { key: string; dir: 'asc' | 'desc' };
type Sort = TableSort | null;

const valueOf = <Row,>(row: Row, col: Column<Row>): string | number | null => {
  if (col.sortValue) return col.sortValue(row);
  const v = (row as Record<string, unknown>)[col.key];
  if (v === null && col.numeric) return null;
  return typeof v === 'number' ? v : String(v ?? '');
};

/**
 * Rows in the column's order; a row without a value (a page nobody entered on has no bounce rate)
 * goes last both ways, or sorting by bounce rate ascending would rank it the best.
 */
export function sortRows<Row>(rows: readonly Row[], col: Column<Row>, dir: TableSort['dir']): Row[] {
  const factor = dir === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = valueOf(a, col);
    const y = valueOf(b, col);
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    return factor * (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y)));
  });
}

/**
 * A table whose headers sort it (click or Enter; `aria-sort` tells screen readers) and whose raw
 * figures download as CSV. Shared by every report so sorting and export behave the same everywhere.
 */
export function DataTable<Row extends object>({
  rows,
  columns,
  caption,
  csvFilename,
  initialSort,
  empty,
  rowKey,
  testId,
  sort: controlled,
  onSortChange,
}: Props<Row>) {
  const startCol = columns.find((c) => c.key === initialSort);
  // A sort from the URL naming no column of this table (an old link) falls back to the default.
  const fromUrl = controlled && columns.some((c) => c.key === controlled.key) ? controlled : null;
  const [sort, setSort] = useState<Sort>(
    fromUrl ?? (startCol ? { key: startCol.key, dir: startCol.numeric ? 'desc' : 'asc' } : null),
  );
  // The table sorts at once on a click; the URL follows, and back/forward bring its order back here.
  useEffect(() => {
    if (fromUrl) setSort(fromUrl);
  }, [fromUrl?.key, fromUrl?.dir]); // the values, not the object: parseSort makes a new one each render

  const sorted = useMemo(() => {
    const col = sort && columns.find((c) => c.key === sort.key);
    if (!col || !sort) return rows;
    return sortRows(rows, col, sort.dir);
  }, [rows, columns, sort]);

  const toggle = (col: Column<Row>) => {
    const next: TableSort =
      sort?.key === col.key
        ? { key: col.key, dir: sort.dir === 'asc' ? 'desc' : 'asc' }
        : { key: col.key, dir: col.numeric ? 'desc' : 'asc' };
    setSort(next);
    onSortChange?.(next);
  };

  return (
    <div className="data-table-wrap">
      <div className="table-tools">
        <CsvButton rows={sorted as Record<string, unknown>[]} filename={csvFilename} label={caption} />
      </div>
      {rows.length === 0 ? (
        <EmptyState title={empty.title}>{empty.hint}</EmptyState>
      ) : (
        <ScrollRegion label={caption}>
          <table className="data-table" data-testid={testId}>
            <caption className="visually-hidden">{caption}</caption>
            <thead>
              <tr>
                {columns.map((col) => {
                  const dir = sort?.key === col.key ? sort.dir : undefined;
                  return (
                    <th
                      key={col.key}
                      scope="col"
                      className={col.numeric ? 'num' : col.className}
                      aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : undefined}
                    >
                      <button type="button" className="sort-button" onClick={() => toggle(col)}>
                        {col.label}
                        <span aria-hidden="true" className="sort-mark">
                          {dir === 'asc' ? '▲' : dir === 'desc' ? '▼' : ''}
                        </span>
                      </button>
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {sorted.map((row, i) => (
                <tr key={rowKey ? rowKey(row, i) : i}>
                  {columns.map((col) => (
                    <td key={col.key} className={col.numeric ? 'num' : (col.className ?? 'label-cell')}>
                      {col.render ? col.render(row) : String((row as Record<string, unknown>)[col.key] ?? '')}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </div>
  );
}

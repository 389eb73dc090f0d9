/**
 * Quotes a cell per RFC 4180. A leading = + - @ tab or carriage return is prefixed so spreadsheets
 * don't run it as a formula (OWASP CSV injection): collected click and form targets are written by
 * whoever visits the site.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text) && Number.isNaN(Number(text))) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: Record<string, unknown>[]): string {
  if (rows.length === 0) return '';
  const columns = Object.keys(rows[0]);
  return [columns.join(','), ...rows.map((r) => columns.map((c) => csvCell(r[c])).join(','))].join('\r\n');
}

/** Saves the rows as a CSV file through a temporary object URL. */
export function downloadCsv(rows: Record<string, unknown>[], filename: string): void {
  const url = URL.createObjectURL(new Blob([toCsv(rows)], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  // Revoked a moment later: revoking at once can cancel the download in Safari and older Firefox.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Downloads the table's raw figures (not the formatted ones), so spreadsheets get numbers. */
export function CsvButton({
  rows,
  filename,
  label,
}: {
  rows: Record<string, unknown>[];
  filename: string;
  label: string;
}) {
  return (
    <button
      type="button"
      className="button small"
      onClick={() => downloadCsv(rows, filename)}
      disabled={rows.length === 0}
      aria-label={`Download ${label} as CSV`}
    >
      CSV
    </button>
  );
}

/** Quotes a cell per RFC 4180; a leading = + - @ is prefixed so spreadsheets don't run it as a formula. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@]/.test(text) && Number.isNaN(Number(text))) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: Record<string, unknown>[]): string {
  if (rows.length === 0) return '';
  const columns = Object.keys(rows[0]);
  return [columns.join(','), ...rows.map((r) => columns.map((c) => csvCell(r[c])).join(','))].join('\r\n');
}

/** Downloads the table's raw figures (not the formatted ones), so spreadsheets get numbers. */
export function CsvButton({ rows, filename, label }: { rows: Record<string, unknown>[]; filename: string; label: string }) {
  const download = () => {
    const url = URL.createObjectURL(new Blob([toCsv(rows)], { type: 'text/csv;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = filename;
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <button type="button" className="button small" onClick={download} disabled={rows.length === 0} aria-label={`Download ${label} as CSV`}>
      CSV
    </button>
  );
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadCsv, toCsv } from './csv-button.js';

describe('CSV export', () => {
  it('quotes commas and quotes, and defuses spreadsheet formulas but not negative numbers', () => {
    const csv = toCsv([
      { path: '/a,b', note: 'say "hi"', n: -3 },
      { path: '=HYPERLINK("x")', note: '@me', n: 4 },
    ]);
    expect(csv).toBe('path,note,n\r\n"/a,b","say ""hi""",-3\r\n"\'=HYPERLINK(""x"")",\'@me,4');
  });

  it('writes a rate without a base (null) as an empty cell, not 0 (issue 13 §3)', () => {
    expect(
      toCsv([
        { path: '/features', bounce_rate: null },
        { path: '/', bounce_rate: 0.5 },
      ]),
    ).toBe('path,bounce_rate\r\n/features,\r\n/,0.5');
  });

  it('defuses values that start with a tab or carriage return too (OWASP), as a visitor could send them', () => {
    const csv = toCsv([{ target: '\t=cmd|calc', label: '\r=1+1', plus: '+SUM(A1)' }]);
    expect(csv).toBe("target,label,plus\r\n'\t=cmd|calc,\"'\r=1+1\",'+SUM(A1)");
  });
});

describe('CSV download', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('keeps the object URL alive until after the click has started the download', () => {
    vi.useFakeTimers();
    const anchor = { href: '', download: '', click: vi.fn() };
    vi.stubGlobal('document', { createElement: () => anchor });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:csv-1');
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});

    downloadCsv([{ path: '/', views: 3 }], 'pages.csv');
    expect(anchor).toMatchObject({ href: 'blob:csv-1', download: 'pages.csv' });
    expect(anchor.click).toHaveBeenCalledOnce();
    expect(revoke).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(revoke).toHaveBeenCalledWith('blob:csv-1');
  });
});

import { describe, expect, it } from 'vitest';
import { toCsv } from './csv-button.js';

describe('CSV export', () => {
  it('quotes commas and quotes, and defuses spreadsheet formulas but not negative numbers', () => {
    const csv = toCsv([
      { path: '/a,b', note: 'say "hi"', n: -3 },
      { path: '=HYPERLINK("x")', note: '@me', n: 4 },
    ]);
    expect(csv).toBe('path,note,n\r\n"/a,b","say ""hi""",-3\r\n"\'=HYPERLINK(""x"")",\'@me,4');
  });
});

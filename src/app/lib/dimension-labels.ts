const regions = new Intl.DisplayNames(undefined, { type: 'region' });

/** "DE" → "Germany" in the reader's language; codes the browser doesn't know stay as they are. */
export function countryName(code: string): string {
  if (!code || code === 'unknown' || code === 'XX') return 'Unknown';
  try {
    return regions.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** Blank dimensions come back as empty strings; "(none)" reads better and sorts the same. */
export const orNone = (value: string) => (value === '' ? '(none)' : value);

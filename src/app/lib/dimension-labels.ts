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

/** Blank or unknown dimensions (the API says "" or "unknown"); "(none)" reads better and sorts the same. */
export const orNone = (value: string) => (value === '' || value === 'unknown' ? '(none)' : value);

/** A UTM row without any tag is a visit from no campaign, not three unknowns. */
export function campaignLabel(r: { source: string; medium: string; campaign: string }): string {
  const parts = [r.source, r.medium, r.campaign].map(orNone);
  return parts.every((p) => p === '(none)') ? '(no campaign)' : parts.join(' / ');
}

/** No referrer means the address was typed, bookmarked or opened from an app. */
export const referrerLabel = (value: string) => (value === '' || value === 'unknown' ? '(direct)' : value);

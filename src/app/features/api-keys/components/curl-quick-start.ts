import { API_PREFIX } from '../../../../contract/endpoints.js';
import { addDays } from '../../../lib/date-range.js';

/** A first request to try with a new key: the last 7 days' traffic summary of one of its properties. */
export function curlQuickStart(opts: { origin: string; key: string; propertyId: string; today: string }): string {
  const query = new URLSearchParams({ start: addDays(opts.today, -6), end: opts.today, timezone: 'UTC' });
  const url = `${opts.origin}${API_PREFIX}/properties/${encodeURIComponent(opts.propertyId)}/traffic/summary?${query}`;
  // Single quotes: the shell must not touch the key or the `&`.
  return `curl -H 'Authorization: Bearer ${opts.key}' '${url}'`;
}

import { z } from 'zod';
import { MAX_AGGREGATE_PROPERTIES } from '../../../contract/endpoints.js';

/**
 * `?properties=a,b` on /aggregate: the chosen properties, comma-separated so a link stays readable.
 * Absent = every property the connection may read; empty = none picked. A bad value falls back to absent.
 */
export const aggregateSearch = z.object({
  properties: z
    .union([z.string(), z.number().transform(String)])
    .pipe(z.string().regex(/^[A-Za-z0-9_.,-]*$/))
    .optional()
    .catch(undefined),
});

/** The ids to aggregate: those of the URL that the connection offers (in its order), capped at the API's maximum. */
export function selectedProperties(param: string | undefined, available: readonly string[]): string[] {
  const wanted = param === undefined ? new Set(available) : new Set(param.split(',').filter(Boolean));
  return available.filter((id) => wanted.has(id)).slice(0, MAX_AGGREGATE_PROPERTIES);
}

/** The URL value for a selection: absent when it is everything, so the default link stays short. */
export function selectionParam(selected: readonly string[], available: readonly string[]): string | undefined {
  const all = available.slice(0, MAX_AGGREGATE_PROPERTIES);
  return selected.length === all.length && all.every((id) => selected.includes(id)) ? undefined : selected.join(',');
}

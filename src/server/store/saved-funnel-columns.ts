import { encodeFilters, type Filter } from '../../contract/filters.js';
import type { SavedFunnelRecord } from './store.js';

/** A saved funnel's mode, breakdown and filters as both stores keep them: nullable text, NULL for "not given". */
export interface SavedFunnelOptionColumns {
  mode: string | null;
  breakdown_by: string | null;
  /** The filters as the API's JSON tuples, `[[op, dimension, values]]`. */
  filters: string | null;
}

export const optionColumns = (f: SavedFunnelRecord): SavedFunnelOptionColumns => ({
  mode: f.mode ?? null,
  breakdown_by: f.breakdown_by ?? null,
  filters: f.filters ? encodeFilters(f.filters) : null,
});

/** The record's optional fields from its columns; a NULL column leaves its field out, so a record reads back as it was saved. */
export function optionsFromColumns(
  r: SavedFunnelOptionColumns,
): Pick<SavedFunnelRecord, 'mode' | 'breakdown_by' | 'filters'> {
  const options: Pick<SavedFunnelRecord, 'mode' | 'breakdown_by' | 'filters'> = {};
  if (r.mode !== null) options.mode = r.mode as SavedFunnelRecord['mode'];
  if (r.breakdown_by !== null) options.breakdown_by = r.breakdown_by as SavedFunnelRecord['breakdown_by'];
  if (r.filters !== null) {
    const tuples = JSON.parse(r.filters) as [Filter['op'], Filter['dimension'], Filter['values']][];
    options.filters = tuples.map(([op, dimension, values]) => ({ op, dimension, values }));
  }
  return options;
}

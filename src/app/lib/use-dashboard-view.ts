import { useQuery } from '@tanstack/react-query';
import type { Filter } from '../../contract/filters.js';
import { useSearch } from '@tanstack/react-router';
import { useConnection } from './connection-context.js';
import { comparedRange, zonedNow, type Comparison, type ComparedRange } from './comparison-range.js';
import { defaultGranularity, granularityFits, resolveRange, type DateRange } from './date-range.js';
import type { DashboardSearch } from './dashboard-search.js';
import { filtersFromSearch } from './filter-search.js';
import type { Granularity } from './granularity.js';
import { propertiesQueryOptions, type PropertyChoice } from './properties-query.js';

/** Everything a report needs to ask the API, derived from the URL plus the chosen property. */
export interface DashboardView {
  property: PropertyChoice;
  timezone: string;
  range: DateRange;
  /** The period KPI changes are measured against (the URL's comparison); null for no comparison. */
  previous: ComparedRange | null;
  comparison: Comparison;
  /** Whether the charts overlay the compared period (never without one). */
  compare: boolean;
  /** The property's date today, which says whether a bucket or a range is still running. */
  today: string;
  granularity: Granularity;
  /** The segment: every report and its previous period are read through these. */
  filters: Filter[];
}

/** The view described by the URL; null while properties load or when there is none to show. */
export function useDashboardView(): DashboardView | null {
  const search = useSearch({ from: '__root__' });
  const { connection } = useConnection();
  const { data: properties } = useQuery(propertiesQueryOptions(connection));
  return properties ? viewFromSearch(search, properties) : null;
}

/** The same view outside React (route loaders prefetch with it), so both ask for identical query keys. */
export function viewFromSearch(search: DashboardSearch, properties: PropertyChoice[]): DashboardView | null {
  // A linked property outside the list is still asked for, so the API's 403 can name it.
  const property = search.property
    ? (properties.find((p) => p.id === search.property) ?? {
        id: search.property,
        name: search.property,
        timezone: null,
      })
    : properties[0];
  if (!property) return null;
  const timezone = search.tz ?? property.timezone ?? 'UTC';
  const now = zonedNow(timezone);
  const range = resolveRange(search, now.date);
  const comparison = search.comparison ?? 'previous';
  const custom =
    search.compare_from && search.compare_to ? { start: search.compare_from, end: search.compare_to } : undefined;
  const previous = comparedRange(range, search.range, comparison, now, custom);
  return {
    property,
    timezone,
    range,
    previous,
    comparison,
    compare: search.compare && previous !== null,
    today: now.date,
    // A granularity the range cannot hold (hours over 90 days, from an old link) falls back like a bad value.
    granularity:
      search.granularity && granularityFits(range, search.granularity) ? search.granularity : defaultGranularity(range),
    filters: filtersFromSearch(search.filters),
  };
}

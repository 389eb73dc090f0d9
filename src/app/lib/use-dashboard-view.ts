import { useQuery } from '@tanstack/react-query';
import type { Filter } from '../../contract/filters.js';
import { useSearch } from '@tanstack/react-router';
import { useConnection } from './connection-context.js';
import { defaultGranularity, granularityFits, previousRange, resolveRange, todayIn, type DateRange } from './date-range.js';
import type { DashboardSearch } from './dashboard-search.js';
import { filtersFromSearch } from './filter-search.js';
import type { Granularity } from './granularity.js';
import { propertiesQuery, type PropertyChoice } from './properties-query.js';

/** Everything a report needs to ask the API, derived from the URL plus the chosen property. */
export interface DashboardView {
  property: PropertyChoice;
  timezone: string;
  range: DateRange;
  /** The period before, which KPI changes are measured against. */
  previous: DateRange;
  /** Whether the chart overlays the previous period. */
  compare: boolean;
  granularity: Granularity;
  /** The segment: every report and its previous period are read through these. */
  filters: Filter[];
}

/** The view described by the URL; null while properties load or when there is none to show. */
export function useDashboardView(): DashboardView | null {
  const search = useSearch({ from: '__root__' });
  const { connection } = useConnection();
  const { data: properties } = useQuery(propertiesQuery(connection));
  return properties ? viewFromSearch(search, properties) : null;
}

/** The same view outside React (route loaders prefetch with it), so both ask for identical query keys. */
export function viewFromSearch(search: DashboardSearch, properties: PropertyChoice[]): DashboardView | null {
  // A linked property outside the list is still asked for, so the API's 403 can name it.
  const property = search.property
    ? (properties.find((p) => p.id === search.property) ?? { id: search.property, name: search.property, timezone: null })
    : properties[0];
  if (!property) return null;
  const timezone = search.tz ?? property.timezone ?? 'UTC';
  const range = resolveRange(search, todayIn(timezone));
  return {
    property,
    timezone,
    range,
    previous: previousRange(range, search.range),
    compare: search.compare,
    // A granularity the range cannot hold (hours over 90 days, from an old link) falls back like a bad value.
    granularity: search.granularity && granularityFits(range, search.granularity) ? search.granularity : defaultGranularity(range),
    filters: filtersFromSearch(search.filters),
  };
}

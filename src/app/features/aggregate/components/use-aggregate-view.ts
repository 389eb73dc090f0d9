import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useConnection } from '../../../lib/connection-context.js';
import { defaultGranularity, previousRange, resolveRange, todayIn, type DateRange } from '../../../lib/date-range.js';
import { filtersFromSearch } from '../../../lib/filter-search.js';
import type { Granularity } from '../../../lib/granularity.js';
import { propertiesQuery, type PropertyChoice } from '../../../lib/properties-query.js';
import type { AggregateScope } from '../api/aggregate-queries.js';
import { selectedProperties } from '../aggregate-search.js';

export interface AggregateView {
  available: PropertyChoice[];
  selected: string[];
  /** The URL's zone, or UTC: the properties may each have their own, so none of theirs is the default. */
  timezone: string;
  zoneFromUrl: boolean;
  range: DateRange;
  previous: DateRange;
  compare: boolean;
  granularity: Granularity;
  scope: AggregateScope;
}

/** The aggregate view described by the URL; null while the property list loads. */
export function useAggregateView(): AggregateView | null {
  const search = useSearch({ from: '/aggregate' });
  const { connection, client } = useConnection();
  const { data: available } = useQuery(propertiesQuery(connection));
  if (!available) return null;
  const selected = selectedProperties(search.properties, available.map((p) => p.id));
  const timezone = search.tz ?? 'UTC';
  const range = resolveRange(search, todayIn(timezone));
  return {
    available,
    selected,
    timezone,
    zoneFromUrl: search.tz !== undefined,
    range,
    previous: previousRange(range, search.range),
    compare: search.compare,
    granularity: search.granularity ?? defaultGranularity(range),
    scope: { connection, client, propertyIds: selected, timezone, filters: filtersFromSearch(search.filters) },
  };
}

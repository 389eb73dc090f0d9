import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useConnection } from '../../../lib/connection-context.js';
import { comparedRange, zonedNow, type ComparedRange } from '../../../lib/comparison-range.js';
import { defaultGranularity, resolveRange, type DateRange } from '../../../lib/date-range.js';
import { filtersFromSearch } from '../../../lib/filter-search.js';
import type { Granularity } from '../../../lib/granularity.js';
import { propertiesQueryOptions, type PropertyChoice } from '../../../lib/properties-query.js';
import type { AggregateScope } from '../api/aggregate-queries.js';
import { selectedProperties } from '../aggregate-search.js';

export interface AggregateView {
  available: PropertyChoice[];
  selected: string[];
  /** The URL's zone, or UTC: the properties may each have their own, so none of theirs is the default. */
  timezone: string;
  zoneFromUrl: boolean;
  range: DateRange;
  /** What the figures are compared with (the URL's comparison, as on every report); null for nothing. */
  previous: ComparedRange | null;
  compare: boolean;
  today: string;
  granularity: Granularity;
  scope: AggregateScope;
}

/** The aggregate view described by the URL; null while the property list loads. */
export function useAggregateView(): AggregateView | null {
  const search = useSearch({ from: '/aggregate' });
  const { connection, client } = useConnection();
  const { data: available } = useQuery(propertiesQueryOptions(connection));
  if (!available) return null;
  const selected = selectedProperties(
    search.properties,
    available.map((p) => p.id),
  );
  const timezone = search.tz ?? 'UTC';
  const now = zonedNow(timezone);
  const range = resolveRange(search, now.date);
  const custom =
    search.compare_from && search.compare_to ? { start: search.compare_from, end: search.compare_to } : undefined;
  const previous = comparedRange(range, search.range, search.comparison ?? 'previous', now, custom);
  return {
    available,
    selected,
    timezone,
    zoneFromUrl: search.tz !== undefined,
    range,
    previous,
    compare: search.compare && previous !== null,
    today: now.date,
    granularity: search.granularity ?? defaultGranularity(range),
    scope: { connection, client, propertyIds: selected, timezone, filters: filtersFromSearch(search.filters) },
  };
}

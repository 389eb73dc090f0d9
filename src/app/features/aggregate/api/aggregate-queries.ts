import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.js';
import { connectionKey, type Connection } from '../../../lib/connection.js';
import type { Filter } from '../../../../contract/filters.js';
import type { DateRange } from '../../../lib/date-range.js';
import { filtersQuery } from '../../../lib/filter-search.js';
import type { Granularity } from '../../../lib/granularity.js';

/** What every aggregate read is scoped by; the whole scope is the query key. */
export interface AggregateScope {
  connection: Connection;
  client: ApiClient;
  propertyIds: string[];
  timezone: string;
  /** The segment, sent with every read (the previous period's too). */
  filters: Filter[];
}

const key = (s: AggregateScope, report: string, args: object) =>
  [connectionKey(s.connection), 'aggregate', s.propertyIds, report, { ...args, filters: s.filters }] as const;
const rangeQuery = (s: AggregateScope, r: DateRange) => ({
  start: r.start,
  end: r.end,
  timezone: s.timezone,
  ...filtersQuery(s.filters),
});

// keepPreviousData: the old figures stay (dimmed) while a new range or selection loads.
export const aggregateSummaryQueryOptions = (s: AggregateScope, range: DateRange) =>
  queryOptions({
    queryKey: key(s, 'summary', { ...range, tz: s.timezone }),
    queryFn: ({ signal }) =>
      s.client.callAggregate('trafficSummary', { propertyIds: s.propertyIds, query: rangeQuery(s, range), signal }),
    placeholderData: keepPreviousData,
  });

export const aggregateTrendsQueryOptions = (s: AggregateScope, range: DateRange, granularity: Granularity) =>
  queryOptions({
    queryKey: key(s, 'trends', { ...range, tz: s.timezone, granularity }),
    queryFn: ({ signal }) =>
      s.client.callAggregate('trafficTrends', {
        propertyIds: s.propertyIds,
        query: { ...rangeQuery(s, range), granularity },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const aggregateClicksQueryOptions = (s: AggregateScope, range: DateRange, granularity: Granularity) =>
  queryOptions({
    queryKey: key(s, 'clicks', { ...range, tz: s.timezone, granularity }),
    queryFn: ({ signal }) =>
      s.client.callAggregate('clicksBreakdown', {
        propertyIds: s.propertyIds,
        query: { ...rangeQuery(s, range), granularity },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const aggregateFormsQueryOptions = (s: AggregateScope, range: DateRange, granularity: Granularity) =>
  queryOptions({
    queryKey: key(s, 'forms', { ...range, tz: s.timezone, granularity }),
    queryFn: ({ signal }) =>
      s.client.callAggregate('formsBreakdown', {
        propertyIds: s.propertyIds,
        query: { ...rangeQuery(s, range), granularity },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

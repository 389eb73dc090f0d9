import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { connectionKey } from '../../../lib/connection.js';
import type { DateRange } from '../../../lib/date-range.js';
import type { Granularity } from '../../../lib/granularity.js';
import { filtersQuery } from '../../../lib/filter-search.js';
import { afterHeadline, headlineRead } from '../../../lib/headline-first.js';
import { type ReportScope } from '../../../lib/report-scope.js';

// The segment is part of every key and every request (the previous period's too: same scope, same filters).
const key = (s: ReportScope, report: string, args: object) =>
  [connectionKey(s.connection), s.propertyId, 'traffic', report, { ...args, filters: s.filters }] as const;
const rangeQuery = (s: ReportScope, r: DateRange) => ({
  start: r.start,
  end: r.end,
  timezone: s.timezone,
  ...filtersQuery(s.filters),
});

// The cards' and the chart's reads are headline reads; the tables' and realtime's start after them
// (lib/headline-first.ts). keepPreviousData: the old figures stay on screen (dimmed) while a new
// range loads, instead of flashing skeletons.
export const trendsQueryOptions = (s: ReportScope, range: DateRange, granularity: Granularity) =>
  queryOptions({
    queryKey: key(s, 'trends', { ...range, tz: s.timezone, granularity }),
    queryFn: ({ signal }) =>
      headlineRead(
        s.client.call('trafficTrends', {
          propertyId: s.propertyId,
          query: { ...rangeQuery(s, range), granularity },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });

/** Totals for a range; called twice when comparing (this period and the compared one, whose end may be a time of day). */
export const summaryQueryOptions = (s: ReportScope, range: DateRange) =>
  queryOptions({
    queryKey: key(s, 'summary', { ...range, tz: s.timezone }),
    queryFn: ({ signal }) =>
      headlineRead(s.client.call('trafficSummary', { propertyId: s.propertyId, query: rangeQuery(s, range), signal })),
    placeholderData: keepPreviousData,
  });

export const REALTIME_REFRESH_MS = 5_000;

export const realtimeQueryOptions = (s: ReportScope) =>
  queryOptions({
    queryKey: key(s, 'realtime', {}),
    queryFn: ({ signal }) =>
      afterHeadline(() =>
        s.client.call('trafficRealtime', { propertyId: s.propertyId, query: filtersQuery(s.filters), signal }),
      ),
    refetchInterval: REALTIME_REFRESH_MS,
    staleTime: 0,
  });

/** The API's maximum rows per dimension: the country map colours up to this many countries. */
export const MAP_COUNTRIES = 50;
/** Rows a breakdown tab shows: the first of the same answer the map reads. */
export const BREAKDOWN_TABLE_ROWS = 10;

/**
 * Sources, places and technology, MAP_COUNTRIES rows per dimension. The tabs and the map share this
 * one read: the rows are ranked by a total order, so a tab's first BREAKDOWN_TABLE_ROWS are exactly
 * what `limit=10` answers, and the store groups the range's sessions once instead of twice.
 */
export const breakdownQueryOptions = (s: ReportScope, range: DateRange) =>
  queryOptions({
    queryKey: key(s, 'breakdown', { ...range, tz: s.timezone, limit: MAP_COUNTRIES }),
    queryFn: ({ signal }) =>
      afterHeadline(() =>
        s.client.call('trafficBreakdown', {
          propertyId: s.propertyId,
          query: { ...rangeQuery(s, range), limit: MAP_COUNTRIES },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });

export const entryExitQueryOptions = (s: ReportScope, range: DateRange, limit = 10) =>
  queryOptions({
    queryKey: key(s, 'entry-exit', { ...range, tz: s.timezone, limit }),
    queryFn: ({ signal }) =>
      afterHeadline(() =>
        s.client.call('entryExitPages', {
          propertyId: s.propertyId,
          query: { ...rangeQuery(s, range), limit },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });

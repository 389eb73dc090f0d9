import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { connectionKey } from '../../../lib/connection.js';
import type { DateRange } from '../../../lib/date-range.js';
import { filtersQuery } from '../../../lib/filter-search.js';
import type { ReportScope } from '../../../lib/report-scope.js';

/** Prefix of every goals key of a property: a create or delete refreshes the list and every report under it. */
export const goalsKey = (s: ReportScope) => [connectionKey(s.connection), s.propertyId, 'goals'] as const;

/** The property's goals, oldest first; not dated and not filtered, so the segment is not in the key. */
export const goalsListQueryOptions = (s: ReportScope) =>
  queryOptions({
    queryKey: [...goalsKey(s), 'list'],
    queryFn: ({ signal }) => s.client.call('goals', { propertyId: s.propertyId, signal }),
  });

// The segment is part of the key and the request (the previous period's too: same scope, same filters).
// keepPreviousData: the old figures stay on screen (dimmed) while a new range loads.
/** Each goal's figures for a range; called twice (this period and the previous one) for the changes. */
export const goalsReportQueryOptions = (s: ReportScope, range: DateRange) =>
  queryOptions({
    queryKey: [...goalsKey(s), 'report', { ...range, tz: s.timezone, filters: s.filters }],
    queryFn: ({ signal }) =>
      s.client.call('goalsReport', {
        propertyId: s.propertyId,
        query: { start: range.start, end: range.end, timezone: s.timezone, ...filtersQuery(s.filters) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { connectionKey } from '../../../lib/connection.js';
import type { DateRange } from '../../../lib/date-range.js';
import type { Granularity } from '../../../lib/granularity.js';
import { filtersQuery } from '../../../lib/filter-search.js';
import { type ReportScope } from '../../../lib/report-scope.js';

/** The API's maximum: a marketer scanning "top pages" wants more than the default ten. */
export const PAGES_LIMIT = 50;

// The segment is part of every key and every request (the previous period's too: same scope, same filters).
const key = (s: ReportScope, report: string, args: object) =>
  [connectionKey(s.connection), s.propertyId, 'pages', report, { ...args, filters: s.filters }] as const;
const rangeQuery = (s: ReportScope, r: DateRange) => ({
  start: r.start,
  end: r.end,
  timezone: s.timezone,
  ...filtersQuery(s.filters),
});

// keepPreviousData: the old figures stay on screen (dimmed) while a new range loads.
export const pagesBreakdownQueryOptions = (s: ReportScope, range: DateRange) =>
  queryOptions({
    queryKey: key(s, 'breakdown', { ...range, tz: s.timezone, limit: PAGES_LIMIT }),
    queryFn: ({ signal }) =>
      s.client.call('pagesBreakdown', {
        propertyId: s.propertyId,
        query: { ...rangeQuery(s, range), limit: PAGES_LIMIT },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** One page's figures and breakdowns; called twice (this period and the previous one) for the changes. */
export const pageDetailsQueryOptions = (s: ReportScope, range: DateRange, page: string) =>
  queryOptions({
    queryKey: key(s, 'details', { ...range, tz: s.timezone, page }),
    queryFn: ({ signal }) =>
      s.client.call('pageDetails', {
        propertyId: s.propertyId,
        query: { ...rangeQuery(s, range), page, limit: PAGES_LIMIT },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const clickDetailsQueryOptions = (s: ReportScope, range: DateRange, page: string, granularity: Granularity) =>
  queryOptions({
    queryKey: key(s, 'click-details', { ...range, tz: s.timezone, page, granularity }),
    queryFn: ({ signal }) =>
      s.client.call('clickDetails', {
        propertyId: s.propertyId,
        query: { ...rangeQuery(s, range), page, granularity, limit: PAGES_LIMIT },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const formDetailsQueryOptions = (s: ReportScope, range: DateRange, page: string, granularity: Granularity) =>
  queryOptions({
    queryKey: key(s, 'form-details', { ...range, tz: s.timezone, page, granularity }),
    queryFn: ({ signal }) =>
      s.client.call('formDetails', {
        propertyId: s.propertyId,
        query: { ...rangeQuery(s, range), page, granularity, limit: PAGES_LIMIT },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

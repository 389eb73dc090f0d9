import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.js';
import { connectionKey, type Connection } from '../../../lib/connection.js';
import type { DateRange } from '../../../lib/date-range.js';
import type { Granularity } from '../../../lib/granularity.js';

/** What every dated clicks read is scoped by; the whole scope is the query key. */
export interface ClicksScope {
  connection: Connection;
  client: ApiClient;
  propertyId: string;
  timezone: string;
}

/** The API's maximum number of (page, element) rows. */
export const CLICKS_LIMIT = 50;

/**
 * Trend, totals and top clicked elements in one read; called twice (this period and the previous
 * one) for the changes and the comparison overlay. keepPreviousData keeps old figures while a range loads.
 */
export const clicksBreakdownQuery = (s: ClicksScope, range: DateRange, granularity: Granularity) =>
  queryOptions({
    queryKey: [connectionKey(s.connection), s.propertyId, 'clicks', 'breakdown', { ...range, tz: s.timezone, granularity, limit: CLICKS_LIMIT }] as const,
    queryFn: ({ signal }) =>
      s.client.call('clicksBreakdown', {
        propertyId: s.propertyId,
        query: { start: range.start, end: range.end, timezone: s.timezone, granularity, limit: CLICKS_LIMIT },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

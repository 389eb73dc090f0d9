import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { connectionKey } from './connection.js';
import type { DateRange } from './date-range.js';
import type { Granularity } from './granularity.js';
import { filtersQuery } from './filter-search.js';
import type { InteractionGrouping } from './interactions-search.js';
import { type ReportScope } from './report-scope.js';

/** The API's maximum number of (page, element) rows. */
export const INTERACTIONS_LIMIT = 50;

export interface InteractionsQuery {
  start: string;
  end: string;
  timezone: string;
  granularity: Granularity;
  limit: number;
  /** The wire form of the segment, absent when unfiltered. */
  filters?: string;
  /** `element`: each element over every page; absent, per page. */
  group?: InteractionGrouping;
}

type Counts<C extends string, U extends string> = { readonly [K in C | U]: number };

/**
 * What the Clicks and Forms breakdowns have in common, by their own field names: `C` is the count
 * (`clicks`, `submissions`), `U` the unique count, `R` the rate over page views (null without any); the totals are
 * `total_<C>` and `total_<U>`. `page` is null in rows grouped by element.
 */
export interface InteractionsBreakdown<C extends string, U extends string, R extends string = never> {
  data: readonly ({ page: string | null; target: string; label: string | null } & Counts<C, U> & {
      readonly [K in R]: number | null;
    })[];
  trend: readonly ({ bucket_start: string; bucket_end: string } & Counts<C, U>)[];
  summary: { readonly [K in `total_${C}` | `total_${U}`]: number };
}

export type FetchInteractions<D> = (s: ReportScope, query: InteractionsQuery, signal: AbortSignal) => Promise<D>;

/**
 * Trend, totals and top elements in one read; called twice (this period and the previous one) for the
 * changes and the comparison overlay. keepPreviousData keeps old figures while a range loads.
 */
export const interactionsBreakdownQueryOptions = <D>(
  s: ReportScope,
  report: string,
  fetch: FetchInteractions<D>,
  range: DateRange,
  granularity: Granularity,
  group?: InteractionGrouping,
) =>
  queryOptions({
    queryKey: [
      connectionKey(s.connection),
      s.propertyId,
      report,
      'breakdown',
      { ...range, tz: s.timezone, granularity, limit: INTERACTIONS_LIMIT, filters: s.filters, group },
    ] as const,
    queryFn: ({ signal }) =>
      fetch(
        s,
        {
          start: range.start,
          end: range.end,
          timezone: s.timezone,
          granularity,
          limit: INTERACTIONS_LIMIT,
          ...filtersQuery(s.filters),
          ...(group ? { group } : {}),
        },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

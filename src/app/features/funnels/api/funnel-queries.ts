import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { FunnelStep } from '../../../../contract/funnels.js';
import { connectionKey } from '../../../lib/connection.js';
import type { DateRange } from '../../../lib/date-range.js';
import type { FunnelDimension, FunnelMode } from '../utils/funnel-search.js';
import { filtersQuery } from '../../../lib/filter-search.js';
import { type ReportScope } from '../../../lib/report-scope.js';

/** A funnel as the API takes it: steps (pages and goals) already checked against the contract. */
export interface FunnelDefinition {
  steps: FunnelStep[];
  mode: FunnelMode;
  breakdownBy?: FunnelDimension;
}

const base = (s: ReportScope) => [connectionKey(s.connection), s.propertyId, 'funnels'] as const;
// `steps` travels as URL-encoded JSON, as the contract's query schema reads it; so do the filters.
const dated = (s: ReportScope, r: DateRange) => ({
  start: r.start,
  end: r.end,
  timezone: s.timezone,
  ...filtersQuery(s.filters),
});

/** Prefix of the saved list's key, for invalidation after a save, rename or delete. */
export const savedFunnelsKey = (s: ReportScope) => [...base(s), 'saved'] as const;

// keepPreviousData: the last figures stay on screen (dimmed) while a changed funnel or range loads.
export const funnelQueryOptions = (s: ReportScope, range: DateRange, f: FunnelDefinition) =>
  queryOptions({
    queryKey: [...base(s), 'funnel', { ...range, tz: s.timezone, ...f, filters: s.filters }],
    queryFn: ({ signal }) =>
      s.client.call('funnel', {
        propertyId: s.propertyId,
        query: { ...dated(s, range), ...f, steps: JSON.stringify(f.steps) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** Paths from the first step; breakdown does not apply to paths, so it is not sent. */
export const sankeyQueryOptions = (s: ReportScope, range: DateRange, f: FunnelDefinition, maxPaths = 20) =>
  queryOptions({
    queryKey: [
      ...base(s),
      'sankey',
      { ...range, tz: s.timezone, steps: f.steps, mode: f.mode, maxPaths, filters: s.filters },
    ],
    queryFn: ({ signal }) =>
      s.client.call('funnelSankey', {
        propertyId: s.propertyId,
        query: { ...dated(s, range), steps: JSON.stringify(f.steps), mode: f.mode, maxPaths },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** Funnels that start at `page`, from the last 30 days of the segment (the API ignores the range here). */
export const suggestionsQueryOptions = (s: ReportScope, page: string) =>
  queryOptions({
    queryKey: [...base(s), 'suggestions', page, { filters: s.filters }],
    queryFn: ({ signal }) =>
      s.client.call('funnelSuggestions', {
        propertyId: s.propertyId,
        query: { page, ...filtersQuery(s.filters) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** The pages people actually viewed in the range, offered while typing a step. */
export const observedPathsQueryOptions = (s: ReportScope, range: DateRange) =>
  queryOptions({
    queryKey: [...base(s), 'observed-paths', { ...range, tz: s.timezone, filters: s.filters }],
    queryFn: async ({ signal }) => {
      const res = await s.client.call('pagesBreakdown', {
        propertyId: s.propertyId,
        query: { ...dated(s, range), limit: 50 },
        signal,
      });
      return res.data.map((p) => p.path);
    },
    placeholderData: keepPreviousData,
  });

export const savedFunnelsQueryOptions = (s: ReportScope) =>
  queryOptions({
    queryKey: savedFunnelsKey(s),
    queryFn: ({ signal }) => s.client.call('savedFunnels', { propertyId: s.propertyId, signal }),
  });

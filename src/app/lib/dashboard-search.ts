import { z } from 'zod';
import { granularities } from '../../contract/analytics-query.js';
import { filtersSearchParam } from './filter-search.js';
import { comparisons } from './comparison-range.js';

export const rangePresets = ['today', 'yesterday', '7d', '30d', '90d', 'mtd', 'last-month', 'custom'] as const;
export type RangePreset = (typeof rangePresets)[number];

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

function isZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

// The router's default search parser turns `?property=123` into a number; ids are strings.
const idParam = z
  .union([z.string(), z.number().transform(String)])
  .pipe(z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/));
const dateParam = z
  .string()
  .regex(isoDate)
  .refine((s) => !Number.isNaN(Date.parse(s)));

/**
 * The whole dashboard view lives in the URL so a link reproduces it. Every field falls back on its
 * own (`.catch`), so one bad value in a shared link never throws away the rest of the view.
 */
export const dashboardSearch = z.object({
  property: idParam.optional().catch(undefined),
  range: z.enum(rangePresets).default('30d').catch('30d'),
  from: dateParam.optional().catch(undefined),
  to: dateParam.optional().catch(undefined),
  /** Whether the charts draw the compared period too. */
  compare: z
    .union([z.boolean(), z.enum(['true', 'false']).transform((s) => s === 'true')])
    .default(false)
    .catch(false),
  /** What the figures are compared with (absent: the previous period); `custom` takes `compare_from`/`compare_to`, without them the previous period. */
  comparison: z.enum(comparisons).optional().catch(undefined),
  compare_from: dateParam.optional().catch(undefined),
  compare_to: dateParam.optional().catch(undefined),
  tz: z.string().refine(isZone).optional().catch(undefined),
  granularity: z.enum(granularities).optional().catch(undefined),
  /** The segment every report shows, in the API's wire form (lib/filter-search.ts). */
  filters: filtersSearchParam,
});

export type DashboardSearch = z.infer<typeof dashboardSearch>;

/** Validates search params for a route; unknown keys are dropped. */
export function parseDashboardSearch(raw: Record<string, unknown>): DashboardSearch {
  return dashboardSearch.parse(raw);
}

const sharedKeys = Object.keys(dashboardSearch.shape) as (keyof DashboardSearch)[];

/** Only the view every report shares, so moving to another report drops one page's own parameters (a funnel, a path). */
export function sharedView(search: Record<string, unknown>): Partial<DashboardSearch> {
  return Object.fromEntries(
    sharedKeys.filter((k) => search[k] !== undefined).map((k) => [k, search[k]]),
  ) as Partial<DashboardSearch>;
}

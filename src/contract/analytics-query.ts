import { z } from 'zod';
import { pagePath } from './common.js';
import { filtersParam } from './filters.js';

export const granularities = ['hour', 'day', 'week', 'month'] as const;
export type Granularity = (typeof granularities)[number];
/** Most buckets one trend may have (e.g. 20 days by the hour); more is a 400 on `granularity`. */
export const MAX_BUCKETS = 500;

/** A positive integer query parameter with a default and a maximum (above it: 400). */
export const limitParam = (defaultValue: number, max: number) =>
  z.coerce
    .number()
    .int()
    .min(1)
    .max(max)
    .default(defaultValue)
    .meta({ description: `Default ${defaultValue}, maximum ${max}.` });

const dateParam = (what: string) =>
  z
    .string()
    .max(40)
    .regex(
      /^\d{4}-\d{2}-\d{2}([T ][0-9:.]+(Z|[+-]\d{2}(:?\d{2})?)?)?$/,
      'an ISO-8601 date (YYYY-MM-DD) or timestamp (e.g. 2026-11-01T08:00:00Z)',
    )
    .meta({
      description: `${what}: ISO-8601 date (YYYY-MM-DD) or timestamp; without an offset it is read in \`timezone\`.`,
      example: '2026-11-01',
    });

/** start/end/timezone of every dated analytics endpoint. */
export const rangeParams = z.object({
  start: dateParam('Inclusive start'),
  end: dateParam('Exclusive end; a date-only end includes that whole day'),
  timezone: z
    .string()
    .min(1)
    .max(64)
    .default('UTC')
    .meta({ description: 'IANA zone name; default UTC.', example: 'America/New_York' }),
  filters: filtersParam,
});

export const granularityParam = z.enum(granularities).default('day');

export const trendsParams = rangeParams.extend({ granularity: granularityParam });
export const summaryParams = rangeParams;
export const realtimeParams = z.object({ filters: filtersParam });
export const breakdownParams = rangeParams.extend({ limit: limitParam(10, 50) });
export const pagesBreakdownParams = breakdownParams;
export const pageDetailsParams = rangeParams.extend({ page: pagePath, limit: limitParam(10, 50) });
const interactionsRangeParams = rangeParams.extend({ granularity: granularityParam, limit: limitParam(10, 50) });
/** How the clicks and forms breakdowns group their rows: absent, per page and element; `element`, each element over every page. */
export const interactionGroupings = ['element'] as const;
const groupParam = z.enum(interactionGroupings).optional().meta({
  description:
    'Extension: `element` totals each element (target and label) over every page: rows with `page` null (docs/decisions.md).',
});
export const interactionsParams = interactionsRangeParams.extend({ group: groupParam });
export const interactionDetailsParams = interactionsRangeParams.extend({ page: pagePath });
const sourceParam = z
  .string()
  .min(1)
  .max(256)
  .optional()
  .meta({ description: 'Only submissions whose `source` equals this value.' });
export const formsParams = interactionsParams.extend({ source: sourceParam });
export const formDetailsParams = interactionDetailsParams.extend({ source: sourceParam });

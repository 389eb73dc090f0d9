import { z } from 'zod';
import { granularities, interactionGroupings } from './analytics-query.js';

const count = z.number().int().min(0);
const ratio = z.number().min(0).max(1);
/**
 * A rate or average with nothing to divide by is null, not 0: a 0% bounce rate over no entries would
 * rank as the best and show as a change (docs/decisions.md "Rates without a base").
 */
const noBase = (base: string) => `null when there is no base (${base}).`;
const rate = (base: string) => ratio.nullable().meta({ description: noBase(base) });
const stamp = z.string().meta({ description: 'ISO-8601 timestamp' });

const rangeMeta = {
  start: stamp.meta({ description: 'UTC start of the normalized range' }),
  end: stamp.meta({ description: 'UTC end of the normalized range (exclusive)' }),
  timezone: z.string(),
};
/** Single-property responses name the property; aggregates list them (`property_ids`). */
const scopeMeta = z.union([z.object({ property_id: z.string() }), z.object({ property_ids: z.array(z.string()) })]);
const withScope = <T extends z.ZodRawShape>(shape: T) => z.intersection(scopeMeta, z.object(shape));

export const rangeMetaSchema = withScope(rangeMeta);
export const bucketedMetaSchema = withScope({
  ...rangeMeta,
  granularity: z.enum(granularities),
  bucket_count: count,
  limit: count.optional(),
});
export const limitedMetaSchema = withScope({ ...rangeMeta, limit: count });
export const pageMetaSchema = withScope({
  ...rangeMeta,
  page: z.string(),
  limit: count,
  granularity: z.enum(granularities).optional(),
  bucket_count: count.optional(),
});

const bucket = { bucket_start: stamp, bucket_end: stamp };

export const trendsResponse = z.object({
  meta: bucketedMetaSchema,
  data: z.array(z.object({ ...bucket, page_views: count, unique_visitors: count })),
  summary: z.object({ page_views: count, unique_visitors: count }),
});

export const summaryResponse = z.object({
  meta: rangeMetaSchema,
  data: z.object({
    page_views: count,
    sessions: count,
    unique_visitors: count,
    bounce_rate: rate('no sessions in the range'),
    avg_session_duration: z
      .number()
      .min(0)
      .nullable()
      .meta({ description: `Seconds; ${noBase('no sessions in the range')}` }),
  }),
});

export const realtimeResponse = z.object({
  meta: scopeMeta,
  data: z.object({
    active_visitors: count,
    feed: z.array(
      z.object({
        page: z.string(),
        referrer: z.string().nullable(),
        device: z.string(),
        country: z.string(),
        timestamp: stamp,
      }),
    ),
  }),
});

const segment = { sessions: count, page_views: count, share: ratio };
export const breakdownResponse = z.object({
  meta: z.intersection(limitedMetaSchema, z.object({ totals: z.object({ sessions: count, page_views: count }) })),
  data: z.object({
    utm: z.array(z.object({ source: z.string(), medium: z.string(), campaign: z.string(), ...segment })),
    countries: z.array(z.object({ country: z.string(), ...segment })),
    devices: z.array(z.object({ device: z.string(), ...segment })),
    landing_pages: z.array(z.object({ path: z.string(), ...segment })),
    referrers: z.array(z.object({ referrer: z.string(), ...segment })),
    browsers: z
      .array(z.object({ browser: z.string(), ...segment }))
      .meta({ description: "Extension: sessions by browser (first page view's user agent)." }),
    operating_systems: z
      .array(z.object({ os: z.string(), ...segment }))
      .meta({ description: 'Extension: sessions by operating system.' }),
  }),
});

const pathShare = z.object({ path: z.string(), sessions: count, share: ratio });
export const entryExitResponse = z.object({
  meta: limitedMetaSchema,
  data: z.object({ entry_pages: z.array(pathShare), exit_pages: z.array(pathShare) }),
});

const pageFigures = {
  page_views: count,
  unique_visitors: count,
  avg_scroll_depth: rate('no scroll reported on the page'),
  bounce_rate: rate('no session entered on the page'),
};
export const pagesBreakdownResponse = z.object({
  meta: limitedMetaSchema,
  data: z.array(z.object({ path: z.string(), ...pageFigures })),
});

const viewShare = { page_views: count, share: ratio };
export const pageDetailsResponse = z.object({
  meta: pageMetaSchema,
  data: z.object({
    ...pageFigures,
    utm: z.array(z.object({ source: z.string(), medium: z.string(), campaign: z.string(), ...viewShare })),
    devices: z.array(z.object({ device: z.string(), ...viewShare })),
    countries: z.array(z.object({ country: z.string(), ...viewShare })),
  }),
});

/** Extensions of the clicks and forms rows (docs/decisions.md "Clicks and forms"). */
const elementLabel = z.string().nullable().meta({
  description:
    'Extension: what the element showed (its text or label), the most common one sent for the row; null when none was.',
});
const perPageView = (what: string) =>
  z
    .number()
    .min(0)
    .nullable()
    .meta({
      description: `Extension: the row's ${what} over the page views of its page (grouped by element: of the pages it was used on) in the range, under the same filters; ${noBase('no page views')}`,
    });
const rowPage = z
  .string()
  .nullable()
  .meta({ description: 'The page; null in rows grouped by element (`group=element`), which total every page.' });
/** Echoes `group` when the rows are grouped (extension). */
const interactionsMeta = z.intersection(
  bucketedMetaSchema,
  z.object({ group: z.enum(interactionGroupings).optional() }),
);

export const clicksBreakdownResponse = z.object({
  meta: interactionsMeta,
  data: z.array(
    z.object({
      page: rowPage,
      target: z.string(),
      label: elementLabel,
      clicks: count,
      unique_clicks: count,
      click_through_rate: perPageView('clicks'),
    }),
  ),
  trend: z.array(z.object({ ...bucket, clicks: count, unique_clicks: count })),
  summary: z.object({ total_clicks: count, total_unique_clicks: count }),
});

export const clickDetailsResponse = z.object({
  meta: pageMetaSchema,
  data: z.object({
    clicks: z.array(
      z.object({
        target: z.string(),
        label: elementLabel,
        clicks: count,
        unique_clicks: count,
        share: ratio,
        click_through_rate: perPageView('clicks'),
      }),
    ),
  }),
  trend: z.array(z.object({ ...bucket, clicks: count, unique_clicks: count })),
  summary: z.object({ total_clicks: count, total_unique_clicks: count }),
});

/** `unique_sessions` is the legacy alias of the unique-submission counts (same values). */
const uniqueSubmissions = { submissions: count, unique_submissions: count, unique_sessions: count };
const formsSummary = z.object({ total_submissions: count, total_unique_submissions: count, unique_sessions: count });
export const formsBreakdownResponse = z.object({
  meta: interactionsMeta,
  data: z.array(
    z.object({
      page: rowPage,
      target: z.string(),
      label: elementLabel,
      ...uniqueSubmissions,
      submission_rate: perPageView('submissions'),
    }),
  ),
  trend: z.array(z.object({ ...bucket, ...uniqueSubmissions })),
  summary: formsSummary,
});

export const formDetailsResponse = z.object({
  meta: pageMetaSchema,
  data: z.object({
    forms: z.array(
      z.object({
        target: z.string(),
        label: elementLabel,
        ...uniqueSubmissions,
        share: ratio,
        submission_rate: perPageView('submissions'),
      }),
    ),
  }),
  trend: z.array(z.object({ ...bucket, ...uniqueSubmissions })),
  summary: formsSummary,
});

export type TrendsResponse = z.infer<typeof trendsResponse>;
export type SummaryResponse = z.infer<typeof summaryResponse>;
export type BreakdownResponse = z.infer<typeof breakdownResponse>;
export type PageDetailsResponse = z.infer<typeof pageDetailsResponse>;

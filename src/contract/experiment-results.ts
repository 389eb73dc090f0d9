import { z } from 'zod';

/**
 * `GET …/split-tests/{experimentId}/timeline` (extension): each variant's cumulative figures at the
 * end of each day of the test. Day 1 is the first 24 hours from `created_at` (days are counted from
 * the start, not in a time zone), the last day is the one holding now, or `stopped_at` for a complete
 * test. A session counts on the day of its first exposure with whatever it converted since, and a
 * visitor on the day of its first exposure with whatever it reached since, so the last day's figures
 * equal the detail's (docs/decisions.md, "Split tests: results over time").
 */
export const experimentTimelineResponse = z.object({
  experiment_id: z.string(),
  days: z.array(
    z.object({
      /** 1 for the first 24 hours of the test. */
      day: z.number().int().min(1),
      /** When the day ends (created_at + day × 24 h); for the last day of a running test, possibly in the future. */
      end: z.string(),
      /** One per variant, in the test's order (the control first). */
      variants: z.array(
        z.object({
          label: z.string(),
          sessions: z.number().int().min(0),
          conversions: z.number().int().min(0),
          /** conversions / sessions so far; null before the variant's first session. */
          conversion_rate: z.number().min(0).max(1).nullable(),
          /** Extension: the same with the visitor as the unit, as the decision counts (docs/experiments.md). */
          visitors: z.number().int().min(0),
          converted_visitors: z.number().int().min(0),
          /** converted_visitors / visitors so far; null before the variant's first visitor. */
          visitor_conversion_rate: z.number().nullable(),
        }),
      ),
    }),
  ),
});
export type ExperimentTimeline = z.infer<typeof experimentTimelineResponse>;

/** `POST …/archive` and `…/restore` (extensions): the test's archive stamp after the change. */
export const archiveExperimentResponse = z.object({ experiment_id: z.string(), archived_at: z.string().nullable() });
/** `DELETE …/split-tests/{experimentId}` (extension). */
export const deletedExperimentResponse = z.object({ experiment_id: z.string(), deleted: z.literal(true) });

import { z } from 'zod';
import {
  changeOps,
  experimentTypes,
  goals,
  MAX_METRICS,
  MAX_VARIANTS,
  metricRoles,
} from '../../../../contract/experiments.js';
import { recommendation, type Recommendation } from '../../../../contract/recommendations.js';
import { connectionKey, type Connection } from '../../../lib/connection.js';
import { DEFAULT_MDE_PERCENT, DEFAULT_MIN_DAYS, initialValues, type WizardValues } from './wizard-form.js';

/** The form's own shape, checked field by field; `satisfies` keeps it in step with WizardValues. */
const wizardValues = z.object({
  name: z.string(),
  page: z.string(),
  type: z.enum(experimentTypes),
  variants: z
    .array(
      z.object({
        label: z.string(),
        url: z.string(),
        changes: z.array(
          z.object({
            rec_id: z.string(),
            selector: z.string(),
            op: z.enum(changeOps),
            value: z.string(),
            css: z.array(z.object({ property: z.string(), value: z.string() })),
          }),
        ),
      }),
    )
    .min(1)
    .max(MAX_VARIANTS),
  goal: z.enum(goals),
  goal_target: z.string(),
  // Drafts saved before the currency choice have none: the property's usual one.
  currency: z.string().default(''),
  auto_stop: z.enum(['manual', 'days']),
  auto_stop_days: z.string(),
  // Drafts saved before the plan's settings have none: the defaults.
  minimum_detectable_effect: z.string().default(String(DEFAULT_MDE_PERCENT)),
  min_days: z.string().default(String(DEFAULT_MIN_DAYS)),
  // Drafts saved before more metrics have none.
  metrics: z
    .array(z.object({ goal: z.enum(goals), goal_target: z.string(), role: z.enum(metricRoles) }))
    .max(MAX_METRICS)
    .default([]),
}) satisfies z.ZodType<WizardValues>;

/** Bumped when the form's shape changes, so an older tab's draft is dropped rather than misread. */
const DRAFT_VERSION = 1;

const wizardDraft = z.object({
  version: z.literal(DRAFT_VERSION),
  values: wizardValues,
  /** The recommendations ticked, and the page they were for (they only count for that page). */
  chosen: z.object({ page: z.string(), recs: z.array(recommendation) }),
});

export interface WizardDraft {
  values: WizardValues;
  chosen: { page: string; recs: Recommendation[] };
}

/** One draft per tab, property and connection: another property is another site, another key maybe another server. */
export const wizardDraftKey = (connection: Connection, propertyId: string) =>
  `sightline.wizard-draft:${connectionKey(connection)}:${propertyId}`;

export const serializeDraft = (draft: WizardDraft): string => JSON.stringify({ version: DRAFT_VERSION, ...draft });

/** The draft stored under a key, or null when there is none or it is damaged or from an older shape. */
export function parseDraft(raw: string | null): WizardDraft | null {
  if (raw === null) return null;
  try {
    const parsed = wizardDraft.safeParse(JSON.parse(raw));
    return parsed.success ? { values: parsed.data.values, chosen: parsed.data.chosen } : null;
  } catch {
    return null;
  }
}

/** Nothing typed and nothing chosen: not worth keeping (and Start over leaves exactly this). */
export const isBlankDraft = (draft: WizardDraft): boolean =>
  draft.chosen.recs.length === 0 && JSON.stringify(draft.values) === JSON.stringify(initialValues(''));

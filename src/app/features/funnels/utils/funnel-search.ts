import { z } from 'zod';
import { MAX_FUNNEL_STEPS, funnelDimensions, funnelModes } from '../../../../contract/funnels.js';

// Steps are kept as typed (even half-typed), so a reload or a shared link shows the builder as it was;
// the API only sees them once they pass the contract's own step schema.
const stepsParam = z
  .unknown()
  .transform((raw): string[] => {
    // The router parses `?steps=/pricing` (not JSON) as a plain string: take it as one step.
    const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : [];
    return list.filter((s): s is string => typeof s === 'string').map((s) => s.slice(0, 1024)).slice(0, MAX_FUNNEL_STEPS);
  })
  .catch([]);

/** The funnel's part of the URL; each field falls back on its own, like the dashboard's own search. */
export const funnelSearch = z.object({
  steps: stepsParam,
  mode: z.enum(funnelModes).default('unbounded').catch('unbounded'),
  breakdownBy: z.enum(funnelDimensions).optional().catch(undefined),
});

export type FunnelSearch = z.infer<typeof funnelSearch>;
export type FunnelMode = FunnelSearch['mode'];
export type FunnelDimension = NonNullable<FunnelSearch['breakdownBy']>;

/** The URL form of a builder: an untouched builder (one empty step) leaves `steps` out. */
export const stepsForUrl = (pages: string[]): string[] | undefined => (pages.every((p) => p === '') ? undefined : pages);

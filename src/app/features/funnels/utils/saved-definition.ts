import type { z } from 'zod';
import { encodeFilters, type Filter } from '../../../../contract/filters.js';
import type { FunnelStep, saveFunnelBody, SavedFunnel } from '../../../../contract/funnels.js';
import { searchFromFilters, type FilterTuples } from '../../../lib/filter-search.js';
import { stepsForUrl, stepValues, type FunnelDimension, type FunnelMode, type StepValue } from './funnel-search.js';

/** What the builder shows and a saved funnel keeps: steps, mode, breakdown and the segment's filters. */
export interface BuilderFunnel {
  /** Pages and goals, as the API takes them. */
  steps: FunnelStep[];
  mode: FunnelMode;
  breakdownBy: FunnelDimension | undefined;
  filters: Filter[];
}

export type SaveFunnelInput = z.input<typeof saveFunnelBody>;

/**
 * The body that saves the builder's funnel. Every field is sent, the empty ones too (`breakdownBy:
 * null`, `filters: []`): an update left without them would keep the funnel's old ones.
 */
export const saveBody = (f: BuilderFunnel, name: string, id?: string): SaveFunnelInput & { steps: FunnelStep[] } => ({
  ...(id ? { id } : {}),
  name,
  steps: f.steps,
  mode: f.mode,
  breakdownBy: f.breakdownBy ?? null,
  filters: searchFromFilters(f.filters) ?? [],
});

/** A saved funnel as the builder reads it: a field it was saved without means unbounded, none, none (decisions.md). */
export function builderFunnelOf(saved: SavedFunnel): BuilderFunnel {
  return {
    steps: saved.steps,
    mode: saved.mode ?? 'unbounded',
    breakdownBy: saved.breakdownBy,
    filters: (saved.filters ?? []).map(([op, dimension, values]) => ({ op, dimension, values })),
  };
}

const keyOf = (f: BuilderFunnel) =>
  JSON.stringify([stepValues(f.steps), f.mode, f.breakdownBy ?? null, encodeFilters(f.filters)]);

/** Whether the builder shows exactly this saved funnel (filters in the same order, as they were saved). */
export const sameFunnel = (a: BuilderFunnel, b: BuilderFunnel) => keyOf(a) === keyOf(b);

/** The URL's funnel part for a saved funnel: opening one replaces steps, mode, breakdown and filters. */
export function searchOfSaved(saved: SavedFunnel): {
  steps: StepValue[] | undefined;
  mode: FunnelMode;
  breakdownBy: FunnelDimension | undefined;
  filters: FilterTuples | undefined;
} {
  const f = builderFunnelOf(saved);
  return {
    steps: stepsForUrl(stepValues(f.steps)),
    mode: f.mode,
    breakdownBy: f.breakdownBy,
    filters: searchFromFilters(f.filters),
  };
}

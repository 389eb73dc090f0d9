import { describe, expect, it } from 'vitest';
import { saveFunnelBody, type SavedFunnel } from '../../../../contract/funnels.js';
import { funnelToOpen } from './last-funnel.js';
import { builderFunnelOf, sameFunnel, saveBody, searchOfSaved, type BuilderFunnel } from './saved-definition.js';

const steps = [{ page: '/pricing' }, { page: '/signup' }];
const builder: BuilderFunnel = {
  steps,
  mode: 'sequential',
  breakdownBy: 'device',
  filters: [{ op: 'is', dimension: 'referrer', values: ['google.com', null] }],
};
const seed: SavedFunnel = { id: 'fnl_seed', name: 'Seed', steps, created_at: '2026-03-01T10:00:00.000Z' };

describe('a saved funnel in the builder', () => {
  it('saves steps, mode, breakdown and filters, the empty ones too, as a body the contract takes', () => {
    expect(saveBody(builder, 'Pricing', 'fnl_1')).toEqual({
      id: 'fnl_1',
      name: 'Pricing',
      steps,
      mode: 'sequential',
      breakdownBy: 'device',
      filters: [['is', 'referrer', ['google.com', null]]],
    });
    // Without a breakdown or filters: sent as null and [], so an update clears what the funnel had.
    const plain = saveBody({ ...builder, mode: 'unbounded', breakdownBy: undefined, filters: [] }, 'Plain');
    expect(plain).toEqual({ name: 'Plain', steps, mode: 'unbounded', breakdownBy: null, filters: [] });
    expect(saveFunnelBody.safeParse(plain).success).toBe(true);
  });

  it('reads a funnel saved by a seed client as any order, no breakdown, no filters', () => {
    expect(builderFunnelOf(seed)).toEqual({ steps, mode: 'unbounded', breakdownBy: undefined, filters: [] });
    expect(searchOfSaved(seed)).toEqual({
      steps: ['/pricing', '/signup'],
      mode: 'unbounded',
      breakdownBy: undefined,
      filters: undefined,
    });
  });

  it('opens with everything it was saved with, and is the funnel shown only when all of it matches', () => {
    const saved: SavedFunnel = { ...seed, ...saveBody(builder, 'Pricing'), breakdownBy: 'device' };
    expect(searchOfSaved(saved)).toEqual({
      steps: ['/pricing', '/signup'],
      mode: 'sequential',
      breakdownBy: 'device',
      filters: [['is', 'referrer', ['google.com', null]]],
    });
    expect(sameFunnel(builderFunnelOf(saved), builder)).toBe(true);
    expect(sameFunnel(builderFunnelOf(saved), { ...builder, mode: 'unbounded' })).toBe(false);
    expect(sameFunnel(builderFunnelOf(saved), { ...builder, breakdownBy: undefined })).toBe(false);
    expect(sameFunnel(builderFunnelOf(saved), { ...builder, filters: [] })).toBe(false);
    expect(sameFunnel(builderFunnelOf(saved), { ...builder, steps: steps.slice(0, 1) })).toBe(false);
  });
});

describe('the funnel an untouched Funnels page opens', () => {
  const list = [{ id: 'newest' }, { id: 'older' }];
  it('is the last one used while it exists, else the newest, else none', () => {
    expect(funnelToOpen(list, 'older')?.id).toBe('older');
    expect(funnelToOpen(list, 'deleted')?.id).toBe('newest');
    expect(funnelToOpen(list, null)?.id).toBe('newest');
    expect(funnelToOpen([], 'older')).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import type { SavedFunnel } from '../../../../contract/funnels.js';
import { funnelSearch, stepsForUrl } from './funnel-search.js';
import { builderFunnelOf, sameFunnel, saveBody, searchOfSaved } from './saved-definition.js';
import { checkSteps } from './step-errors.js';

// A step may be one of the property's goals (decisions.md "Funnels"): kept in the URL as {goal: id}.
describe('goal steps in the builder', () => {
  it('keeps goal steps from a link beside typed paths, and drops anything else', () => {
    expect(
      funnelSearch.parse({ steps: ['/pricing', { goal: 'gol_a' }, { goal: '' }, { goal: 7 }, { page: '/x' }] }).steps,
    ).toEqual(['/pricing', { goal: 'gol_a' }, { goal: '' }]);
    // a goal step not yet picked is a choice made: it stays in the URL
    expect(stepsForUrl([{ goal: '' }])).toEqual([{ goal: '' }]);
  });

  it('checks a goal step: one must be picked, and it must still exist once the goals are known', () => {
    expect(checkSteps(['/pricing', { goal: 'gol_a' }])).toEqual({
      steps: [{ page: '/pricing' }, { goal: 'gol_a' }],
      errors: {},
    });
    expect(checkSteps(['/pricing', { goal: '' }])).toEqual({ steps: null, errors: { 1: 'Pick one of your goals.' } });
    const known = new Set(['gol_a']);
    expect(checkSteps([{ goal: 'gol_a' }], known).steps).toEqual([{ goal: 'gol_a' }]);
    expect(checkSteps(['pricing', { goal: 'gol_gone' }], known)).toEqual({
      steps: null,
      errors: {
        0: 'Use a path starting with /, without query string or fragment.',
        1: 'This goal no longer exists: pick another one.',
      },
    });
  });

  it('saves and reopens a funnel with a goal step as it was built', () => {
    const builder = {
      steps: [{ page: '/pricing' }, { goal: 'gol_a' }],
      mode: 'sequential' as const,
      breakdownBy: undefined,
      filters: [],
    };
    const body = saveBody(builder, 'Pricing to signup');
    expect(body.steps).toEqual([{ page: '/pricing' }, { goal: 'gol_a' }]);
    const saved: SavedFunnel = { id: 'fnl_1', created_at: '2026-06-01T00:00:00.000Z', ...body, breakdownBy: undefined };
    expect(searchOfSaved(saved).steps).toEqual(['/pricing', { goal: 'gol_a' }]);
    expect(sameFunnel(builderFunnelOf(saved), builder)).toBe(true);
    expect(sameFunnel(builderFunnelOf(saved), { ...builder, steps: [{ page: '/pricing' }, { goal: 'gol_b' }] })).toBe(
      false,
    );
  });
});

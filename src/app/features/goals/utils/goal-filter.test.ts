import { describe, expect, it } from 'vitest';
import type { Filter, FilterDimension } from '../../../../contract/filters.js';
import { withoutGoal } from './goal-filter.js';

// The contract's `goal` dimension, named here so the rule is tested whether or not the contract has it yet.
const GOAL = 'goal' as unknown as FilterDimension;

describe('withoutGoal', () => {
  const country: Filter = { op: 'is', dimension: 'country', values: ['US'] };
  it('drops a deleted goal from exact goal filters, and a filter left with nothing', () => {
    const filters: Filter[] = [
      country,
      { op: 'is', dimension: GOAL, values: ['Signup'] },
      { op: 'is_not', dimension: GOAL, values: ['Signup', 'Refund'] },
    ];
    expect(withoutGoal(filters, GOAL, 'Signup')).toEqual([
      country,
      { op: 'is_not', dimension: GOAL, values: ['Refund'] },
    ]);
  });
  it('keeps pattern filters, other dimensions with the same text, and other goals', () => {
    const filters: Filter[] = [
      { op: 'contains', dimension: GOAL, values: ['Signup'] },
      { op: 'is', dimension: 'page', values: ['Signup'] },
      { op: 'is', dimension: GOAL, values: ['Refund'] },
    ];
    expect(withoutGoal(filters, GOAL, 'Signup')).toEqual(filters);
  });
});

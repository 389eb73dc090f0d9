import { filterDimensions, type Filter, type FilterDimension } from '../../../../contract/filters.js';

/** The `goal` filter dimension when the contract has it (value: a goal's name); undefined before. */
export const goalDimension: FilterDimension | undefined = filterDimensions.find((d) => (d as string) === 'goal');

/**
 * The filters without a deleted goal's name: the API refuses an `is`/`is_not` goal filter naming no
 * goal (400), so keeping it would turn every report of the segment into an error. A filter left with
 * no value goes; `contains` and `matches` may match no goal, so they stay.
 */
export function withoutGoal(filters: Filter[], dimension: FilterDimension, name: string): Filter[] {
  return filters.flatMap((f) => {
    if (f.dimension !== dimension || (f.op !== 'is' && f.op !== 'is_not')) return [f];
    const values = f.values.filter((v) => v !== name);
    return values.length ? [{ ...f, values }] : [];
  });
}

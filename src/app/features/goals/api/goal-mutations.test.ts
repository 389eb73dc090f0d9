import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../lib/api-client.js';
import { ApiError } from '../../../lib/api-error.js';
import type { ReportScope } from '../../../lib/report-scope.js';
import { createGoalMutation, deleteGoalMutation } from './goal-mutations.js';
import { goalsListQueryOptions, goalsReportQueryOptions } from './goals-queries.js';

/** A scope whose every call is refused, as when another tab already made or deleted the goal. */
const refusing = (error: ApiError): ReportScope => {
  const client = {
    call: async () => {
      throw error;
    },
  } as unknown as ApiClient;
  return {
    connection: { mode: 'session' },
    client,
    propertyId: 'acme-shop',
    timezone: 'UTC',
    filters: [{ op: 'is', dimension: 'country', values: ['US'] }],
  };
};
const range = { start: '2025-03-01', end: '2025-03-31' };

/** Runs one refused write and says which cached reads were marked out of date. */
async function invalidatedAfter(
  make: typeof createGoalMutation | typeof deleteGoalMutation,
  error: ApiError,
  variables: unknown,
) {
  const qc = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const scope = refusing(error);
  const list = goalsListQueryOptions(scope).queryKey;
  const report = goalsReportQueryOptions(scope, range).queryKey;
  qc.setQueryData(list, { data: [] });
  qc.setQueryData(report, {
    meta: { property_id: 'acme-shop', ...range, timezone: 'UTC', totals: { unique_visitors: 0 } },
    data: [],
  });
  const observer = new MutationObserver(qc, make(scope, qc) as never);
  await expect(observer.mutate(variables as never)).rejects.toBe(error);
  return [qc.getQueryState(list)?.isInvalidated, qc.getQueryState(report)?.isInvalidated];
}

describe('goal writes', () => {
  it('refresh the list and the filtered report when a create is refused (a goal of that name was made elsewhere)', async () => {
    const conflict = new ApiError(409, 'conflict', 'the property already has a goal named "Signup"', 'name');
    expect(
      await invalidatedAfter(createGoalMutation, conflict, { name: 'Signup', kind: 'event', event: 'Signup' }),
    ).toEqual([true, true]);
  });

  it('refresh them when a delete finds the goal gone', async () => {
    const gone = new ApiError(404, 'not_found', 'no goal "gol_1" in this property', 'goalId');
    expect(await invalidatedAfter(deleteGoalMutation, gone, 'gol_1')).toEqual([true, true]);
  });
});

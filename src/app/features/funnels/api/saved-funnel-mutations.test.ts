import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error.js';
import type { ApiClient } from '../../../lib/api-client.js';
import type { ReportScope } from '../../../lib/report-scope.js';
import { savedFunnelsKey } from './funnel-queries.js';
import { deleteFunnelMutation, saveFunnelMutation } from './saved-funnel-mutations.js';

/** A scope whose every call is answered as the server answers a funnel deleted elsewhere. */
const goneScope = (): ReportScope => {
  const client = {
    call: async () => {
      throw new ApiError(404, 'not_found', 'no saved funnel "f1" in this property', 'funnelId');
    },
  } as unknown as ApiClient;
  return { connection: { mode: 'session' }, client, propertyId: 'acme-shop', timezone: 'UTC', filters: [] };
};

/** Runs one mutation to its end and says whether the saved list was marked out of date. */
async function listInvalidatedAfter(make: (s: ReportScope, qc: QueryClient) => object, variables: unknown) {
  const qc = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const scope = goneScope();
  qc.setQueryData(savedFunnelsKey(scope), { data: [{ id: 'f1', name: 'Checkout' }] });
  const observer = new MutationObserver(qc, make(scope, qc) as never);
  await expect(observer.mutate(variables as never)).rejects.toBeInstanceOf(ApiError);
  return qc.getQueryState(savedFunnelsKey(scope))?.isInvalidated;
}

describe('saved funnel writes', () => {
  it('refresh the saved list when a delete fails with 404, so a funnel deleted elsewhere leaves the list', async () => {
    expect(await listInvalidatedAfter(deleteFunnelMutation, 'f1')).toBe(true);
  });

  it('refresh the saved list when an update of a funnel deleted elsewhere fails', async () => {
    expect(
      await listInvalidatedAfter(saveFunnelMutation, {
        id: 'f1',
        name: 'Checkout 2',
        steps: [{ page: '/' }, { page: '/cart' }],
      }),
    ).toBe(true);
  });
});

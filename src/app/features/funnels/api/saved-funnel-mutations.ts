import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedFunnel } from '../../../../contract/funnels.js';
import { savedFunnelsKey } from './funnel-queries.js';
import { type ReportScope } from '../../../lib/report-scope.js';

/** Creates a saved funnel, or renames/updates the one whose `id` is given. */
export function useSaveFunnel(s: ReportScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { id?: string; name: string; steps: SavedFunnel['steps'] }) => s.client.call('saveFunnel', { propertyId: s.propertyId, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedFunnelsKey(s) }),
  });
}

export function useDeleteFunnel(s: ReportScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (funnelId: string) => s.client.call('deleteFunnel', { propertyId: s.propertyId, params: { funnelId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedFunnelsKey(s) }),
  });
}

import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { SaveFunnelInput } from '../utils/saved-definition.js';
import { savedFunnelsKey } from './funnel-queries.js';
import { type ReportScope } from '../../../lib/report-scope.js';

// The list is refreshed when a write settles, not only when it succeeds: a 404 (the funnel was
// deleted in another tab or by another person) means the list on screen is out of date too.

/** Creates a saved funnel, or renames/updates the one whose `id` is given (fields left out keep their value). */
export const saveFunnelMutation = (s: ReportScope, queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: (body: SaveFunnelInput) => s.client.call('saveFunnel', { propertyId: s.propertyId, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedFunnelsKey(s) }),
  });

export const deleteFunnelMutation = (s: ReportScope, queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: (funnelId: string) => s.client.call('deleteFunnel', { propertyId: s.propertyId, params: { funnelId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedFunnelsKey(s) }),
  });

export function useSaveFunnel(s: ReportScope) {
  return useMutation(saveFunnelMutation(s, useQueryClient()));
}

export function useDeleteFunnel(s: ReportScope) {
  return useMutation(deleteFunnelMutation(s, useQueryClient()));
}

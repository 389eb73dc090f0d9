import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CreateGoalBody } from '../../../../contract/goals.js';
import type { ReportScope } from '../../../lib/report-scope.js';
import { goalsKey } from './goals-queries.js';

// The list and the reports are refreshed when a write settles, not only when it succeeds: a 409 or
// 404 (another tab or person changed the goals) means what is on screen is out of date too.

export const createGoalMutation = (s: ReportScope, queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: (body: CreateGoalBody) => s.client.call('createGoal', { propertyId: s.propertyId, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: goalsKey(s) }),
  });

export const deleteGoalMutation = (s: ReportScope, queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: (goalId: string) => s.client.call('deleteGoal', { propertyId: s.propertyId, params: { goalId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: goalsKey(s) }),
  });

/** Creates a goal; the list and the Goals report refetch. */
export function useCreateGoal(s: ReportScope) {
  return useMutation(createGoalMutation(s, useQueryClient()));
}

/** Deletes a goal; the list and the Goals report refetch. */
export function useDeleteGoal(s: ReportScope) {
  return useMutation(deleteGoalMutation(s, useQueryClient()));
}

import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { experimentStatuses, stopExperimentBody, updateExperimentBody } from '../../../../contract/experiments.js';
import type { ApiClient } from '../../../lib/api-client.js';
import { connectionKey, type Connection } from '../../../lib/connection.js';

/** What every experiments read is scoped by: a connection and one property. */
export interface ExperimentsScope {
  connection: Connection;
  client: ApiClient;
  propertyId: string;
}

export type ExperimentStatus = (typeof experimentStatuses)[number];

/**
 * The prefix of every experiments read of a property. Invalidate it after any change to a test
 * (create, rename, auto-stop, stop): lists and details all start with it.
 */
export const experimentsKey = (s: Pick<ExperimentsScope, 'connection' | 'propertyId'>) =>
  [connectionKey(s.connection), s.propertyId, 'experiments'] as const;

/** The property's split tests, newest first; `status` undefined = all; `archived`: only the archived ones, else none of them. */
export const experimentListQueryOptions = (s: ExperimentsScope, status?: ExperimentStatus, archived = false) =>
  queryOptions({
    queryKey: [...experimentsKey(s), 'list', { status: status ?? 'all', archived }] as const,
    queryFn: ({ signal }) =>
      s.client.call('splitTests', {
        propertyId: s.propertyId,
        query: { status, limit: 100, ...(archived ? { archived: 'true' as const } : {}) },
        signal,
      }),
    // Switching the status filter keeps the old rows (dimmed) instead of flashing a skeleton.
    placeholderData: keepPreviousData,
  });

/** One test with per-variant figures and statistics. */
export const experimentDetailQueryOptions = (s: ExperimentsScope, experimentId: string) =>
  queryOptions({
    queryKey: [...experimentsKey(s), 'detail', experimentId] as const,
    queryFn: ({ signal }) => s.client.call('splitTest', { propertyId: s.propertyId, params: { experimentId }, signal }),
  });

export type UpdateExperimentBody = z.input<typeof updateExperimentBody>;
export type StopExperimentBody = z.input<typeof stopExperimentBody>;

/** PATCH an active test (name and/or auto_stop_days); lists and details refetch afterwards. */
export function useUpdateExperiment(s: ExperimentsScope, experimentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateExperimentBody) =>
      s.client.call('updateSplitTest', { propertyId: s.propertyId, params: { experimentId }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: experimentsKey(s) }),
  });
}

/** Stop an active test for good (the API records the reason, "manual" when none is given). */
export function useStopExperiment(s: ExperimentsScope, experimentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StopExperimentBody) =>
      s.client.call('stopSplitTest', { propertyId: s.propertyId, params: { experimentId }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: experimentsKey(s) }),
  });
}

/** Each variant's cumulative conversion rate by day of the test, for the results-over-time chart. */
export const experimentTimelineQueryOptions = (s: ExperimentsScope, experimentId: string) =>
  queryOptions({
    queryKey: [...experimentsKey(s), 'timeline', experimentId] as const,
    queryFn: ({ signal }) =>
      s.client.call('splitTestTimeline', { propertyId: s.propertyId, params: { experimentId }, signal }),
  });

/** Archive (true) or restore (false) a complete test; lists and details refetch afterwards. */
export function useArchiveExperiment(s: ExperimentsScope, experimentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (archive: boolean) =>
      s.client.call(archive ? 'archiveSplitTest' : 'restoreSplitTest', {
        propertyId: s.propertyId,
        params: { experimentId },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: experimentsKey(s) }),
  });
}

/** Delete a complete test for good; its cached reads are dropped rather than refetched (they would 404). */
export function useDeleteExperiment(s: ExperimentsScope, experimentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => s.client.call('deleteSplitTest', { propertyId: s.propertyId, params: { experimentId } }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: [...experimentsKey(s), 'detail', experimentId] });
      queryClient.removeQueries({ queryKey: [...experimentsKey(s), 'timeline', experimentId] });
      return queryClient.invalidateQueries({ queryKey: [...experimentsKey(s), 'list'] });
    },
  });
}

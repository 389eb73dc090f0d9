import { z } from 'zod';
import { experimentStatuses } from '../../../../contract/experiments.js';

/** `archived`: the archived tests, which every other filter leaves out. */
export const statusFilters = ['all', ...experimentStatuses, 'archived'] as const;
export type StatusFilter = (typeof statusFilters)[number];

/** The list's own URL state; a bad value in a shared link falls back to showing every test. */
export const experimentsSearch = z.object({
  status: z.enum(statusFilters).default('all').catch('all'),
});

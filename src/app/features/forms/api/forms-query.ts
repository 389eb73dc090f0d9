import type { FetchInteractions, InteractionsBreakdown } from '../../../lib/interactions-breakdown-query.js';

/** The Forms report's one read; also what its route loader prefetches. */
export const fetchForms: FetchInteractions<
  InteractionsBreakdown<'submissions', 'unique_submissions', 'submission_rate'>
> = (s, query, signal) => s.client.call('formsBreakdown', { propertyId: s.propertyId, query, signal });

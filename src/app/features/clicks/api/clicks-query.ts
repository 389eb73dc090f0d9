import type { FetchInteractions, InteractionsBreakdown } from '../../../lib/interactions-breakdown-query.js';

/** The Clicks report's one read; also what its route loader prefetches. */
export const fetchClicks: FetchInteractions<InteractionsBreakdown<'clicks', 'unique_clicks', 'click_through_rate'>> = (
  s,
  query,
  signal,
) => s.client.call('clicksBreakdown', { propertyId: s.propertyId, query, signal });

import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { SavedFunnel } from '../../../../contract/funnels.js';
import type { ReportScope } from '../../../lib/report-scope.js';
import { savedFunnelsQueryOptions } from '../api/funnel-queries.js';
import { funnelToOpen, lastFunnelId } from '../utils/last-funnel.js';

/**
 * A Funnels page reached with nothing chosen opens a saved funnel instead of an empty builder (issue
 * 13 §7): the last one used on this browser, or the newest. Once per property shown, and only while
 * nothing is chosen: a link with steps, or steps typed while the list loads, are left alone, and so
 * is a builder emptied on purpose afterwards.
 */
export function useOpenOnArrival(
  scope: ReportScope,
  nothingChosen: boolean,
  open: (funnel: SavedFunnel) => void,
): void {
  const saved = useQuery(savedFunnelsQueryOptions(scope)).data;
  const settledFor = useRef<string | null>(null);
  useEffect(() => {
    if (settledFor.current === scope.propertyId) return;
    if (!nothingChosen) {
      settledFor.current = scope.propertyId;
      return;
    }
    if (!saved) return;
    settledFor.current = scope.propertyId;
    const funnel = funnelToOpen(saved.data, lastFunnelId(scope.connection, scope.propertyId));
    if (funnel) open(funnel);
    // Not `open`: it is a fresh closure each render; the decision depends on these.
  }, [scope.propertyId, nothingChosen, saved]);
}

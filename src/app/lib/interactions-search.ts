import { z } from 'zod';
import { interactionGroupings } from '../../contract/analytics-query.js';

/**
 * The Clicks and Forms reports' part of the URL: `group=element` shows each element totalled over
 * every page ("All pages"); absent, per page. A bad value falls back to per page.
 */
export const interactionsSearch = z.object({
  group: z.enum(interactionGroupings).optional().catch(undefined),
});

export type InteractionGrouping = NonNullable<z.infer<typeof interactionsSearch>['group']>;

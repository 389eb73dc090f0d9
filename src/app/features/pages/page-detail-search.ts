import { z } from 'zod';
import { pagePath } from '../../../contract/common.js';

// The router's default parser turns `?path=404` into a number; the API's own path rule decides the rest.
const pathParam = z.union([z.string(), z.number().transform(String)]).pipe(pagePath);

/**
 * The page detail's own search param. A missing or malformed path falls back to undefined (the view
 * then says how to pick a page) instead of failing the whole route, and keeps the rest of the link.
 */
export const pageDetailSearch = z.object({
  path: pathParam.optional().catch(undefined),
});

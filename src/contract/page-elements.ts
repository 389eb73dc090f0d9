import { z } from 'zod';
import { pagePath } from './common.js';

export const pageElementsParams = z.object({ page: pagePath });

/**
 * The key elements of a page (headings, buttons, forms, links, images; 40 at most) as the tracker's
 * latest snapshot saw them: what a split test's selector can be checked against. `text` is the page's
 * own text as browsers reported it (anyone can send a snapshot): show it as text, never as markup.
 */
export const pageElementsResponse = z.object({
  page: z.string(),
  /** When that snapshot was sent; null (and no elements) when the tracker never sent one. */
  seen_at: z.string().nullable(),
  elements: z.array(z.object({ selector: z.string(), tag: z.string(), kind: z.string(), text: z.string() })),
});
export type PageElements = z.infer<typeof pageElementsResponse>;

/** The page URL parameter the tracker reads to force a variant for one page load (src/tracker/preview.ts). */
export const PREVIEW_PARAM = 'sl_preview';

/** `?sl_preview=EXP_ID:VARIANT`, the part a preview adds to the test page's address. */
export const previewQuery = (experimentId: string, variant: number) =>
  `?${PREVIEW_PARAM}=${encodeURIComponent(experimentId)}:${variant}`;

/**
 * The test's page on the property's site with `variant` forced, or null when the site's address is
 * unknown (no domain): a link to a guessed host would only be broken.
 */
export function variantPreviewUrl(
  siteOrigin: string | null | undefined,
  page: string,
  experimentId: string,
  variant: number,
): string | null {
  if (!siteOrigin) return null;
  try {
    // Set as the path, never resolved against the site: a page such as `//host/x` stays on the site.
    const url = new URL(siteOrigin);
    url.pathname = page;
    return url.origin + url.pathname + previewQuery(experimentId, variant);
  } catch {
    return null;
  }
}

import { previewQuery, variantPreviewUrl } from './variant-preview-url.js';

/** Whether the preview links are known to open the site, said once above the variants. */
export function VariantPreviewHint({ siteOrigin }: { siteOrigin: string | null | undefined }) {
  return siteOrigin ? (
    <p className="muted small" data-testid="preview-hint">
      Preview opens the page in a new tab with that variant, for your browser and that one page load only. It is not
      counted in the results and does not change which variant you get as a visitor. A test started in the last minute
      may need a reload there.
    </p>
  ) : (
    <p className="muted small" data-testid="preview-hint">
      No preview links: this property has no domain (or, connected with a key, the dashboard cannot read it). Add one
      under Properties, or add the <code>?sl_preview=…</code> shown beside a variant to the page's address on your site:
      that variant shows for your browser only and is not counted.
    </p>
  );
}

/** A variant's preview link, or without the site's address the parameter to add by hand. */
export function VariantPreviewLink({
  siteOrigin,
  page,
  experimentId,
  variant,
  label,
}: {
  siteOrigin: string | null | undefined;
  page: string;
  experimentId: string;
  variant: number;
  label: string;
}) {
  const url = variantPreviewUrl(siteOrigin, page, experimentId, variant);
  if (!url) return <code className="small preview-query">{previewQuery(experimentId, variant)}</code>;
  return (
    <a
      className="preview-link small"
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`Preview ${label} (opens in a new tab)`}
    >
      Preview ↗
    </a>
  );
}

import type { ExperimentDetail } from '../../../../contract/experiments.js';
import { describeChange } from './experiment-detail-words.js';
import { VariantPreviewHint, VariantPreviewLink } from './variant-preview-link.js';

/**
 * What each variant shows: its changes to the page, or the address it redirects to. With `preview`
 * (a running test), each variant also gets a link that shows it on the site (src/tracker/preview.ts).
 */
export function VariantChanges({
  detail,
  preview,
}: {
  detail: ExperimentDetail;
  preview?: { siteOrigin: string | null | undefined };
}) {
  return (
    <>
      {preview && <VariantPreviewHint siteOrigin={preview.siteOrigin} />}
      <ul className="variant-changes">
        {detail.variants.map((v, i) => (
          <li key={v.label}>
            <div className="variant-heading">
              <p className="variant-name">{v.label}</p>
              {preview && (
                <VariantPreviewLink
                  siteOrigin={preview.siteOrigin}
                  page={detail.page}
                  experimentId={detail.experiment_id}
                  variant={i}
                  label={v.label}
                />
              )}
            </div>
            {v.is_control ? (
              <p className="muted small">
                The page as it is, <code>{detail.page}</code>, unchanged.
              </p>
            ) : v.url !== undefined ? (
              <p className="small">
                Sends visitors to <code>{v.url}</code>
              </p>
            ) : (
              <ul className="change-list small">
                {v.changes.map((c, j) => (
                  <li key={j}>
                    <code className="selector">{c.selector}</code> {describeChange(c)}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

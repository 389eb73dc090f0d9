import type { ExperimentDetail } from '../../../../contract/experiments.js';
import { describeChange } from './experiment-detail-words.js';

/** What each variant shows: its changes to the page, or the address it redirects to. */
export function VariantChanges({ detail }: { detail: ExperimentDetail }) {
  return (
    <ul className="variant-changes">
      {detail.variants.map((v) => (
        <li key={v.label}>
          <p className="variant-name">{v.label}</p>
          {v.is_control ? (
            <p className="muted small">The page as it is, <code>{detail.page}</code>, unchanged.</p>
          ) : v.url !== undefined ? (
            <p className="small">Sends visitors to <code>{v.url}</code></p>
          ) : (
            <ul className="change-list small">
              {v.changes.map((c, i) => (
                <li key={i}>
                  <code className="selector">{c.selector}</code> {describeChange(c)}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}

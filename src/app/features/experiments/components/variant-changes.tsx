import type { Change, ExperimentDetail } from '../../../../contract/experiments.js';

const LIMIT = 140;
const clip = (text: string) => (text.length > LIMIT ? `${text.slice(0, LIMIT)}…` : text);

/** One change as a marketer would say it: what happens to which element. */
function describeChange(c: Change): string {
  switch (c.op) {
    case 'text':
      return `Text becomes “${clip(c.value)}”`;
    case 'html':
      return `Content becomes ${clip(c.value)}`;
    case 'image':
      return `Image becomes ${clip(c.value)}`;
    case 'css':
      return `Style: ${clip(Object.entries(c.value).map(([k, v]) => `${k}: ${v}`).join('; '))}`;
    case 'delete':
      return 'Removed';
    case 'duplicate':
      return 'Shown twice';
  }
}

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

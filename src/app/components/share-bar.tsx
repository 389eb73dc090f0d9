import { formatPercent } from '../lib/format.js';

/** The row's share as a bar behind its number; the text carries the value for screen readers. */
export function ShareBar({ share }: { share: number }) {
  return (
    <span className="share">
      <span className="share-bar" style={{ width: `${Math.max(0, Math.min(1, share)) * 100}%` }} aria-hidden="true" />
      <span className="share-text">{formatPercent(share)}</span>
    </span>
  );
}

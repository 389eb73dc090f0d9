import { useNavigate } from '@tanstack/react-router';
import type { InteractionGrouping } from '../lib/interactions-search.js';

/**
 * Per page or all pages: the same element's rows on every page, or one row totalling them. The
 * choice is in the URL (`group=element`), so a link or a reload keeps it.
 */
export function GroupToggle({ group }: { group: InteractionGrouping | undefined }) {
  const navigate = useNavigate();
  const choose = (next: InteractionGrouping | undefined) =>
    navigate({ to: '.', search: (s) => ({ ...s, group: next }) });
  return (
    <div className="group-toggle" role="group" aria-label="Rows">
      <button type="button" className="button small" aria-pressed={!group} onClick={() => choose(undefined)}>
        Per page
      </button>
      <button
        type="button"
        className="button small"
        aria-pressed={group === 'element'}
        onClick={() => choose('element')}
      >
        All pages
      </button>
    </div>
  );
}

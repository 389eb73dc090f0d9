import { useNavigate, useSearch } from '@tanstack/react-router';
import type { Comparison } from '../lib/comparison-range.js';
import type { DashboardSearch } from '../lib/dashboard-search.js';
import { useDashboardView } from '../lib/use-dashboard-view.js';

const COMPARISON_LABELS: Record<Comparison, string> = {
  previous: 'Previous period',
  year: 'Same dates last year',
  custom: 'Custom dates…',
  none: 'Nothing',
};

/**
 * What the figures are compared with (the URL's `comparison`, with `compare_from`/`compare_to` for
 * chosen dates), and on reports with a chart whether it draws the compared period too (`compare`).
 */
export function ComparisonControls({ chart }: { chart: boolean }) {
  const search = useSearch({ from: '__root__' });
  const view = useDashboardView();
  const navigate = useNavigate();
  const set = (patch: Partial<DashboardSearch>) =>
    navigate({ to: '.', search: (s) => ({ ...s, ...patch }), replace: false });
  const comparison = search.comparison ?? 'previous';
  const days = view?.previous?.days;

  return (
    <>
      <label className="field">
        <span>Compare with</span>
        <select
          value={comparison}
          onChange={(e) => {
            const next = e.target.value as Comparison;
            // Chosen dates start from the compared dates on screen, so the calendars open somewhere sensible.
            if (next === 'custom' && days) set({ comparison: next, compare_from: days.start, compare_to: days.end });
            else
              set({
                comparison: next === 'previous' ? undefined : next,
                compare_from: undefined,
                compare_to: undefined,
              });
          }}
        >
          {(Object.keys(COMPARISON_LABELS) as Comparison[]).map((c) => (
            <option key={c} value={c}>
              {COMPARISON_LABELS[c]}
            </option>
          ))}
        </select>
      </label>
      {comparison === 'custom' && days && (
        <>
          <label className="field">
            <span>Compare from</span>
            {/* A start after the end (typed, not picked) moves the end along, so the two never swap. */}
            <input
              type="date"
              value={days.start}
              onChange={(e) =>
                e.target.value &&
                set({ compare_from: e.target.value, compare_to: e.target.value > days.end ? e.target.value : days.end })
              }
            />
          </label>
          <label className="field">
            <span>Compare until</span>
            <input
              type="date"
              value={days.end}
              min={days.start}
              onChange={(e) =>
                e.target.value &&
                set({
                  compare_from: e.target.value < days.start ? e.target.value : days.start,
                  compare_to: e.target.value,
                })
              }
            />
          </label>
        </>
      )}
      {chart && comparison !== 'none' && (
        <label className="field checkbox">
          <input type="checkbox" checked={search.compare} onChange={(e) => set({ compare: e.target.checked })} />
          <span>Show on chart</span>
        </label>
      )}
    </>
  );
}

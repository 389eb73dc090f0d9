import { useNavigate, useRouterState, useSearch } from '@tanstack/react-router';
import { granularities } from '../../contract/analytics-query.js';
import { rangePresets, type DashboardSearch } from '../lib/dashboard-search.js';
import { granularityFits, todayIn } from '../lib/date-range.js';

const longDate = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
import { useDashboardView } from '../lib/use-dashboard-view.js';
import { ComparisonControls } from './comparison-controls.js';

const PRESET_LABELS: Record<DashboardSearch['range'], string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  mtd: 'Month to date',
  'last-month': 'Last month',
  custom: 'Custom…',
};

const ZONES = ['UTC', ...(Intl.supportedValuesOf?.('timeZone') ?? [])];

/** Range, comparison (what the figures are compared with), zone and (for reports with a time series) granularity: each change is a navigation, so the URL is the state. */
export function RangeControls({ granularity = true }: { granularity?: boolean }) {
  const search = useSearch({ from: '__root__' });
  const view = useDashboardView();
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // The aggregate spans properties in different zones: without a zone in the URL it reads UTC, not the first property's.
  const zone = pathname === '/aggregate' ? (search.tz ?? 'UTC') : (view?.timezone ?? 'UTC');
  const set = (patch: Partial<DashboardSearch>) =>
    navigate({ to: '.', search: (s) => ({ ...s, ...patch }), replace: false });
  const today = todayIn(zone);
  // A range wholly after today has no visits yet: say so, rather than the reports' "pick a longer range".
  const future = search.range === 'custom' && view && view.range.start > today;

  return (
    <>
      <label className="field">
        <span>Date range</span>
        <select
          value={search.range}
          onChange={(e) => {
            const range = e.target.value as DashboardSearch['range'];
            // Custom starts from the dates on screen, so the calendar opens somewhere sensible.
            if (range === 'custom' && view) set({ range, from: view.range.start, to: view.range.end });
            else set({ range, from: undefined, to: undefined, granularity: undefined });
          }}
        >
          {rangePresets.map((p) => (
            <option key={p} value={p}>
              {PRESET_LABELS[p]}
            </option>
          ))}
        </select>
      </label>
      {search.range === 'custom' && view && (
        <>
          <label className="field">
            <span>From</span>
            <input
              type="date"
              value={view.range.start}
              max={view.range.end < today ? view.range.end : today}
              onChange={(e) => e.target.value && set({ from: e.target.value })}
            />
          </label>
          <label className="field">
            <span>To</span>
            <input
              type="date"
              value={view.range.end}
              min={view.range.start}
              onChange={(e) => e.target.value && set({ to: e.target.value })}
            />
          </label>
          {future && (
            <p className="range-note" role="alert">
              This range starts after today ({longDate(today)}), so nothing has been recorded in it yet. Pick a start on
              or before today.
            </p>
          )}
        </>
      )}
      {granularity && (
        <label className="field">
          <span>Granularity</span>
          <select
            value={view?.granularity ?? 'day'}
            onChange={(e) => set({ granularity: e.target.value as DashboardSearch['granularity'] })}
          >
            {granularities.map((g) => (
              <option key={g} value={g} disabled={view ? !granularityFits(view.range, g) : false}>
                {g[0].toUpperCase() + g.slice(1)}
              </option>
            ))}
          </select>
        </label>
      )}
      <label className="field">
        <span>Time zone</span>
        <select value={zone} onChange={(e) => set({ tz: e.target.value })}>
          {[...new Set([zone, ...ZONES])].map((z) => (
            <option key={z} value={z}>
              {z}
            </option>
          ))}
        </select>
      </label>
      <ComparisonControls chart={granularity} />
    </>
  );
}

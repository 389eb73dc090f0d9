import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type KeyboardEvent } from 'react';
import type { BreakdownResponse } from '../../../../contract/analytics-response.js';
import { CsvButton } from '../../../components/csv-button.js';
import { FilterLink, pickKey, type FilterPick } from '../../../components/filter-link.js';
import { EmptyState } from '../../../components/empty-state.js';
import { QueryError } from '../../../components/query-error.js';
import { ShareBar } from '../../../components/share-bar.js';
import { SkeletonRows } from '../../../components/skeleton.js';
import { formatInteger } from '../../../lib/format.js';
import type { DashboardView } from '../../../lib/use-dashboard-view.js';
import { BREAKDOWN_TABLE_ROWS, breakdownQueryOptions } from '../api/traffic-queries.js';
import { campaignLabel, countryName, orNone, referrerLabel } from '../../../lib/dimension-labels.js';
import { filterValueOf as v } from '../../../lib/filter-words.js';
import { useReportScope } from '../../../lib/report-scope.js';

type Data = BreakdownResponse['data'];
type Row = Data[keyof Data][number];
interface Tab {
  id: keyof Data;
  label: string;
  column: string;
  name: (row: Row) => string;
  /** The filters a click on the row adds: the row's own value, `unknown` as null. */
  by: (row: Row) => FilterPick[];
}

// Each row type has its own name field; the table only needs one label and one filter per row.
const TABS: Tab[] = [
  {
    id: 'utm',
    label: 'UTM',
    column: 'Source / medium / campaign',
    name: (r) => ('source' in r ? campaignLabel(r) : ''),
    by: (r) =>
      'source' in r
        ? [
            ['utm_source', v(r.source)],
            ['utm_medium', v(r.medium)],
            ['utm_campaign', v(r.campaign)],
          ]
        : [],
  },
  {
    id: 'countries',
    label: 'Countries',
    column: 'Country',
    name: (r) => ('country' in r ? countryName(r.country) : ''),
    by: (r) => ('country' in r ? [['country', v(r.country)]] : []),
  },
  {
    id: 'devices',
    label: 'Devices',
    column: 'Device',
    name: (r) => ('device' in r ? orNone(r.device) : ''),
    by: (r) => ('device' in r ? [['device', v(r.device)]] : []),
  },
  {
    id: 'browsers',
    label: 'Browsers',
    column: 'Browser',
    name: (r) => ('browser' in r ? orNone(r.browser) : ''),
    by: (r) => ('browser' in r ? [['browser', v(r.browser)]] : []),
  },
  {
    id: 'operating_systems',
    label: 'OS',
    column: 'Operating system',
    name: (r) => ('os' in r ? orNone(r.os) : ''),
    by: (r) => ('os' in r ? [['os', v(r.os)]] : []),
  },
  {
    id: 'landing_pages',
    label: 'Landing pages',
    column: 'Landing page',
    name: (r) => ('path' in r ? r.path : ''),
    by: (r) => ('path' in r ? [['entry_page', v(r.path)]] : []),
  },
  {
    id: 'referrers',
    label: 'Referrers',
    column: 'Referrer',
    name: (r) => ('referrer' in r ? referrerLabel(r.referrer) : ''),
    by: (r) => ('referrer' in r ? [['referrer', v(r.referrer)]] : []),
  },
];

export function BreakdownTabs({ view }: { view: DashboardView }) {
  const scope = useReportScope(view);
  const query = useQuery(breakdownQueryOptions(scope, view.range));
  const [active, setActive] = useState(0);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const tab = TABS[active];

  // WAI-ARIA tabs: arrows move between tabs, Home/End jump; only the selected tab is in the tab order.
  const onKey = (e: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: active + 1,
      ArrowLeft: active - 1,
      Home: 0,
      End: TABS.length - 1,
    };
    if (!(e.key in moves)) return;
    e.preventDefault();
    const next = (moves[e.key] + TABS.length) % TABS.length;
    setActive(next);
    tabRefs.current[next]?.focus();
  };

  const rows = (query.data?.data[tab.id] ?? []).slice(0, BREAKDOWN_TABLE_ROWS);
  return (
    <section
      className={`card ${query.isPlaceholderData ? 'stale' : ''}`}
      aria-labelledby="breakdown-title"
      aria-busy={query.isFetching}
    >
      <div className="card-head">
        <h2 id="breakdown-title">Where sessions come from</h2>
        <CsvButton
          rows={rows}
          filename={`${tab.id}-${view.property.id}-${view.range.start}-${view.range.end}.csv`}
          label={tab.label}
        />
      </div>
      <div role="tablist" aria-label="Breakdown" className="tabs" onKeyDown={onKey}>
        {TABS.map((t, i) => (
          <button
            key={t.id}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            role="tab"
            id={`tab-${t.id}`}
            aria-selected={i === active}
            aria-controls="breakdown-panel"
            title={t.id === 'operating_systems' ? 'Operating systems' : undefined}
            tabIndex={i === active ? 0 : -1}
            onClick={() => setActive(i)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="breakdown-panel" aria-labelledby={`tab-${tab.id}`}>
        {query.error ? (
          <QueryError error={query.error} propertyId={view.property.id} />
        ) : !query.data ? (
          <SkeletonRows />
        ) : rows.length === 0 ? (
          <EmptyState title="No sessions in this range.">
            Pick a longer range; sessions appear here once the tracking snippet records visits.
          </EmptyState>
        ) : (
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{tab.column}</th>
                <th scope="col" className="num">
                  Sessions
                </th>
                <th scope="col" className="num">
                  Page views
                </th>
                <th scope="col" className="share-col">
                  Share of sessions
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => {
                const by = tab.by(r);
                return (
                  <tr key={pickKey(by)}>
                    <td className="label-cell">
                      <FilterLink by={by}>{tab.name(r)}</FilterLink>
                    </td>
                    <td className="num">{formatInteger(r.sessions)}</td>
                    <td className="num">{formatInteger(r.page_views)}</td>
                    <td className="share-col">
                      <ShareBar share={r.share} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </div>
    </section>
  );
}

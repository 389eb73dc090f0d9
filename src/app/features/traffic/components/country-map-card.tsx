import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import { EmptyState } from '../../../components/empty-state.js';
import { QueryError } from '../../../components/query-error.js';
import { Skeleton } from '../../../components/skeleton.js';
import { formatInteger } from '../../../lib/format.js';
import { useReportScope } from '../../../lib/report-scope.js';
import type { DashboardView } from '../../../lib/use-dashboard-view.js';
import { breakdownQueryOptions } from '../api/traffic-queries.js';
import { classRanges, mapClasses, stepFill } from '../map-classes.js';
import './country-map.css';

// The world's shapes and the projection (~60 KB gzip) load only when the map is first shown.
const CountryMap = lazy(() => import('./country-map.js').then((m) => ({ default: m.CountryMap })));

export function CountryMapCard({ view }: { view: DashboardView }) {
  const scope = useReportScope(view);
  const query = useQuery(breakdownQueryOptions(scope, view.range));
  const rows = query.data?.data.countries;
  const { sessions, bounds, max, unknown } = useMemo(() => {
    const known = (rows ?? []).filter((r) => r.country !== 'unknown');
    const top = Math.max(0, ...known.map((r) => r.sessions));
    return {
      sessions: new Map(known.map((r) => [r.country, r.sessions])),
      bounds: mapClasses(top),
      max: top,
      unknown: rows?.find((r) => r.country === 'unknown')?.sessions ?? 0,
    };
  }, [rows]);
  const ranges = classRanges(bounds, max, formatInteger);

  return (
    <section
      className={`card map-card ${query.isPlaceholderData ? 'stale' : ''}`}
      aria-labelledby="map-title"
      aria-busy={query.isFetching}
    >
      <div className="card-head">
        <h2 id="map-title">Sessions by country</h2>
        <span className="muted small">Click a country to filter</span>
      </div>
      {query.error ? (
        <QueryError error={query.error} propertyId={view.property.id} />
      ) : !query.data ? (
        <Skeleton height="220px" />
      ) : sessions.size === 0 ? (
        <EmptyState title="No located sessions in this range.">
          Countries are read from the visitor's address; pick a longer range.
        </EmptyState>
      ) : (
        <>
          <Suspense fallback={<Skeleton height="220px" />}>
            <CountryMap sessions={sessions} bounds={bounds} />
          </Suspense>
          <ul className="map-legend" aria-label="Sessions per country, by colour">
            {ranges.map((words, step) => (
              <li key={words}>
                <span className="swatch" style={{ background: stepFill(step, bounds.length) }} aria-hidden="true" />
                {words}
              </li>
            ))}
            <li>
              <span className="swatch none" aria-hidden="true" />
              none
            </li>
          </ul>
          {unknown > 0 && (
            <p className="muted small map-note">
              {formatInteger(unknown)} sessions from unknown places are not on the map.
            </p>
          )}
        </>
      )}
    </section>
  );
}

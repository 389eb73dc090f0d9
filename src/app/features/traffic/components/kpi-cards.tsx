import { useQuery } from '@tanstack/react-query';
import type { SummaryResponse } from '../../../../contract/analytics-response.js';
import { ChangeLine, type Figure } from '../../../components/figure-cards.js';
import { QueryError } from '../../../components/query-error.js';
import { Skeleton } from '../../../components/skeleton.js';
import { formatDuration, formatInteger, formatPercent } from '../../../lib/format.js';
import type { DashboardView } from '../../../lib/use-dashboard-view.js';
import { summaryQuery } from '../api/traffic-queries.js';
import { useReportScope } from '../../../lib/report-scope.js';
import { settledPrevious } from '../../../lib/settled-previous.js';

type Figures = SummaryResponse['data'];
type Kpi = Omit<Figure, 'value' | 'previous'> & { key: keyof Figures };

// Bounce rate is a rate, so its change is in percentage points (40% → 44% is "+4 pts", not "+10%"),
// the same as on page detail and All properties.
const KPIS: Kpi[] = [
  { key: 'page_views', label: 'Page views', format: formatInteger },
  { key: 'sessions', label: 'Sessions', format: formatInteger },
  { key: 'unique_visitors', label: 'Unique visitors', format: formatInteger },
  { key: 'bounce_rate', label: 'Bounce rate', format: formatPercent, points: true, lowerIsBetter: true },
  { key: 'avg_session_duration', label: 'Avg. session duration', format: formatDuration },
];

/**
 * Traffic's headline figures in the shared figure-card look. Its own markup keeps `data-kpi` and
 * `.kpi-value`, which the browser tests and the load bench read, and the five-across grid.
 */
export function KpiCards({ view }: { view: DashboardView }) {
  const scope = useReportScope(view);
  const current = useQuery(summaryQuery(scope, view.range));
  const previous = useQuery(summaryQuery(scope, view.previous));
  if (current.error) return <QueryError error={current.error} propertyId={view.property.id} />;
  const before = settledPrevious(current, previous)?.data;
  return (
    <section className={`kpis ${current.isPlaceholderData ? 'stale' : ''}`} aria-label="Key figures" aria-busy={current.isFetching}>
      {KPIS.map((kpi) => {
        const figure: Figure = { ...kpi, value: current.data?.data[kpi.key], previous: before?.[kpi.key] };
        return (
          <article className="card figure" key={kpi.key} data-kpi={kpi.key}>
            <h2 className="figure-label">{kpi.label}</h2>
            {figure.value !== undefined ? (
              <>
                <p className="figure-value kpi-value">{kpi.format(figure.value)}</p>
                <ChangeLine figure={figure} />
              </>
            ) : (
              <>
                <Skeleton height="2rem" width="60%" />
                <Skeleton height="0.9rem" width="80%" />
              </>
            )}
          </article>
        );
      })}
    </section>
  );
}

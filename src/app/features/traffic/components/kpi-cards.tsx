import { useQuery } from '@tanstack/react-query';
import type { SummaryResponse } from '../../../../contract/analytics-response.js';
import { ChangeLine, type Figure } from '../../../components/figure-cards.js';
import { QueryError } from '../../../components/query-error.js';
import { Skeleton } from '../../../components/skeleton.js';
import { formatDuration, formatInteger, formatPercent } from '../../../lib/format.js';
import type { DashboardView } from '../../../lib/use-dashboard-view.js';
import { summaryQuery } from '../api/traffic-queries.js';
import { useReportScope } from '../../../lib/report-scope.js';

type Figures = SummaryResponse['data'];
type Kpi = Omit<Figure, 'value' | 'previous'> & { key: keyof Figures };

// Bounce rate's change stays relative here (+10%, not +4 pts), as Traffic has always shown it.
const KPIS: Kpi[] = [
  { key: 'page_views', label: 'Page views', format: formatInteger },
  { key: 'sessions', label: 'Sessions', format: formatInteger },
  { key: 'unique_visitors', label: 'Unique visitors', format: formatInteger },
  { key: 'bounce_rate', label: 'Bounce rate', format: formatPercent, lowerIsBetter: true },
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
  return (
    <section className={`kpis ${current.isPlaceholderData ? 'stale' : ''}`} aria-label="Key figures" aria-busy={current.isFetching}>
      {KPIS.map((kpi) => {
        const figure: Figure = { ...kpi, value: current.data?.data[kpi.key], previous: previous.isPlaceholderData ? undefined : previous.data?.data[kpi.key] };
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

import { useQuery } from '@tanstack/react-query';
import type { SummaryResponse } from '../../../../contract/analytics-response.js';
import { ChangeLine, figureText, type Figure } from '../../../components/figure-cards.js';
import { QueryError } from '../../../components/query-error.js';
import { Skeleton } from '../../../components/skeleton.js';
import { formatDuration, formatInteger, formatPercent } from '../../../lib/format.js';
import type { DashboardView } from '../../../lib/use-dashboard-view.js';
import { summaryQueryOptions } from '../api/traffic-queries.js';
import { useReportScope } from '../../../lib/report-scope.js';
import { settledPrevious } from '../../../lib/settled-previous.js';
import { comparedRead } from '../../../lib/compared-read.js';
import { viewComparedLabel } from '../../../lib/compared-label.js';

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
  return (
    <>
      <KpiRow view={view} />
      <CountingHelp />
    </>
  );
}

/**
 * Why "Unique visitors" can exceed "Sessions" (issue 13 §4): a visit is a session of the range it
 * began in, so one running across midnight counts its visitor on both days and its session once.
 */
function CountingHelp() {
  return (
    <details className="kpi-help">
      <summary>How visitors and sessions are counted</summary>
      <p>
        <strong>Unique visitors</strong> are the people who viewed a page in the range. <strong>Sessions</strong> are
        the visits that began in it (their first page view is in the range); bounce rate and session duration are those
        visits&rsquo; figures. A visit that began before the range, such as one running across midnight into today,
        counts its visitor here but its session in the range it began in, so unique visitors can exceed sessions. Page
        views count every page view in the range.
      </p>
    </details>
  );
}

function KpiRow({ view }: { view: DashboardView }) {
  const scope = useReportScope(view);
  const current = useQuery(summaryQueryOptions(scope, view.range));
  const previous = useQuery(comparedRead(view.previous, (r) => summaryQueryOptions(scope, r)));
  const against = viewComparedLabel(view);
  if (current.error) return <QueryError error={current.error} propertyId={view.property.id} />;
  const before = settledPrevious(current, previous)?.data;
  return (
    <section
      className={`kpis ${current.isPlaceholderData ? 'stale' : ''}`}
      aria-label="Key figures"
      aria-busy={current.isFetching}
    >
      {KPIS.map((kpi) => {
        const figure: Figure = { ...kpi, value: current.data?.data[kpi.key], previous: before?.[kpi.key] };
        return (
          <article className="card figure" key={kpi.key} data-kpi={kpi.key}>
            <h2 className="figure-label">{kpi.label}</h2>
            {figure.value !== undefined ? (
              <>
                <p className="figure-value kpi-value">{figureText(figure.value, kpi.format)}</p>
                <ChangeLine figure={figure} against={against} />
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

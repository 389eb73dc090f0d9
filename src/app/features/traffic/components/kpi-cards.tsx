import { useQuery } from '@tanstack/react-query';
import type { SummaryResponse } from '../../../../contract/analytics-response.js';
import { QueryError } from '../../../components/query-error.js';
import { Skeleton } from '../../../components/skeleton.js';
import { formatChange, formatDuration, formatInteger, formatPercent } from '../../../lib/format.js';
import type { DashboardView } from '../../../lib/use-dashboard-view.js';
import { summaryQuery } from '../api/traffic-queries.js';
import { useTrafficScope } from './use-traffic-scope.js';

type Figures = SummaryResponse['data'];
interface Kpi {
  key: keyof Figures;
  label: string;
  format: (n: number) => string;
  /** Bounce rate going up is bad news; everything else going up is good. */
  lowerIsBetter?: boolean;
}

const KPIS: Kpi[] = [
  { key: 'page_views', label: 'Page views', format: formatInteger },
  { key: 'sessions', label: 'Sessions', format: formatInteger },
  { key: 'unique_visitors', label: 'Unique visitors', format: formatInteger },
  { key: 'bounce_rate', label: 'Bounce rate', format: formatPercent, lowerIsBetter: true },
  { key: 'avg_session_duration', label: 'Avg. session duration', format: formatDuration },
];

function Change({ kpi, now, before }: { kpi: Kpi; now: number; before: number | undefined }) {
  if (before === undefined) return <span className="kpi-change">&nbsp;</span>;
  if (before === 0) return <span className="kpi-change neutral">{now === 0 ? 'no change' : 'new'} vs previous period</span>;
  const change = (now - before) / before;
  const good = kpi.lowerIsBetter ? change < 0 : change > 0;
  const tone = Math.abs(change) < 0.0005 ? 'neutral' : good ? 'good' : 'bad';
  return (
    <span className={`kpi-change ${tone}`} title={`Previous period: ${kpi.format(before)}`}>
      {formatChange(change)} <span className="muted">vs previous period</span>
    </span>
  );
}

export function KpiCards({ view }: { view: DashboardView }) {
  const scope = useTrafficScope(view);
  const current = useQuery(summaryQuery(scope, view.range));
  const previous = useQuery(summaryQuery(scope, view.previous));
  if (current.error) return <QueryError error={current.error} propertyId={view.property.id} />;
  return (
    <section className={`kpis ${current.isPlaceholderData ? 'stale' : ''}`} aria-label="Key figures" aria-busy={current.isFetching}>
      {KPIS.map((kpi) => (
        <article className="card kpi" key={kpi.key} data-kpi={kpi.key}>
          <h2 className="kpi-label">{kpi.label}</h2>
          {current.data ? (
            <>
              <p className="kpi-value">{kpi.format(current.data.data[kpi.key])}</p>
              <Change kpi={kpi} now={current.data.data[kpi.key]} before={previous.isPlaceholderData ? undefined : previous.data?.data[kpi.key]} />
            </>
          ) : (
            <>
              <Skeleton height="2rem" width="60%" />
              <Skeleton height="0.9rem" width="80%" />
            </>
          )}
        </article>
      ))}
    </section>
  );
}

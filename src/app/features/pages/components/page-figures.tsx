import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { EmptyState } from '../../../components/empty-state.js';
import { FigureCards, type Figure } from '../../../components/figure-cards.js';
import { QueryError } from '../../../components/query-error.js';
import { formatInteger, formatPercent } from '../../../lib/format.js';
import type { DashboardView } from '../../../lib/use-dashboard-view.js';
import { pageDetailsQueryOptions } from '../api/pages-queries.js';
import { useReportScope } from '../../../lib/report-scope.js';
import { settledPrevious } from '../../../lib/settled-previous.js';
import { comparedRead } from '../../../lib/compared-read.js';
import { viewComparedLabel } from '../../../lib/compared-label.js';

type Key = 'page_views' | 'unique_visitors' | 'avg_scroll_depth' | 'bounce_rate';
const FIGURES: { key: Key; label: string; format: (n: number) => string; points?: boolean; lowerIsBetter?: boolean }[] =
  [
    { key: 'page_views', label: 'Page views', format: formatInteger },
    { key: 'unique_visitors', label: 'Unique visitors', format: formatInteger },
    { key: 'avg_scroll_depth', label: 'Avg. scroll depth', format: formatPercent, points: true },
    { key: 'bounce_rate', label: 'Bounce rate', format: formatPercent, points: true, lowerIsBetter: true },
  ];

export function PageFigures({ view, path }: { view: DashboardView; path: string }) {
  const scope = useReportScope(view);
  const current = useQuery(pageDetailsQueryOptions(scope, view.range, path));
  const previous = useQuery(comparedRead(view.previous, (r) => pageDetailsQueryOptions(scope, r, path)));
  if (current.error) return <QueryError error={current.error} propertyId={view.property.id} />;

  const now = current.data?.data;
  const before = settledPrevious(current, previous)?.data;
  // A rate of a period without views is no rate: "+60 pts" against it would invent a change.
  const noBase = before?.page_views === 0;
  const figures: Figure[] = FIGURES.map((f) => ({
    ...f,
    value: now?.[f.key],
    previous: noBase && f.points ? undefined : before?.[f.key],
  }));
  // A path nobody saw in the range: four zeros would say less than a sentence on what to check.
  if (now && now.page_views === 0) {
    return (
      <section className="card">
        <EmptyState title={`No views of ${path} in this range.`}>
          Pick a longer range, or check the path: it is matched exactly, without the domain or query string. The{' '}
          <Link to="/pages" search={(s) => ({ ...s, path: undefined })}>
            Pages report
          </Link>{' '}
          lists the paths visitors saw.
        </EmptyState>
      </section>
    );
  }
  return (
    <FigureCards
      figures={figures}
      label={`Figures for ${path}`}
      against={viewComparedLabel(view)}
      stale={current.isPlaceholderData}
      busy={current.isFetching}
    />
  );
}

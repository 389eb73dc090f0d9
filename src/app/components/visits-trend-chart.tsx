import { BucketTrendChart } from './bucket-trend-chart.js';
import { Skeleton } from './skeleton.js';
import type { TrendPoint } from '../lib/trend-points.js';
import './visits-trend-chart.css';

const SERIES: Parameters<typeof BucketTrendChart>[0]['series'] = [
  { key: 'page_views', name: 'Page views' },
  { key: 'unique_visitors', name: 'Unique visitors' },
];

/**
 * Page views and unique visitors over time (Traffic, All properties). While the trend loads
 * (`loading`), the chart is mounted already, hidden under the skeleton: recharts' first render
 * (~90 ms on a slow machine) then runs while the page waits for the server, and the answer only
 * updates the same chart. The test id gets `-loading` meanwhile, so tests find the chart with data.
 */
export function VisitsTrendChart({
  points,
  loading,
  compare,
  comparedName,
  granularity,
  testId,
  height = 260,
}: {
  points: TrendPoint[];
  loading: boolean;
  compare: boolean;
  comparedName?: string;
  granularity?: string;
  testId: string;
  height?: number;
}) {
  return (
    <div className={loading ? 'chart-slot loading' : 'chart-slot'}>
      {loading && <Skeleton height={`${height}px`} />}
      <BucketTrendChart
        points={points}
        series={SERIES}
        compare={compare}
        comparedName={comparedName}
        granularity={granularity}
        testId={loading ? `${testId}-loading` : testId}
        height={height}
      />
    </div>
  );
}

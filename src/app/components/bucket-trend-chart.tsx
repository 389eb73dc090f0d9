import { Area, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCompact, formatInteger } from '../lib/format.js';
import type { TrendPoint } from '../lib/trend-points.js';

export interface TrendSeries {
  /** The point field (see trendPoints); the previous period's is `prev_<key>`. */
  key: string;
  name: string;
}

const COLOURS = [
  { stroke: 'var(--chart-1)', fill: 'var(--chart-1-fill)' },
  { stroke: 'var(--chart-2)', fill: 'none' },
];

/**
 * A counts-over-time chart: the first series as an area, the second as a line, and with `compare`
 * the previous period dashed over both. Shared by the Traffic, Clicks and Forms reports.
 */
export function BucketTrendChart({ points, series, compare, testId, height = 260 }: { points: TrendPoint[]; series: [TrendSeries, TrendSeries]; compare: boolean; testId: string; height?: number }) {
  return (
    <div className="chart" data-testid={testId} data-points={points.length} style={{ width: '100%', minHeight: height }}>
      <ResponsiveContainer width="100%" height={height}>
        <ComposedChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="var(--grid)" vertical={false} />
          <XAxis dataKey="label" tick={{ fill: 'var(--muted)', fontSize: 12 }} stroke="var(--grid)" minTickGap={24} />
          <YAxis tickFormatter={formatCompact} tick={{ fill: 'var(--muted)', fontSize: 12 }} stroke="var(--grid)" width={44} allowDecimals={false} />
          <Tooltip formatter={(v) => formatInteger(Number(v))} contentStyle={{ background: 'var(--surface)', border: '1px solid var(--border)', color: 'var(--text)' }} />
          <Legend wrapperStyle={{ fontSize: 13 }} />
          <Area type="monotone" dataKey={series[0].key} name={series[0].name} stroke={COLOURS[0].stroke} fill={COLOURS[0].fill} strokeWidth={2} isAnimationActive={false} />
          <Line type="monotone" dataKey={series[1].key} name={series[1].name} stroke={COLOURS[1].stroke} strokeWidth={2} dot={false} isAnimationActive={false} />
          {compare &&
            series.map((s, i) => (
              <Line key={s.key} type="monotone" dataKey={`prev_${s.key}`} name={`${s.name}, previous period`} stroke={COLOURS[i].stroke} strokeDasharray="5 4" strokeOpacity={0.7} dot={false} isAnimationActive={false} />
            ))}
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}

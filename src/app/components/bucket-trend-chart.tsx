import { Area, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCompact } from '../lib/format.js';
import type { TrendPoint } from '../lib/trend-points.js';
import { TrendTooltip } from './trend-tooltip.js';
import './bucket-trend-chart.css';

export interface TrendSeries {
  /** The point field (see trendPoints); the compared period's is `prev_<key>`, the running bucket's `partial_<key>`. */
  key: string;
  name: string;
}

const COLOURS = [
  { stroke: 'var(--chart-1)', fill: 'var(--chart-1-fill)' },
  { stroke: 'var(--chart-2)', fill: 'none' },
];

/** A hollow ring on the running bucket's point: the figure there is still growing. */
function RunningDot(props: { cx?: number; cy?: number; payload?: TrendPoint; stroke?: string }) {
  if (!props.payload?.incomplete || props.cx === undefined || props.cy === undefined) return <g />;
  return (
    <circle
      className="trend-running-dot"
      cx={props.cx}
      cy={props.cy}
      r={4}
      stroke={props.stroke}
      strokeWidth={2}
      fill="var(--surface)"
    />
  );
}

/**
 * A counts-over-time chart: the first series as an area, the second as a line, and with `compare`
 * the compared period (named by `comparedName`, e.g. "Oct 1–24") dashed over both. The bucket still
 * running is drawn apart: a dotted stretch from the last complete bucket to a ring, and its tooltip
 * says it is not over. Shared by the Traffic, Clicks, Forms and All properties reports.
 */
export function BucketTrendChart({
  points,
  series,
  compare,
  comparedName = 'previous period',
  granularity,
  testId,
  height = 260,
}: {
  points: TrendPoint[];
  series: [TrendSeries, TrendSeries];
  compare: boolean;
  comparedName?: string;
  granularity?: string;
  testId: string;
  height?: number;
}) {
  const running = points.some((p) => p.incomplete);
  return (
    <div
      className="chart"
      data-testid={testId}
      data-points={points.length}
      data-running={running || undefined}
      style={{ width: '100%', minHeight: height }}
    >
      <ResponsiveContainer width="100%" height={height}>
        <ComposedChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="var(--grid)" vertical={false} />
          <XAxis dataKey="label" tick={{ fill: 'var(--muted)', fontSize: 12 }} stroke="var(--grid)" minTickGap={24} />
          <YAxis
            tickFormatter={formatCompact}
            tick={{ fill: 'var(--muted)', fontSize: 12 }}
            stroke="var(--grid)"
            width={44}
            allowDecimals={false}
          />
          <Tooltip
            content={({ active, payload }) =>
              active ? (
                <TrendTooltip
                  point={payload?.[0]?.payload as TrendPoint | undefined}
                  series={series}
                  compare={compare}
                  granularity={granularity}
                />
              ) : null
            }
          />
          <Legend wrapperStyle={{ fontSize: 13 }} />
          <Area
            type="monotone"
            dataKey={series[0].key}
            name={series[0].name}
            stroke={COLOURS[0].stroke}
            fill={COLOURS[0].fill}
            strokeWidth={2}
            isAnimationActive={false}
          />
          <Line
            type="monotone"
            dataKey={series[1].key}
            name={series[1].name}
            stroke={COLOURS[1].stroke}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
          {/* The dash is the stylesheet's (.trend-partial): the attribute marks the compared period's lines. */}
          {running &&
            series.map((s, i) => (
              <Line
                key={`partial-${s.key}`}
                className="trend-partial"
                type="linear"
                dataKey={`partial_${s.key}`}
                name={`${s.name} (incomplete)`}
                legendType="none"
                stroke={COLOURS[i].stroke}
                strokeWidth={2}
                dot={<RunningDot />}
                activeDot={false}
                isAnimationActive={false}
              />
            ))}
          {compare &&
            series.map((s, i) => (
              <Line
                key={s.key}
                type="monotone"
                dataKey={`prev_${s.key}`}
                name={`${s.name}, ${comparedName}`}
                stroke={COLOURS[i].stroke}
                strokeDasharray="5 4"
                strokeOpacity={0.7}
                dot={false}
                isAnimationActive={false}
              />
            ))}
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}

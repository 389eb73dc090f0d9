import { useQuery } from '@tanstack/react-query';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ExperimentTimeline } from '../../../../contract/experiment-results.js';
import { QueryError } from '../../../components/query-error.js';
import { SkeletonRows } from '../../../components/skeleton.js';
import { formatInteger, formatPercent } from '../../../lib/format.js';
import { experimentTimelineQueryOptions, type ExperimentsScope } from '../api/experiments-queries.js';
import { formatDay } from './variant-figures.js';

// The theme's two chart colours first (the control and the first variant), then hues that read on
// both the light and the dark surface; dashes tell lines apart where colours alone would not.
const COLOURS = ['var(--chart-1)', 'var(--chart-2)', '#16a34a', '#9333ea', '#0891b2', '#ca8a04', '#db2777', '#64748b'];
const DASHES = [undefined, undefined, '6 3', '2 3', '8 3 2 3'];
/** Past this many days a dot per day would blur into the line. */
const MAX_DOTTED_DAYS = 31;

type Point = { label: string } & Record<string, number | string | null>;

const pointsOf = (t: ExperimentTimeline): Point[] =>
  t.days.map((d) => ({
    label: `Day ${d.day}`,
    ...Object.fromEntries(d.variants.map((v, i) => [`v${i}`, v.visitor_conversion_rate])),
  }));

/**
 * Each variant's cumulative conversion rate at the end of each day of the test (the API's timeline):
 * early days swing, and lines that settle apart are what a winner looks like. A table of the same
 * figures stays beside it for screen readers.
 */
export function ExperimentTimelineChart({
  scope,
  experimentId,
  timezone,
}: {
  scope: ExperimentsScope;
  experimentId: string;
  timezone: string;
}) {
  const timeline = useQuery(experimentTimelineQueryOptions(scope, experimentId));
  if (timeline.error) return <QueryError error={timeline.error} propertyId={scope.propertyId} />;
  if (!timeline.data) return <SkeletonRows rows={4} />;
  const t = timeline.data;
  const labels = t.days[0]?.variants.map((v) => v.label) ?? [];
  const anyVisitors = t.days.some((d) => d.variants.some((v) => v.visitors > 0));
  if (!anyVisitors)
    return (
      <p className="muted" data-testid="timeline-empty">
        The chart starts with the test's first visitors.
      </p>
    );
  const dotted = t.days.length <= MAX_DOTTED_DAYS;
  return (
    <>
      <div
        className="chart timeline-chart"
        data-testid="timeline-chart"
        data-days={t.days.length}
        style={{ width: '100%', minHeight: 260 }}
      >
        <ResponsiveContainer width="100%" height={260}>
          <LineChart data={pointsOf(t)} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid stroke="var(--grid)" vertical={false} />
            <XAxis dataKey="label" tick={{ fill: 'var(--muted)', fontSize: 12 }} stroke="var(--grid)" minTickGap={24} />
            <YAxis
              // From 0 to the next 5% above the highest rate (never past 100%); 0–10% while every rate is 0.
              domain={[0, (max: number) => (max > 0 ? Math.min(1, Math.ceil(max * 1.1 * 20) / 20) : 0.1)]}
              tickFormatter={(v: number) => formatPercent(v)}
              tick={{ fill: 'var(--muted)', fontSize: 12 }}
              stroke="var(--grid)"
              width={52}
            />
            <Tooltip
              formatter={(v) => (v === null || v === undefined ? '—' : formatPercent(Number(v)))}
              contentStyle={{ background: 'var(--surface)', border: '1px solid var(--border)', color: 'var(--text)' }}
            />
            <Legend wrapperStyle={{ fontSize: 13 }} />
            {labels.map((label, i) => (
              <Line
                key={i}
                type="monotone"
                dataKey={`v${i}`}
                name={label}
                stroke={COLOURS[i % COLOURS.length]}
                strokeDasharray={DASHES[i % DASHES.length]}
                strokeWidth={2}
                dot={dotted ? { r: 2.5 } : false}
                connectNulls={false}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
      {/* A table can't shrink below its content, so the wrapper is what hides it. */}
      <div className="visually-hidden">
        <table data-testid="timeline-table">
          <caption>Cumulative conversion rate per visitor by day of the test</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {labels.map((label, i) => (
                <th key={i} scope="col">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {t.days.map((d) => (
              <tr key={d.day}>
                <th scope="row">
                  Day {d.day} (to {formatDay(d.end, timezone)})
                </th>
                {d.variants.map((v, i) => (
                  <td key={i}>
                    {v.visitor_conversion_rate === null
                      ? '—'
                      : `${formatPercent(v.visitor_conversion_rate)} (${formatInteger(v.converted_visitors)} of ${formatInteger(v.visitors)})`}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

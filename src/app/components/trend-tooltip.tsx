import { formatInteger } from '../lib/format.js';
import type { TrendPoint } from '../lib/trend-points.js';
import type { TrendSeries } from './bucket-trend-chart.js';

const BUCKET_WORDS: Record<string, string> = { hour: 'hour', day: 'day', week: 'week', month: 'month' };

/**
 * What a bucket holds, and the compared bucket under it by its own date ("Oct 5"), not "previous
 * period"; a running bucket says it is not over, so a low figure there is not read as a drop.
 */
export function TrendTooltip({
  point,
  series,
  compare,
  granularity,
}: {
  point: TrendPoint | undefined;
  series: TrendSeries[];
  compare: boolean;
  granularity?: string;
}) {
  if (!point) return null;
  const value = (key: string) => (point[key] ?? point[`partial_${key}`]) as number | undefined;
  const compared = compare && point.prev_label !== undefined;
  return (
    <div className="trend-tooltip" data-testid="trend-tooltip">
      <p className="trend-tooltip-head">{point.label}</p>
      {point.incomplete && (
        <p className="trend-tooltip-note">
          Incomplete: this {BUCKET_WORDS[granularity ?? ''] ?? 'period'} is not over yet
        </p>
      )}
      <dl>
        {series.map(
          (s) =>
            value(s.key) !== undefined && (
              <div key={s.key}>
                <dt>{s.name}</dt>
                <dd>{formatInteger(value(s.key)!)}</dd>
              </div>
            ),
        )}
      </dl>
      {compared && (
        <>
          <p className="trend-tooltip-head trend-tooltip-compared">{point.prev_label}</p>
          <dl>
            {series.map(
              (s) =>
                point[`prev_${s.key}`] !== undefined && (
                  <div key={s.key}>
                    <dt>{s.name}</dt>
                    <dd>{formatInteger(Number(point[`prev_${s.key}`]))}</dd>
                  </div>
                ),
            )}
          </dl>
        </>
      )}
    </div>
  );
}

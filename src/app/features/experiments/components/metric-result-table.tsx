import type { ExperimentDecision } from '../../../../contract/experiment-decision.js';
import { DataTable, type Column } from '../../../components/data-table.js';
import { formatInteger } from '../../../lib/format.js';
import { formatInterval, formatUplift } from './variant-figures.js';
import { formatMetricMean, metricMeanLabel, metricStandingWords, nothingToCompareWords } from './more-metrics-words.js';

type Metric = ExperimentDecision['metrics'][number];

/** One variant's line on a metric, flat, so the table sorts it and the CSV gets numbers. */
interface MetricRow {
  label: string;
  is_control: boolean;
  visitors: number;
  mean: number;
  uplift: number | null;
  uplift_low: number | null;
  uplift_high: number | null;
  p_value: number | null;
  standing: string;
  /** A guardrail this variant is worse on with confidence: it cannot be the one to ship. */
  hurts_guardrail: boolean;
}

const metricRows = (m: Metric): MetricRow[] =>
  m.variants.map((v, i) => {
    const hurt = m.hurt_by.includes(v.label);
    return {
      label: v.label,
      is_control: i === 0,
      visitors: v.visitors,
      mean: v.mean,
      uplift: v.uplift,
      uplift_low: v.uplift_interval?.[0] ?? null,
      uplift_high: v.uplift_interval?.[1] ?? null,
      p_value: v.p_value,
      standing:
        i === 0
          ? 'baseline'
          : metricStandingWords(v, hurt, nothingToCompareWords(m.metric, m.variants[0].mean, v.mean)),
      hurts_guardrail: hurt,
    };
  });

const baseline = <span className="muted">baseline</span>;

/** Every variant beside the control on one metric: its mean per visitor, uplift with its interval, and where it stands. */
export function MetricResultTable({
  metric,
  currency,
  level,
  csvFilename,
  testId,
}: {
  metric: Metric;
  currency: string | null;
  /** The decision's interval level, as "97.5%". */
  level: string;
  csvFilename: string;
  testId: string;
}) {
  const columns: Column<MetricRow>[] = [
    { key: 'label', label: 'Variant' },
    { key: 'visitors', label: 'Visitors', numeric: true, render: (r) => formatInteger(r.visitors) },
    {
      key: 'mean',
      label: metricMeanLabel(metric.metric, currency),
      numeric: true,
      render: (r) => formatMetricMean(metric.metric, r.mean, currency),
    },
    {
      key: 'uplift',
      label: 'Uplift vs control',
      numeric: true,
      sortValue: (r) => r.uplift ?? -Infinity,
      render: (r) => (r.is_control ? baseline : formatUplift(r.uplift)),
    },
    {
      key: 'uplift_low',
      label: `Uplift, ${level} interval`,
      numeric: true,
      sortValue: (r) => r.uplift_low ?? -Infinity,
      render: (r) => (r.is_control ? baseline : formatInterval(r.uplift_low, r.uplift_high)),
    },
    {
      key: 'standing',
      label: 'Against control',
      // A phone scrolls the table sideways rather than wrapping "Worse: hurts this guardrail" a word a line.
      className: 'standing-cell',
      sortValue: (r) => r.p_value ?? 2,
      render: (r) =>
        r.is_control ? (
          baseline
        ) : r.hurts_guardrail ? (
          <strong className="metric-hurt">{r.standing}</strong>
        ) : (
          r.standing
        ),
    },
  ];
  return (
    <DataTable
      rows={metricRows(metric)}
      columns={columns}
      caption={metric.name}
      csvFilename={csvFilename}
      empty={{ title: 'No variants.', hint: 'This test has no variants to compare.' }}
      rowKey={(r) => r.label}
      testId={testId}
    />
  );
}

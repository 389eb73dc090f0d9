import type { ExperimentDetail } from '../../../../contract/experiments.js';
import { DataTable, type Column } from '../../../components/data-table.js';
import { formatInteger } from '../../../lib/format.js';
import {
  formatInterval,
  formatSignificance,
  formatUplift,
  NO_CONVERSIONS_YET,
  variantRows,
  type VariantRow,
} from './variant-figures.js';
import { metricColumns } from './variant-metric-columns.js';
import { revenueColumns, RevenueNote } from './variant-revenue.js';

const baseline = <span className="muted">baseline</span>;
const noConversions = <span className="muted">{NO_CONVERSIONS_YET}</span>;
/** A comparison figure, or why there is none yet: the priors alone would read "50%" and "−95% to +2,100%". */
const compared = (r: VariantRow, figure: string) =>
  r.is_control ? baseline : r.unavailable_reason === 'no_conversions' ? noConversions : figure;

/** Every variant's figures beside the control's; the control is the yardstick, so its stats read "baseline". */
export function VariantTable({ detail }: { detail: ExperimentDetail }) {
  const rows = variantRows(detail.variants, detail.currency ?? null);
  // Revenue is reported whatever the goal, but a column of zeros on a click test is noise.
  const showRevenue = detail.goal === 'revenue' || rows.some((r) => r.revenue > 0 || r.other_revenue !== '');
  const decision = detail.decision;
  const level = `${Number((decision.interval_level * 100).toFixed(1))}%`;
  // Better on the goal, yet kept from the call by a guardrail (the More metrics section says which).
  const heldBack = new Set(decision.held_back.map((h) => h.label));
  const columns: Column<VariantRow>[] = [
    {
      key: 'label',
      label: 'Variant',
      render: (r) =>
        r.is_control && r.label.toLowerCase() !== 'control' ? (
          <>
            {r.label} <span className="muted small">(control)</span>
          </>
        ) : (
          r.label
        ),
    },
    { key: 'visitors', label: 'Visitors', numeric: true, render: (r) => formatInteger(r.visitors) },
    ...metricColumns(decision.metric, detail.currency ?? null),
    {
      key: 'uplift',
      label: 'Uplift vs control',
      numeric: true,
      sortValue: (r) => r.uplift ?? -Infinity,
      render: (r) => (r.is_control ? baseline : compared(r, formatUplift(r.uplift))),
    },
    {
      key: 'uplift_low',
      label: `Uplift, ${level} interval`,
      numeric: true,
      sortValue: (r) => r.uplift_low ?? -Infinity,
      render: (r) => compared(r, formatInterval(r.uplift_low, r.uplift_high)),
    },
    {
      key: 'p_value',
      label: 'Against control',
      sortValue: (r) => r.p_value ?? 2,
      // Room for the held-back note, which would otherwise wrap a word per line.
      ...(heldBack.size > 0 ? { className: 'standing-cell' } : {}),
      render: (r) =>
        heldBack.has(r.label) ? (
          <>
            {formatSignificance(r)} <strong className="metric-hurt held-back-note">Held back: hurts a guardrail</strong>
          </>
        ) : (
          compared(r, formatSignificance(r))
        ),
    },
    { key: 'sessions', label: 'Sessions', numeric: true, render: (r) => formatInteger(r.sessions) },
    { key: 'conversions', label: 'Converting sessions', numeric: true, render: (r) => formatInteger(r.conversions) },
    ...(showRevenue ? revenueColumns(rows, detail.currency ?? null) : []),
  ];
  const controlWithout = rows.some((r) => r.is_control && r.conversions === 0);
  return (
    <>
      <DataTable
        rows={rows}
        columns={columns}
        caption="Variants"
        csvFilename={`experiment-${detail.experiment_id}-variants.csv`}
        empty={{ title: 'No variants.', hint: 'This test has no variants to compare.' }}
        rowKey={(r) => r.label}
        testId="variant-table"
      />
      {showRevenue && <RevenueNote currency={detail.currency ?? null} rows={rows} />}
      {controlWithout && rows.length > 1 && (
        <p className="muted small" data-testid="no-conversions-note">
          {rows.every((r) => r.conversions === 0)
            ? 'No conversions yet: an uplift and its interval need at least one conversion to compare.'
            : 'Uplift and its interval show “—” while the control has no conversions: there is nothing to measure them against yet.'}
        </p>
      )}
    </>
  );
}

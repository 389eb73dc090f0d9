import type { ExperimentDetail } from '../../../../contract/experiments.js';
import { DataTable, type Column } from '../../../components/data-table.js';
import { formatInteger, formatPercent } from '../../../lib/format.js';
import {
  formatChance,
  formatInterval,
  formatUplift,
  NO_CONVERSIONS_YET,
  variantRows,
  type VariantRow,
} from './variant-figures.js';
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
    { key: 'sessions', label: 'Sessions', numeric: true, render: (r) => formatInteger(r.sessions) },
    { key: 'conversions', label: 'Conversions', numeric: true, render: (r) => formatInteger(r.conversions) },
    {
      key: 'conversion_rate',
      label: 'Conversion rate',
      numeric: true,
      render: (r) => formatPercent(r.conversion_rate),
    },
    {
      key: 'uplift',
      label: 'Uplift vs control',
      numeric: true,
      sortValue: (r) => r.uplift ?? -Infinity,
      render: (r) => (r.is_control ? baseline : formatUplift(r.uplift)),
    },
    {
      key: 'chance_to_beat_control',
      label: 'Chance to beat control',
      numeric: true,
      sortValue: (r) => r.chance_to_beat_control ?? -1,
      render: (r) => compared(r, formatChance(r.chance_to_beat_control)),
    },
    {
      key: 'uplift_low',
      label: 'Uplift, 95% interval',
      numeric: true,
      sortValue: (r) => r.uplift_low ?? -Infinity,
      render: (r) => compared(r, formatInterval(r.uplift_low, r.uplift_high)),
    },
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
            ? 'No conversions yet: a chance to beat the control and an uplift need at least one conversion to compare.'
            : 'Uplift and its interval show “—” while the control has no conversions: there is nothing to measure them against yet.'}
        </p>
      )}
    </>
  );
}

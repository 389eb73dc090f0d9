import type { FunnelResponse } from '../../../../contract/funnels.js';
import { DataTable, type Column } from '../../../components/data-table.js';
import { formatInteger, formatPercent } from '../../../lib/format.js';
import { DIMENSION_LABELS } from '../utils/dimension-labels.js';
import type { FunnelDimension } from '../utils/funnel-search.js';
import { stepName } from '../utils/step-figures.js';

type Data = FunnelResponse['data'];
type Row = Record<string, string | number | null> & { value: string; overall_conversion_rate: number | null };

const regions = new Intl.DisplayNames(undefined, { type: 'region' });
function segmentName(by: FunnelDimension, value: string): string {
  if (value === '') return '(none)';
  if (by !== 'country' || value === 'unknown') return value;
  try {
    return regions.of(value.toUpperCase()) ?? value;
  } catch {
    return value;
  }
}

/** Each segment's sessions per step, one row per value; raw figures go to the CSV. */
export function FunnelBreakdownTable({
  breakdown,
  by,
  steps,
  filename,
}: {
  breakdown: NonNullable<Data['breakdown']>;
  by: FunnelDimension;
  steps: Data['steps'];
  filename: string;
}) {
  const rows: Row[] = breakdown.map((b) => ({
    value: b.value,
    ...Object.fromEntries(b.steps.map((s) => [`step_${s.step}`, s.sessions])),
    overall_conversion_rate: b.overall_conversion_rate,
  }));
  const columns: Column<Row>[] = [
    { key: 'value', label: DIMENSION_LABELS[by], render: (r) => segmentName(by, r.value) },
    ...steps.map((s) => ({
      key: `step_${s.step}`,
      label: `${s.step}. ${stepName(s)}`,
      numeric: true,
      render: (r: Row) => formatInteger(Number(r[`step_${s.step}`] ?? 0)),
    })),
    {
      key: 'overall_conversion_rate',
      label: 'Overall conversion',
      numeric: true,
      render: (r) => formatPercent(r.overall_conversion_rate),
    },
  ];
  return (
    <div className="funnel-breakdown-table">
      <h3>Breakdown: {DIMENSION_LABELS[by]}</h3>
      <DataTable
        rows={rows}
        columns={columns}
        caption={`Funnel sessions per step, broken down by ${DIMENSION_LABELS[by]}`}
        csvFilename={filename}
        empty={{ title: 'No segment has sessions at step 1.', hint: 'Pick a longer range or another breakdown.' }}
        rowKey={(r) => r.value}
        testId="funnel-breakdown"
      />
    </div>
  );
}

import type { ExperimentDecision } from '../../../../contract/experiment-decision.js';
import type { Column } from '../../../components/data-table.js';
import { formatCompact, formatDuration, formatInteger, formatPercent } from '../../../lib/format.js';
import { formatMoney } from '../../../lib/money.js';
import type { VariantRow } from './variant-figures.js';

const dash = <span className="muted">—</span>;

/**
 * What the decision compares per visitor, as columns: visitors who converted and their share for a
 * goal reached or not; revenue per visitor in the test's currency, or time per visitor, for the
 * continuous goals (docs/experiments.md, "Visitors").
 */
export function metricColumns(metric: ExperimentDecision['metric'], currency: string | null): Column<VariantRow>[] {
  if (metric === 'revenue_per_visitor') {
    const suffix = currency ? ` (${currency})` : '';
    return [
      {
        key: 'value_per_visitor',
        label: `Revenue per visitor${suffix}`,
        numeric: true,
        render: (r) =>
          r.value_per_visitor === null
            ? dash
            : currency
              ? formatMoney(r.value_per_visitor, currency)
              : formatCompact(r.value_per_visitor),
      },
    ];
  }
  if (metric === 'session_seconds_per_visitor') {
    return [
      {
        key: 'value_per_visitor',
        label: 'Time per visitor',
        numeric: true,
        render: (r) => (r.value_per_visitor === null ? dash : formatDuration(r.value_per_visitor)),
      },
    ];
  }
  return [
    {
      key: 'converted_visitors',
      label: 'Converted visitors',
      numeric: true,
      render: (r) => formatInteger(r.converted_visitors),
    },
    {
      key: 'visitor_conversion_rate',
      label: 'Conversion rate',
      numeric: true,
      render: (r) => formatPercent(r.visitor_conversion_rate),
    },
  ];
}

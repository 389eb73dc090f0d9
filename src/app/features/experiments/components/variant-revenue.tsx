import type { Column } from '../../../components/data-table.js';
import { formatCompact } from '../../../lib/format.js';
import { formatMoney } from '../../../lib/money.js';
import type { VariantRow } from './variant-figures.js';

/**
 * The revenue columns of the variant table: revenue and revenue per session in the test's one
 * currency, named in the heading, and the other currencies' totals apart (only when there are any),
 * so no figure ever adds two currencies (docs/decisions.md, "Split tests: revenue in one currency").
 */
export function revenueColumns(rows: VariantRow[], currency: string | null): Column<VariantRow>[] {
  const money = (n: number) => (currency ? formatMoney(n, currency) : formatCompact(n));
  const suffix = currency ? ` (${currency})` : '';
  const columns: Column<VariantRow>[] = [
    { key: 'revenue', label: `Revenue${suffix}`, numeric: true, render: (r) => money(r.revenue) },
    { key: 'revenue_per_session', label: `Revenue per session${suffix}`, numeric: true, render: (r) => money(r.revenue_per_session) },
  ];
  if (rows.some((r) => r.other_revenue !== '')) {
    columns.push({
      key: 'other_revenue', label: 'Other currencies (not compared)',
      render: (r) => (r.other_revenue === '' ? <span className="muted">—</span> : <span className="variant-other-revenue">{r.other_revenue}</span>),
    });
  }
  return columns;
}

/** One line under the table saying which currency is compared and that the others are not added. */
export function RevenueNote({ currency, others }: { currency: string | null; others: boolean }) {
  return (
    <p className="muted small" data-testid="revenue-currency-note">
      {currency
        ? `Revenue compares payments in ${currency} only${others ? '; payments in other currencies are shown apart and never added to it' : ''}.`
        : 'No payments yet: revenue will be compared in the currency of the property’s first payment.'}
    </p>
  );
}

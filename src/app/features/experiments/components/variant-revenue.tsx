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
    {
      key: 'revenue_per_session',
      label: `Per session${suffix}`,
      numeric: true,
      render: (r) => money(r.revenue_per_session),
    },
  ];
  if (rows.some((r) => r.other_revenue !== '')) {
    columns.push({
      key: 'other_revenue',
      label: 'Other currencies',
      render: (r) =>
        r.other_revenue === '' ? (
          <span className="muted">—</span>
        ) : (
          <span className="variant-other-revenue">{r.other_revenue}</span>
        ),
    });
  }
  return columns;
}

/**
 * One line under the table: which currency is compared, and each variant's totals in the others, so
 * they are read without scrolling the table sideways and never taken for part of its revenue.
 */
export function RevenueNote({ currency, rows }: { currency: string | null; rows: VariantRow[] }) {
  const others = rows.filter((r) => r.other_revenue !== '');
  if (!currency) {
    return (
      <p className="muted small" data-testid="revenue-currency-note">
        No payments yet: revenue will be compared in the currency of the property’s first payment.
      </p>
    );
  }
  return (
    <p className="muted small" data-testid="revenue-currency-note">
      {`Revenue compares payments in ${currency} only.`}
      {others.length > 0 &&
        ` Not compared, paid in other currencies: ${others.map((r) => `${r.label} ${r.other_revenue}`).join('; ')}.`}
    </p>
  );
}

import { amountIn, formatMoney } from '../../../lib/money.js';
import { FigureChangeMark } from './figure-change-mark.js';

type Revenue = { currency: string; amount: number }[];

/** One line per currency (never added across currencies), each with its change; a dash when nothing was paid. */
export function RevenueCell({ revenue, previous }: { revenue: Revenue; previous: Revenue | undefined }) {
  if (revenue.length === 0) {
    return (
      <span className="goal-revenue-none">
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">No revenue</span>
      </span>
    );
  }
  return (
    <ul className="goal-revenue">
      {revenue.map(({ currency, amount }) => (
        <li key={currency} data-currency={currency}>
          <span className="goal-value">{formatMoney(amount, currency)}</span>
          <FigureChangeMark
            value={amount}
            previous={amountIn(previous, currency)}
            format={(n) => formatMoney(n, currency)}
          />
        </li>
      ))}
    </ul>
  );
}

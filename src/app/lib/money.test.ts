import { describe, expect, it } from 'vitest';
import { amountIn, formatMoney } from './money.js';

describe('formatMoney', () => {
  it('writes a known currency with its symbol and cents', () => {
    expect(formatMoney(1234, 'USD')).toBe(
      new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD' }).format(1234),
    );
  });
  it('keeps a code the browser does not know instead of failing', () => {
    expect(formatMoney(12.5, 'not-a-code')).toBe('12.5 not-a-code');
  });
});

describe('amountIn', () => {
  const revenue = [
    { currency: 'EUR', amount: 9 },
    { currency: 'USD', amount: 58 },
  ];
  it('reads one currency, and none paid in it as 0', () => {
    expect(amountIn(revenue, 'USD')).toBe(58);
    expect(amountIn(revenue, 'GBP')).toBe(0);
  });
  it('stays unknown while the period has not loaded', () => {
    expect(amountIn(undefined, 'USD')).toBeUndefined();
  });
});

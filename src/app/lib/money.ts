const formats = new Map<string, Intl.NumberFormat | null>();

function formatFor(currency: string): Intl.NumberFormat | null {
  if (!formats.has(currency)) {
    try {
      formats.set(currency, new Intl.NumberFormat(undefined, { style: 'currency', currency }));
    } catch {
      // A code the browser does not know (the API takes what the site sends) is shown as a plain number.
      formats.set(currency, null);
    }
  }
  return formats.get(currency) ?? null;
}

/** "$1,234.00", "€56.00" in the reader's locale; an unknown code as "12.5 XYZ". */
export function formatMoney(amount: number, currency: string): string {
  return formatFor(currency)?.format(amount) ?? `${amount} ${currency}`;
}

/** The revenue of a period in one currency; none is 0 (nothing was paid in it). */
export const amountIn = (
  revenue: { currency: string; amount: number }[] | undefined,
  currency: string,
): number | undefined =>
  revenue === undefined ? undefined : (revenue.find((r) => r.currency === currency)?.amount ?? 0);

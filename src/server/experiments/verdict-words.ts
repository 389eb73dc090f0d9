// Numbers as the decision's sentences write them (decision-verdict.ts), like the dashboard prints them.

/** A count with thousands separators ("1,241"). */
export const count = (n: number) => n.toLocaleString('en-US');

/** A relative change with its sign and one decimal: "+22.0%", "-3.1%". */
export const signed = (u: number) => `${u >= 0 ? '+' : '-'}${Math.abs(u * 100).toFixed(1)}%`;

/**
 * A p-value as the server's sentences and the dashboard both print it (4 decimals), so one page never
 * shows two styles. Tiny p-values would print as 0, which would claim impossibility.
 */
export const formatP = (p: number) => (p < 0.0001 ? 'p < 0.0001' : `p = ${p.toFixed(4)}`);

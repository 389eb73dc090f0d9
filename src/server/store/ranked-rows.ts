/**
 * Orders ranked rows as the SQL ranked them: counts descending (first count first), then values
 * ascending with nulls last, so ties come back in the same order on every run
 * and on both stores (each store's SQL picks the top rows; this orders them).
 */
export function byCountsThenValues<T>(counts: (row: T) => number[], values: (row: T) => (string | null | undefined)[]) {
  const text = (row: T) =>
    values(row)
      .map((v) => v ?? '\uffff')
      .join('\u0000');
  return (a: T, b: T) => {
    const ca = counts(a);
    const cb = counts(b);
    for (let i = 0; i < ca.length; i++) if (ca[i] !== cb[i]) return cb[i] - ca[i];
    const ta = text(a);
    const tb = text(b);
    return ta < tb ? -1 : ta > tb ? 1 : 0;
  };
}

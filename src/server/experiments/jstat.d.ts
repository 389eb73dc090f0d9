// Only the part of jstat 1.9 that the experiment statistics use; the package ships no types.
declare module 'jstat' {
  const jStat: {
    /** ln B(a, b). */
    betaln(a: number, b: number): number;
    /** ln Γ(x). */
    gammaln(x: number): number;
    chisquare: { cdf(x: number, dof: number): number };
    normal: { cdf(x: number, mean: number, sd: number): number };
  };
  export default jStat;
}

/** One chart point: the bucket's label, this period's figures, and the previous period's as `prev_<key>`. */
export type TrendPoint = { label: string } & Record<string, string | number | undefined>;

/**
 * Chart points for a zero-filled trend. The previous period is laid over bucket by bucket (its 1st day
 * on this period's 1st day) so the shapes line up; buckets it lacks stay undefined, which the chart
 * leaves as a gap instead of drawing a false zero. Buckets that have not started yet (the rest of
 * today) are gaps too: the API zero-fills them, but a line dropping to zero would read as a crash.
 */
export function trendPoints<Row extends { bucket_start: string }>(
  rows: readonly Row[],
  previous: readonly Row[] | undefined,
  keys: readonly (keyof Row & string)[],
  label: (bucketStart: string) => string,
  now = Date.now(),
): TrendPoint[] {
  return rows.map((row, i) => {
    const point: Record<string, string | number | undefined> = { label: label(row.bucket_start) };
    const future = Date.parse(row.bucket_start) > now;
    for (const key of keys as readonly string[]) {
      point[key] = future ? undefined : Number(row[key as keyof Row]);
      const before = previous?.[i];
      point[`prev_${key}`] = before === undefined ? undefined : Number(before[key as keyof Row]);
    }
    return point as TrendPoint;
  });
}

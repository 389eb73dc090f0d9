/**
 * One chart point: the bucket's label, this period's figures, and the compared period's as
 * `prev_<key>` with its own bucket's label as `prev_label`. The bucket still running (`incomplete`)
 * carries its figures as `partial_<key>` instead, as does the bucket before it, so the chart draws the
 * stretch into it apart (dashed) from the complete buckets.
 */
export type TrendPoint = { label: string; prev_label?: string; incomplete?: boolean } & Record<
  string,
  string | number | boolean | undefined
>;

/**
 * Chart points for a zero-filled trend. The compared period is laid over bucket by bucket (its 1st day
 * on this period's 1st day) so the shapes line up; buckets it lacks stay undefined, which the chart
 * leaves as a gap instead of drawing a false zero. Buckets that have not started yet (the rest of
 * today) are gaps too: the API zero-fills them, but a line dropping to zero would read as a crash.
 * The bucket holding `now` is not over, so its lower figure is no drop either: it is marked apart.
 */
export function trendPoints<Row extends { bucket_start: string; bucket_end?: string }>(
  rows: readonly Row[],
  previous: readonly Row[] | undefined,
  keys: readonly (keyof Row & string)[],
  label: (bucketStart: string) => string,
  now = Date.now(),
): TrendPoint[] {
  const running = rows.findIndex((r) => Date.parse(r.bucket_start) <= now && now < Date.parse(r.bucket_end ?? ''));
  return rows.map((row, i) => {
    const point: Record<string, string | number | boolean | undefined> = { label: label(row.bucket_start) };
    const future = Date.parse(row.bucket_start) > now;
    const before = previous?.[i];
    if (before) point.prev_label = label(before.bucket_start);
    if (i === running) point.incomplete = true;
    for (const key of keys as readonly string[]) {
      const value = future ? undefined : Number(row[key as keyof Row]);
      point[key] = i === running ? undefined : value;
      if (running >= 0 && (i === running || i === running - 1)) point[`partial_${key}`] = value;
      point[`prev_${key}`] = before === undefined ? undefined : Number(before[key as keyof Row]);
    }
    return point as TrendPoint;
  });
}

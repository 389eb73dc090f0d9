/** The parts of a React Query result that say whether its data belongs to the asked-for range. */
interface PeriodRead<T> {
  data: T | undefined;
  isPlaceholderData: boolean;
}

/**
 * The previous period's data, or undefined while either read still shows the old range's data.
 * Comparing across ranges gives false changes: after 30d → 7d the previous read may land first, and
 * the old 30-day figure against the new 7-day previous period reads as a big drop (or the new
 * previous trend is drawn over the old range's buckets).
 */
export function settledPrevious<T>(current: { isPlaceholderData: boolean }, previous: PeriodRead<T>): T | undefined {
  if (current.isPlaceholderData || previous.isPlaceholderData) return undefined;
  return previous.data;
}

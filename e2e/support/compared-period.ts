/**
 * The wall-clock time ("23:07") at which a compared period stops, read from the words that name it
 * on the page ("+6% vs Oct 26 – Nov 24 until 11:07 PM"), or undefined when it is compared whole. While
 * a range holds today, the dashboard compares it with the same hours of the compared days (issue 13 §1).
 */
export function comparedUntil(text: string): string | undefined {
  const match = / until (\d{1,2}):(\d{2}) (AM|PM)/.exec(text);
  if (!match) return undefined;
  const [, h, m, ampm] = match;
  return `${String((Number(h) % 12) + (ampm === 'PM' ? 12 : 0)).padStart(2, '0')}:${m}`;
}

/** The API's `end` for a compared period whose last day is `lastDay`, as the page's words name it. */
export const comparedEnd = (lastDay: string, text: string) => {
  const until = comparedUntil(text);
  return until ? `${lastDay}T${until}` : lastDay;
};

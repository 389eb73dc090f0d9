import { DateTime } from 'luxon';

export type Cadence = 'weekly' | 'monthly';

/** A stretch of whole days in the property's zone; `start` and `end` are dates, `end` included. */
export interface Period {
  /** What is remembered once it was sent: `2026-W49`, `2026-11`. */
  key: string;
  label: string;
  start: string;
  end: string;
}

/** A digest is sent in the first days of the next period, so a server down on the Monday still sends it. */
export const CATCH_UP_DAYS = 3;

const day = (d: DateTime) => d.toISODate()!;

function periodOf(cadence: Cadence, start: DateTime): Period {
  if (cadence === 'weekly') {
    const end = start.plus({ days: 6 });
    const sameYear = start.year === end.year;
    return {
      key: `${start.weekYear}-W${String(start.weekNumber).padStart(2, '0')}`,
      label: `${start.toFormat(sameYear ? 'd LLL' : 'd LLL yyyy')} – ${end.toFormat('d LLL yyyy')}`,
      start: day(start),
      end: day(end),
    };
  }
  return {
    key: start.toFormat('yyyy-MM'),
    label: start.toFormat('LLLL yyyy'),
    start: day(start),
    end: day(start.endOf('month')),
  };
}

/**
 * The digest due at `now` in `zone`: the last whole ISO week (Mon–Sun) or month, and the one before it
 * to compare with; null outside the first CATCH_UP_DAYS days after it ended (a subscription made on
 * a Wednesday waits for the next Monday rather than getting an old week at once).
 */
export function dueDigest(cadence: Cadence, now: Date, zone: string): { period: Period; previous: Period } | null {
  const local = DateTime.fromJSDate(now, { zone });
  const unit = cadence === 'weekly' ? 'week' : 'month';
  const thisStart = local.startOf(unit);
  if (local >= thisStart.plus({ days: CATCH_UP_DAYS })) return null;
  const start = thisStart.minus({ [unit + 's']: 1 });
  return { period: periodOf(cadence, start), previous: periodOf(cadence, start.minus({ [unit + 's']: 1 })) };
}

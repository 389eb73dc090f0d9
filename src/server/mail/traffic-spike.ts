import { DateTime } from 'luxon';
import type { Property, Store } from '../store/store.js';

/** A spike: the last hour's visitors at least this many times the usual for the hour… */
export const SPIKE_FACTOR = 3;
/** …and at least this many, so 2 visitors after a usual 0 is no news. */
export const SPIKE_MIN_VISITORS = 20;
/** The usual is the median of the same hour on each of this many days before. */
export const SPIKE_BASELINE_DAYS = 28;

export interface SpikeFigures {
  visitors: number;
  usual: number;
  /** The hour compared, in the property's zone ("14:05–15:05"). */
  window: string;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

/**
 * The last hour's unique visitors and the usual for that hour: the median over the same clock hour
 * (in the property's zone, so DST does not shift it) of each of the 28 days before. The median, so one
 * earlier spike or a dead day does not move it. null when it is not a spike (docs/mail.md).
 */
export async function trafficSpike(
  store: Pick<Store, 'trafficSummary'>,
  property: Property,
  now: Date,
  /**
   * The usual per property and clock hour, kept by the scheduler: it moves little within an hour, so a
   * busy site's 28 reads happen once an hour instead of at every 5-minute tick.
   */
  usualCache: Map<string, number> = new Map(),
): Promise<SpikeFigures | null> {
  const end = DateTime.fromJSDate(now, { zone: property.timezone });
  const visitorsIn = async (to: DateTime) =>
    (
      await store.trafficSummary({
        propertyIds: [property.id],
        start: to.minus({ hours: 1 }).toJSDate(),
        end: to.toJSDate(),
      })
    ).unique_visitors;
  const visitors = await visitorsIn(end);
  // Below the floor it cannot be a spike whatever the usual: 28 reads saved on most hours.
  if (visitors < SPIKE_MIN_VISITORS) return null;
  const key = `${property.id} ${end.toFormat('yyyy-MM-dd HH')}`;
  let usual = usualCache.get(key);
  if (usual === undefined) {
    const days = Array.from({ length: SPIKE_BASELINE_DAYS }, (_, i) => end.minus({ days: i + 1 }));
    usual = median(await Promise.all(days.map(visitorsIn)));
    // Only this hour's are worth keeping.
    for (const k of usualCache.keys()) if (!k.endsWith(end.toFormat(' yyyy-MM-dd HH'))) usualCache.delete(k);
    usualCache.set(key, usual);
  }
  if (visitors < SPIKE_FACTOR * usual) return null;
  return { visitors, usual, window: `${end.minus({ hours: 1 }).toFormat('HH:mm')}–${end.toFormat('HH:mm')}` };
}

// When the synthetic traffic (generate-events.ts) happens: the weight of each hour of a day, weekends,
// growth over the range and day-to-day noise, and session start times drawn by that rhythm.
import { Random, hash32 } from './random.js';

const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
// Weight per UTC hour: the audience is mostly Europe and the Americas, so traffic peaks where the
// European afternoon overlaps the American morning and bottoms out in the Pacific night.
const HOUR_WEIGHTS = [
  3, 2.2, 1.8, 1.6, 1.7, 2.2, 3, 4, 5, 5.8, 6.3, 6.8, 7.2, 7.8, 8.2, 8.3, 8, 7.4, 6.6, 5.8, 5.2, 4.8, 4.3, 3.6,
];
const WEEKEND = 0.7;
const GROWTH = 0.2; // over the whole range, whatever its length
const DAY_NOISE = 0.08; // ± per calendar day, so no two weeks look copy-pasted

/** Per-hour slices of one day, weighted by the traffic rhythm; start times are drawn through them. */
export interface Slots {
  start: number[];
  len: number[];
  cum: number[];
  total: number;
}

export function daySlots(from: number, to: number, rangeStart: number, rangeLen: number, seed: number): Slots {
  const s: Slots = { start: [], len: [], cum: [], total: 0 };
  for (let t = from; t < to;) {
    const hour = Math.floor(t / HOUR);
    const until = Math.min(to, (hour + 1) * HOUR);
    const dayNo = Math.floor(t / DAY);
    const dow = (((dayNo + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday; 0 is Sunday
    const noise = 1 + DAY_NOISE * ((hash32(seed, dayNo) / 2 ** 32) * 2 - 1);
    const growth = 1 + (GROWTH * ((t + until) / 2 - rangeStart)) / rangeLen;
    const rhythm = HOUR_WEIGHTS[((hour % 24) + 24) % 24] * (dow === 0 || dow === 6 ? WEEKEND : 1);
    s.total += (rhythm * growth * noise * (until - t)) / HOUR;
    s.start.push(t);
    s.len.push(until - t);
    s.cum.push(s.total);
    t = until;
  }
  return s;
}

/** `n` ascending start times, drawn with the day's rhythm, before the point where the rhythm's mass reaches `limit`. */
export function sortedStarts(rng: Random, s: Slots, n: number, limit = s.total): Float64Array {
  const xs = new Float64Array(n);
  for (let i = 0; i < n; i++) xs[i] = rng.next() * limit;
  xs.sort();
  for (let i = 0, j = 0; i < n; i++) {
    while (j < s.cum.length - 1 && s.cum[j] <= xs[i]) j++;
    const before = j ? s.cum[j - 1] : 0;
    xs[i] = Math.floor(s.start[j] + ((xs[i] - before) / (s.cum[j] - before)) * s.len[j]);
  }
  return xs;
}

export function massBefore(s: Slots, t: number): number {
  let j = 0;
  while (j < s.cum.length - 1 && s.start[j] + s.len[j] <= t) j++;
  const before = j ? s.cum[j - 1] : 0;
  return before + (s.cum[j] - before) * Math.min(1, Math.max(0, (t - s.start[j]) / s.len[j]));
}

// Deterministic synthetic traffic for `seed`, the demo and the benchmarks. Works one day at a time
// so ten million events never sit in memory at once: each day first draws its sessions' shapes
// (pages, clicks, timings relative to the session start) until the day's share of the total is met,
// then gives them start times in ascending order — so "returning visitor" always means a visitor seen
// earlier — and finally sorts the day by timestamp.
import type { EventInput } from '../../contract/events.js';
import { Random } from './random.js';
import { botAgents, countries, deviceMissing, devices, userAgents } from './audience.js';
import { DAY, daySlots, massBefore, sortedStarts } from './day-rhythm.js';
import { Batch, type Visitor } from './session-batch.js';

export type SeedEvent = EventInput & { ts: string };

export interface SeedOptions {
  propertyId: string;
  events: number;
  days: number;
  seed: number;
  /** Exclusive end of the generated range, e.g. now. */
  end: Date;
}

const RETURNING = 0.3;
const VISITOR_POOL = 50_000; // bounds memory on 10M-event runs; older visitors simply stop returning

/** Yields one array per 24-hour day of `[end - days, end)`, oldest first, each sorted by `ts`; `events` in total. */
export function* generateEvents(opts: SeedOptions): Generator<SeedEvent[]> {
  const { events: total, days, seed, propertyId } = opts;
  const end = opts.end.getTime();
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError('events must be a non-negative integer');
  if (!Number.isSafeInteger(days) || days < 1) throw new RangeError('days must be a positive integer');
  if (!Number.isFinite(end)) throw new RangeError('end must be a valid date');
  const rangeStart = end - days * DAY;
  const slots = Array.from({ length: days }, (_, d) =>
    daySlots(rangeStart + d * DAY, rangeStart + (d + 1) * DAY, rangeStart, days * DAY, seed),
  );
  const weightTotal = slots.reduce((sum, s) => sum + s.total, 0);
  const rng = new Random(seed);
  const pool: Visitor[] = [];
  let poolNext = 0;
  let generated = 0;
  let cumWeight = 0;
  let carry: { events: SeedEvent[]; times: number[] } = { events: [], times: [] };

  // Places a batch's sessions at `starts`; events past the day go to the next day, past `end` are dropped.
  const place = (
    batch: Batch,
    starts: Float64Array,
    dayEnd: number,
    out: typeof carry,
    next: typeof carry,
    returning = true,
  ) => {
    for (let k = 0, i = 0; k < batch.ends.length; k++) {
      const sessionId = rng.id();
      let v: Visitor;
      if (batch.bots[k])
        v = {
          id: rng.id(),
          country: rng.chance(0.8) ? 'US' : null,
          device: 'desktop',
          userAgent: rng.weighted(botAgents),
        };
      else if (returning && pool.length && rng.chance(RETURNING)) v = pool[rng.int(0, pool.length - 1)];
      else {
        const device = rng.weighted(devices);
        v = { id: rng.id(), country: rng.weighted(countries), device, userAgent: rng.weighted(userAgents[device]) };
        pool[poolNext] = v;
        poolNext = (poolNext + 1) % VISITOR_POOL;
      }
      const sendDevice = !batch.bots[k] && !rng.chance(deviceMissing);
      for (; i < batch.ends[k]; i++) {
        const ts = starts[k] + batch.offset[i];
        if (ts >= end) {
          generated--;
          continue;
        }
        const to = ts < dayEnd ? out : next;
        to.events.push(batch.build(i, ts, propertyId, v, sessionId, sendDevice));
        to.times.push(ts);
      }
    }
  };

  for (let d = 0; d < days; d++) {
    const dayStart = rangeStart + d * DAY;
    const dayEnd = dayStart + DAY;
    const s = slots[d];
    cumWeight += s.total;
    const target = d === days - 1 ? total : Math.min(total, Math.round((total * cumWeight) / weightTotal));
    const out = carry;
    carry = { events: [], times: [] };
    const batch = new Batch();
    while (generated < target) generated += batch.session(rng, total - generated);
    place(batch, sortedStarts(rng, s, batch.ends.length), dayEnd, out, carry);
    // Sessions cut off by `end` leave a shortfall on the last day; top it up with sessions that fit.
    while (d === days - 1 && generated < total) {
      const extra = new Batch();
      generated += extra.session(rng, total - generated);
      const span = extra.offset[extra.size - 1];
      // New visitors only: these start at random times, so a "returning" one might predate its first visit.
      place(extra, sortedStarts(rng, s, 1, massBefore(s, end - span - 1)), dayEnd, out, carry, false);
    }
    yield sortByTime(out.events, out.times, dayStart);
  }
}

/** Sorts by packing (time offset, index) into one float so the engine's native numeric sort does the work. */
function sortByTime(events: SeedEvent[], times: number[], base: number): SeedEvent[] {
  const n = events.length;
  const SHIFT = 2 ** 25; // offsets fit in 27 bits (a day plus spill-over), so 25 bits of index keep it exact
  let order: ArrayLike<number>;
  if (n < SHIFT) {
    const keys = new Float64Array(n);
    for (let i = 0; i < n; i++) keys[i] = (times[i] - base) * SHIFT + i;
    keys.sort();
    for (let i = 0; i < n; i++) keys[i] %= SHIFT;
    order = keys;
  } else order = Array.from({ length: n }, (_, i) => i).sort((a, b) => times[a] - times[b] || a - b);
  const sorted = new Array<SeedEvent>(n);
  for (let i = 0; i < n; i++) sorted[i] = events[order[i]];
  return sorted;
}

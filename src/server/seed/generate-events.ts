// Deterministic synthetic traffic for `seed`, the demo and the benchmarks. Works one day at a time
// so ten million events never sit in memory at once: each day first draws its sessions' shapes
// (pages, clicks, timings relative to the session start) until the day's share of the total is met,
// then gives them start times in ascending order — so "returning visitor" always means a visitor seen
// earlier — and finally sorts the day by timestamp.
import type { EventInput } from '../../contract/events.js';
import { Random, hash32 } from './random.js';
import { botAgents, botShare, countries, deviceMissing, devices, userAgents, type Device } from './audience.js';
import { EURO_SHARE, pageList, pages, PAYS_AT_SIGNUP, signupPlans } from './site-model.js';
import type { ClickTarget, Page, PageForm, SiteEvent } from './site-model.js';
import { sources, type TrafficSource } from './traffic-sources.js';
import { elementLabels } from './element-labels.js';

export type SeedEvent = EventInput & { ts: string };

export interface SeedOptions {
  propertyId: string;
  events: number;
  days: number;
  seed: number;
  /** Exclusive end of the generated range, e.g. now. */
  end: Date;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// Weight per UTC hour: the audience is mostly Europe and the Americas, so traffic peaks where the
// European afternoon overlaps the American morning and bottoms out in the Pacific night.
const HOUR_WEIGHTS = [
  3, 2.2, 1.8, 1.6, 1.7, 2.2, 3, 4, 5, 5.8, 6.3, 6.8, 7.2, 7.8, 8.2, 8.3, 8, 7.4, 6.6, 5.8, 5.2, 4.8, 4.3, 3.6,
];
const WEEKEND = 0.7;
const GROWTH = 0.2; // over the whole range, whatever its length
const DAY_NOISE = 0.08; // ± per calendar day, so no two weeks look copy-pasted
const RETURNING = 0.3;
const VISITOR_POOL = 50_000; // bounds memory on 10M-event runs; older visitors simply stop returning
const MAX_PAGES = 8;
const CLICK_RATE = 0.35;
const ENGAGEMENT_RATE = 0.75;

interface Visitor {
  id: string;
  country: string | null;
  device: Device;
  userAgent: string;
}

/** Per-hour slices of one day, weighted by the traffic rhythm; start times are drawn through them. */
interface Slots {
  start: number[];
  len: number[];
  cum: number[];
  total: number;
}

function daySlots(from: number, to: number, rangeStart: number, rangeLen: number, seed: number): Slots {
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
function sortedStarts(rng: Random, s: Slots, n: number, limit = s.total): Float64Array {
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

function massBefore(s: Slots, t: number): number {
  let j = 0;
  while (j < s.cum.length - 1 && s.start[j] + s.len[j] <= t) j++;
  const before = j ? s.cum[j - 1] : 0;
  return before + (s.cum[j] - before) * Math.min(1, Math.max(0, (t - s.start[j]) / s.len[j]));
}

// What a planned event is; the event object itself is only built once its visitor and time are known,
// so each event is allocated once, with all its fields, instead of being patched up later.
const PAGEVIEW = 0,
  CLICK = 1,
  FORM_CLICK = 2,
  SUBMIT = 3,
  ENGAGEMENT = 4,
  CUSTOM = 5,
  REVENUE = 6;

/** Sessions drawn but not yet placed in time: planned events with offsets from their session's start. */
class Batch {
  kind: number[] = [];
  path: string[] = [];
  offset: number[] = [];
  /** The entry page view's traffic source, a click's target, or a submitted form. */
  ref: (TrafficSource | ClickTarget | PageForm | SiteEvent | null)[] = [];
  depth: number[] = [];
  engaged: number[] = [];
  ends: number[] = [];
  bots: boolean[] = [];

  private add(
    kind: number,
    path: string,
    offset: number,
    ref: TrafficSource | ClickTarget | PageForm | SiteEvent | null = null,
    depth = 0,
    engaged = 0,
  ): void {
    this.kind.push(kind);
    this.path.push(path);
    this.offset.push(offset);
    this.ref.push(ref);
    this.depth.push(depth);
    this.engaged.push(engaged);
  }

  get size(): number {
    return this.kind.length;
  }

  /** Draws one session; keeps at most `budget` of its events (the first ones) so totals come out exact. */
  session(rng: Random, budget: number): number {
    const first = this.size;
    const bot = rng.chance(botShare);
    if (bot) this.crawl(rng);
    else this.visit(rng);
    if (this.size - first > budget) {
      for (const a of [this.kind, this.path, this.offset, this.ref, this.depth, this.engaged])
        a.length = first + budget;
    }
    this.ends.push(this.size);
    this.bots.push(bot);
    return this.size - first;
  }

  private crawl(rng: Random): void {
    for (let n = rng.int(1, MAX_PAGES), t = 0; n > 0; n--, t += rng.int(1000, 6000))
      this.add(PAGEVIEW, rng.pick(pageList).path, t);
  }

  private visit(rng: Random): void {
    const source = rng.weighted(sources);
    let page: Page | undefined = rng.weighted(source.entry);
    for (let n = 1, t = 0; page; n++) {
      this.add(PAGEVIEW, page.path, t, n === 1 ? source : null);
      const dwell = Math.floor(1000 * (10 + 190 * rng.next() ** page.dwellSkew));
      const form = page.form && rng.chance(page.form.rate) ? page.form : undefined;
      let next: Page | undefined;
      if (form?.then) next = pages.get(form.then);
      else if (!form?.leaves && !rng.chance(n === 1 ? page.bounce : page.exit)) next = rng.weighted(page.next);
      if (n === MAX_PAGES) next = undefined;
      // Offsets are laid out so events stay in time order: clicks in the first 70% of the visit,
      // a form submission after them, engagement (sent when the page is hidden) last.
      if (rng.chance(CLICK_RATE)) {
        const clicks = rng.chance(0.1) ? 2 : 1;
        for (let c = 0; c < clicks; c++) {
          // The last click usually is the link the visitor then follows.
          const to = next?.path;
          const link =
            to && c === clicks - 1 && rng.chance(0.6) ? page.targets.values.find((x) => x.href === to) : undefined;
          this.add(
            CLICK,
            page.path,
            t + Math.floor(dwell * rng.between(0.1 + 0.3 * c, 0.4 + 0.3 * c)),
            link ?? rng.weighted(page.targets),
          );
        }
      }
      if (form) {
        const at = t + Math.floor(dwell * rng.between(0.75, 0.85));
        this.add(FORM_CLICK, page.path, at, form);
        this.add(SUBMIT, page.path, at + rng.int(150, 600), form);
        // The signup page reports the signup (a custom event) and, for a paid plan, sometimes a payment.
        if (form.source === 'signup') this.signup(rng, page.path, at + rng.int(650, 900));
      }
      if (rng.chance(ENGAGEMENT_RATE)) {
        const [lo, hi] = page.scroll;
        const depth = page.kind === 'post' && rng.chance(0.15) ? 1 : lo + ((hi - lo) * (rng.next() + rng.next())) / 2;
        this.add(
          ENGAGEMENT,
          page.path,
          t + dwell - rng.int(200, 800),
          null,
          Math.round(depth * 100) / 100,
          Math.floor(dwell * rng.between(0.3, 0.95)),
        );
      }
      t += dwell;
      page = next;
    }
  }

  private signup(rng: Random, path: string, at: number): void {
    const { plan, usd } = rng.weighted(signupPlans);
    const pays = usd > 0 && rng.chance(PAYS_AT_SIGNUP);
    const payment = pays ? { amount: usd, currency: rng.chance(EURO_SHARE) ? 'EUR' : 'USD' } : undefined;
    const event: SiteEvent = { name: 'Signup', props: { plan }, payment };
    this.add(CUSTOM, path, at, event);
    if (payment) this.add(REVENUE, path, at + rng.int(50, 200), event);
  }

  /**
   * Builds planned event `i`. Absent optional fields are `undefined` rather than missing so every
   * event of a type shares one object shape; JSON.stringify drops them, so the output is unchanged.
   */
  build(i: number, time: number, pid: string, v: Visitor, session_id: string, sendDevice: boolean): SeedEvent {
    const [path, ref, visitor_id, user_agent, ts] = [
      this.path[i],
      this.ref[i],
      v.id,
      v.userAgent,
      new Date(time).toISOString(),
    ];
    switch (this.kind[i]) {
      case PAGEVIEW: {
        const src = ref as TrafficSource | null;
        const [referrer, utm_source, utm_medium, utm_campaign] = [
          src?.referrer,
          src?.utm_source,
          src?.utm_medium,
          src?.utm_campaign,
        ];
        const [country, device] = [v.country ?? undefined, sendDevice ? v.device : undefined];
        return {
          type: 'pageview',
          property_id: pid,
          ts,
          visitor_id,
          session_id,
          path,
          referrer,
          utm_source,
          utm_medium,
          utm_campaign,
          country,
          device,
          user_agent,
        };
      }
      case CLICK: {
        const { target, href } = ref as ClickTarget;
        return {
          type: 'click',
          property_id: pid,
          ts,
          visitor_id,
          session_id,
          path,
          target,
          href,
          label: elementLabels[target],
          user_agent,
        };
      }
      case FORM_CLICK: {
        const { button } = ref as PageForm;
        return {
          type: 'click',
          property_id: pid,
          ts,
          visitor_id,
          session_id,
          path,
          target: button,
          href: undefined,
          label: elementLabels[button],
          user_agent,
        };
      }
      case CUSTOM: {
        const { name, props } = ref as SiteEvent;
        return { type: 'custom', property_id: pid, ts, visitor_id, session_id, path, name, props, user_agent };
      }
      case REVENUE: {
        const { props, payment } = ref as SiteEvent;
        return {
          type: 'revenue',
          property_id: pid,
          ts,
          visitor_id,
          session_id,
          path,
          amount: payment!.amount,
          currency: payment!.currency,
          props,
          user_agent,
        };
      }
      case SUBMIT: {
        const { target, source } = ref as PageForm;
        return {
          type: 'form_submit',
          property_id: pid,
          ts,
          visitor_id,
          session_id,
          path,
          target,
          source,
          label: elementLabels[target],
          user_agent,
        };
      }
      default: {
        const [scroll_depth, engaged_ms] = [this.depth[i], this.engaged[i]];
        return {
          type: 'engagement',
          property_id: pid,
          ts,
          visitor_id,
          session_id,
          path,
          scroll_depth,
          engaged_ms,
          user_agent,
        };
      }
    }
  }
}

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

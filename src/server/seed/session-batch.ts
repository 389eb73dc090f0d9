// The sessions of the synthetic traffic (generate-events.ts) as drawn before they are placed in time:
// the pages a visitor walks from a traffic source, the clicks, forms, engagement and site events on
// the way, each planned event built into a collect event once its visitor and time are known.
import { Random } from './random.js';
import { botShare, type Device } from './audience.js';
import { EURO_SHARE, pageList, pages, PAYS_AT_SIGNUP, signupPlans } from './site-model.js';
import type { ClickTarget, Page, PageForm, SiteEvent } from './site-model.js';
import { sources, type TrafficSource } from './traffic-sources.js';
import { elementLabels } from './element-labels.js';
import type { SeedEvent } from './generate-events.js';

const MAX_PAGES = 8;
const CLICK_RATE = 0.35;
const ENGAGEMENT_RATE = 0.75;

export interface Visitor {
  id: string;
  country: string | null;
  device: Device;
  userAgent: string;
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
export class Batch {
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

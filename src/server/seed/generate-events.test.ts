import { isbot } from 'isbot';
import { describe, expect, it } from 'vitest';
import { eventSchema } from '../../contract/events.js';
import { generateEvents, type SeedEvent, type SeedOptions } from './generate-events.js';

const DAY = 86_400_000;
// A Monday at midnight UTC, so each generated day is exactly one calendar day.
const end = new Date('2026-03-02T00:00:00Z');
const opts = (o: Partial<SeedOptions> = {}): SeedOptions => ({
  propertyId: 'demo',
  events: 50_000,
  days: 14,
  seed: 1,
  end,
  ...o,
});
const allDays = (o: SeedOptions) => [...generateEvents(o)];

function firstDays(o: SeedOptions, n: number): string {
  const out: SeedEvent[][] = [];
  for (const day of generateEvents(o)) {
    out.push(day);
    if (out.length === n) break;
  }
  return JSON.stringify(out);
}

// One larger run shared by the statistical tests: 28 days is four whole weeks.
const big = allDays(opts({ events: 300_000, days: 28, seed: 7 }));
const bigEvents = big.flat();
const sessions = new Map<string, SeedEvent[]>();
for (const e of bigEvents) {
  const s = sessions.get(e.session_id);
  if (s) s.push(e);
  else sessions.set(e.session_id, [e]);
}

describe('generateEvents', () => {
  it('gives the same output for the same options and different output for another seed', () => {
    const a = firstDays(opts(), 2);
    expect(firstDays(opts(), 2)).toBe(a);
    expect(firstDays(opts({ seed: 2 }), 2)).not.toBe(a);
    expect(a.length).toBeGreaterThan(1000);
  });

  it.each([
    { events: 50_000, days: 14 },
    { events: 12_345, days: 7 },
    { events: 7, days: 30 },
    { events: 0, days: 3 },
    { events: 20_000, days: 1 },
  ])('yields one array per day and exactly $events events over $days days', ({ events, days }) => {
    const out = allDays(opts({ events, days, end: new Date('2026-03-02T13:47:12.345Z') }));
    expect(out).toHaveLength(days);
    expect(out.reduce((n, d) => n + d.length, 0)).toBe(events);
  });

  it('produces events that pass the import schema', () => {
    const sample = big.flatMap((day) => day.slice(0, 150));
    expect(sample.length).toBeGreaterThan(3000);
    for (const e of sample) {
      const r = eventSchema.safeParse(e);
      expect(r.success, JSON.stringify(r.error?.issues)).toBe(true);
      expect(e.ts).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(e.user_agent).toBeTruthy();
    }
  });

  it('keeps every day sorted, inside its own day and inside [end - days, end)', () => {
    const start = end.getTime() - 28 * DAY;
    let prev = start;
    const misplaced: string[] = [];
    big.forEach((day, d) => {
      for (const e of day) {
        const t = Date.parse(e.ts);
        if (t < prev || t < start + d * DAY || t >= start + (d + 1) * DAY) misplaced.push(`day ${d}: ${e.ts}`);
        prev = t;
      }
    });
    expect(misplaced.slice(0, 5)).toEqual([]);
    expect(prev).toBeLessThan(end.getTime());
  });

  it('has about 30% less traffic on weekends', () => {
    const perDay = (weekend: boolean) => {
      const days = big.filter((day) => [0, 6].includes(new Date(day[0].ts).getUTCDay()) === weekend);
      return days.reduce((n, d) => n + d.length, 0) / days.length;
    };
    const ratio = perDay(true) / perDay(false);
    expect(ratio).toBeGreaterThan(0.6);
    expect(ratio).toBeLessThan(0.8);
  });

  it('starts sessions with a page view that alone carries the traffic source', () => {
    const wrong: string[] = [];
    for (const [id, events] of sessions) {
      const pageviews = events.filter((e) => e.type === 'pageview');
      const [first, ...later] = pageviews;
      if (events[0] !== first || pageviews.length > 8)
        wrong.push(`${id}: starts with ${events[0].type}, ${pageviews.length} page views`);
      for (const pv of later) {
        if (pv.referrer !== undefined || pv.utm_source !== undefined) wrong.push(`${id}: later page view has a source`);
        if (pv.country !== first.country || pv.device !== first.device || pv.user_agent !== first.user_agent)
          wrong.push(`${id}: visitor changed`);
      }
    }
    expect(wrong.slice(0, 5)).toEqual([]);
  });

  it('has realistic session shapes: ~45% bounces, ~30% returning visitors, ~2.2 events per page view', () => {
    const human = [...sessions.values()].filter((s) => !isbot(s[0].user_agent));
    const bounces = human.filter((s) => s.filter((e) => e.type === 'pageview').length === 1).length;
    expect(bounces / human.length).toBeGreaterThan(0.4);
    expect(bounces / human.length).toBeLessThan(0.5);
    const seen = new Set<string>();
    let returning = 0;
    for (const s of sessions.values()) {
      if (seen.has(s[0].visitor_id)) returning++;
      seen.add(s[0].visitor_id);
    }
    expect(returning / sessions.size).toBeGreaterThan(0.25);
    expect(returning / sessions.size).toBeLessThan(0.35);
    const pageviews = bigEvents.filter((e) => e.type === 'pageview').length;
    expect(bigEvents.length / pageviews).toBeGreaterThan(2);
    expect(bigEvents.length / pageviews).toBeLessThan(2.4);
  });

  it('has 1–2% bot sessions, all flagged by isbot, and no flagged human ones', () => {
    const bots = [...sessions.values()].filter((s) => isbot(s[0].user_agent));
    expect(bots.length / sessions.size).toBeGreaterThan(0.01);
    expect(bots.length / sessions.size).toBeLessThan(0.02);
    for (const s of bots) expect(s.every((e) => e.type === 'pageview' && isbot(e.user_agent))).toBe(true);
  });

  it('contains sessions that walk the signup funnel in order', () => {
    const funnel = '/ /pricing /signup /signup/complete';
    const walkers = [...sessions.values()].filter((s) =>
      s
        .filter((e) => e.type === 'pageview')
        .map((e) => e.path)
        .join(' ')
        .includes(funnel),
    );
    expect(walkers.length).toBeGreaterThan(50);
    // Completing signup means the form was submitted on /signup just before.
    for (const s of walkers.slice(0, 20)) {
      const done = s.findIndex((e) => e.path === '/signup/complete');
      expect(s.slice(0, done).some((e) => e.type === 'form_submit' && e.source === 'signup')).toBe(true);
    }
  });

  it('reports each signup as a custom event with its plan, and about half the paid ones pay at once in USD or EUR', () => {
    const signups = bigEvents.filter((e) => e.type === 'custom');
    const submits = bigEvents.filter((e) => e.type === 'form_submit' && e.source === 'signup');
    // One Signup per signup form sent (a few at the end of the range may lose their last events).
    expect(signups.length).toBeGreaterThan(submits.length * 0.98);
    expect(signups.length).toBeLessThanOrEqual(submits.length);
    expect(new Set(signups.map((e) => e.name))).toEqual(new Set(['Signup']));
    expect(new Set(signups.map((e) => e.props?.plan))).toEqual(new Set(['pro', 'starter', 'free']));
    const payments = bigEvents.filter((e) => e.type === 'revenue');
    const paid = signups.filter((e) => e.props?.plan !== 'free').length;
    expect(payments.length / paid).toBeGreaterThan(0.4);
    expect(payments.length / paid).toBeLessThan(0.6);
    for (const p of payments) {
      expect([9, 29]).toContain(p.amount);
      expect(['USD', 'EUR']).toContain(p.currency);
      // A payment follows its session's signup, on the signup page.
      const s = sessions.get(p.session_id)!;
      expect(s.findIndex((e) => e.type === 'custom')).toBeLessThan(s.indexOf(p));
      expect(p.path).toBe('/signup');
    }
    const euros = payments.filter((p) => p.currency === 'EUR').length / payments.length;
    expect(euros).toBeGreaterThan(0.15);
    expect(euros).toBeLessThan(0.35);
  });
});

import { z } from 'zod';
import { snapshotElement, type StoredEvent } from '../../contract/events.js';
import snapshotFile from './demo-snapshots.json' with { type: 'json' };
import { newExperiment } from '../experiments/experiment-records.js';
import { Random } from '../seed/random.js';
import type { Store } from '../store/store.js';

const DAYS = 21;
/** The demo site's pages as the tracker snapshots them; e2e/demo-snapshots.test.ts keeps the file true. */
const demoSnapshots = z.record(z.string(), z.array(snapshotElement)).parse(snapshotFile);
const SESSIONS_PER_DAY = 160;
const PROPERTY = 'acme-shop';
/** Where a conversion leads: the trial button opens signup; a signup goes on to the app. */
const NEXT_PAGE = { nocode: '/demo/signup', redirect: '/demo/app/' } as const;
const ELSEWHERE = ['/demo/', '/demo/blog/first-post', '/demo/pricing'];

/** The two demo tests, on pages of the demo website so a visitor at /demo/ gets a variant too. */
function demoTests(createdAt: Date) {
  const nocode = newExperiment(
    PROPERTY,
    {
      name: 'Pricing: a more specific trial button',
      page: '/demo/pricing',
      type: 'nocode',
      goal: 'click_through',
      // What a marketer would also watch: whether the click leads on to signup, and that visitors do not leave more.
      metrics: [
        { goal: 'destination_page', goal_target: NEXT_PAGE.nocode },
        { goal: 'bounce_rate', role: 'guardrail' },
      ],
      variants: [
        {
          label: 'Specific, green',
          changes: [
            { selector: '#cta-start-trial', op: 'text', value: 'Start my 14-day free trial' },
            { selector: '#cta-start-trial', op: 'css', value: { backgroundColor: '#047857', color: '#ffffff' } },
          ],
        },
      ],
    },
    createdAt,
  );
  const redirect = newExperiment(
    PROPERTY,
    {
      name: 'Signup: one-field form',
      page: '/demo/signup',
      type: 'redirect',
      goal: 'form_submission',
      auto_stop_days: 60,
      variants: [{ label: 'Email only', url: '/demo/signup-short' }],
    },
    createdAt,
  );
  // Conversion chances per variant: the demo's results should have something to say.
  return [
    {
      record: nocode,
      rates: [0.09, 0.104],
      convert: (path: string): Partial<StoredEvent> => ({
        type: 'click',
        path,
        target: '#cta-start-trial',
        href: '/demo/signup?plan=pro',
      }),
    },
    {
      record: redirect,
      rates: [0.2, 0.235],
      convert: (path: string): Partial<StoredEvent> => ({
        type: 'form_submit',
        path,
        target: '#signup-form',
        source: 'signup',
      }),
    },
  ];
}

const COUNTRIES = ['US', 'US', 'US', 'GB', 'DE', 'CA', 'FR', 'IN', 'AU', 'NL'];
const SOURCES = [
  { referrer: null, utm_source: null, utm_medium: null, utm_campaign: null },
  { referrer: 'https://www.google.com/', utm_source: null, utm_medium: null, utm_campaign: null },
  { referrer: null, utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'spring-pricing' },
  { referrer: 'https://t.co/', utm_source: 'twitter', utm_medium: 'social', utm_campaign: null },
];

/** Where a demo test's visitor comes from and on what, so the demo pages' breakdowns look like traffic. */
function visitorOrigin(r: Random) {
  return {
    ...r.pick(SOURCES),
    country: r.pick(COUNTRIES),
    device: r.chance(0.38) ? ('mobile' as const) : ('desktop' as const),
  };
}

/** Creates one running test of each type with three weeks of exposures and conversions (deterministic). */
export async function createDemoExperiments(store: Store, now: Date): Promise<void> {
  const createdAt = new Date(now.getTime() - DAYS * 86_400_000);
  const random = new Random(42);
  // Its own sequence, so who the visitors are and how far they read never changes who converts
  // (the tests' verdicts stay put).
  const reading = new Random(43);
  // What the tracker would have sent from each page today: the recommender reads the page from it.
  await store.saveSnapshots(
    Object.entries(demoSnapshots).map(([path, elements]) => ({
      property_id: PROPERTY,
      path,
      ts: new Date(now.getTime() - 3_600_000),
      elements,
    })),
  );
  for (const { record, rates, convert } of demoTests(createdAt)) {
    await store.createExperiment(record);
    const events: StoredEvent[] = [];
    for (let day = 0; day < DAYS; day++) {
      for (let n = 0; n < SESSIONS_PER_DAY; n++) {
        const start = createdAt.getTime() + day * 86_400_000 + random.int(0, 86_000_000);
        if (start >= now.getTime() - 60_000) continue;
        const variant = random.int(0, record.variants.length - 1);
        const path = record.variants[variant].url ?? record.page;
        const base = {
          property_id: PROPERTY,
          visitor_id: `dv${random.id(10)}`,
          session_id: `ds${random.id(10)}`,
          ...visitorOrigin(reading),
          is_bot: false,
          scroll_depth: null,
          engaged_ms: null,
          target: null,
          href: null,
          source: null,
          experiment_id: null,
          variant: null,
          amount: null,
          currency: null,
        };
        events.push({ ...base, type: 'pageview', path, ts: new Date(start) });
        events.push({ ...base, type: 'exposure', path, ts: new Date(start + 5), experiment_id: record.id, variant });
        const read = (onPath: string, at: number) =>
          events.push({
            ...base,
            type: 'engagement',
            path: onPath,
            ts: new Date(at + 4_000),
            scroll_depth: reading.int(20, 100) / 100,
            engaged_ms: reading.int(3_000, 60_000),
          });
        read(path, start);
        // Sessions go on like the rest of the demo traffic: a conversion to where it leads, about
        // half of the others to another page, so the tests don't skew the property's bounce rate.
        const at = start + random.int(5_000, 90_000);
        if (random.chance(rates[variant])) {
          events.push({ ...base, path, ts: new Date(at), ...convert(path) } as StoredEvent);
          events.push({ ...base, type: 'pageview', path: NEXT_PAGE[record.type], ts: new Date(at + 800) });
          read(NEXT_PAGE[record.type], at + 800);
        } else if (random.chance(0.5)) {
          const next = random.pick(ELSEWHERE);
          events.push({ ...base, type: 'pageview', path: next, ts: new Date(at) });
          read(next, at);
        }
      }
    }
    events.sort((a, b) => a.ts.getTime() - b.ts.getTime());
    await store.insertEvents(events);
  }
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventInput } from '../../contract/events.js';
import { aroundToday, collect, pageview } from '../test-support/collect-requests.js';
import {
  aggregate,
  BOT_UA,
  createTestEnv,
  get,
  insert,
  PROP_A,
  PROP_B,
  report,
  type TestEnv,
} from '../test-support/fixtures.js';

// Elements by name (issue 12 §5): each clicks and forms row's label (the most common one sent for the
// row) and its rate over its page's views, and `group=element`, which totals an element over pages.
// Every figure below is worked out by hand from this one day of site-a (and one session on site-b).
//
// Page views: / by s1 s3 (2); /pricing by s1 twice and s2 (3); /docs by s2 s4 (2); /app none.
// s1 and s3 are from the US, s2 and s4 from Germany. A bot's view and click never count.
// Clicks:
//   s1 /pricing #buy "Buy now" ×2; / nav a.docs "Docs"; / a.cta "Start"
//   s2 /pricing #buy "Buy it"; /docs nav a.docs "Docs"; /docs nav a.docs "Documentation"
//   s3 / nav a.docs "Docs"; / button.icon (no label); / a.cta "begin"
//   s4 /docs nav a.docs "Documentation"; /app button.save "Save"
// Forms:
//   s1 /pricing form#trial "Start your trial" (source hero); s2 /pricing form#trial "Start your trial"
//   (footer) and /docs form#search (no label); s4 /docs form#newsletter "Newsletter"

const DAY = { start: '2026-06-01', end: '2026-06-01' };
const at = (hhmm: string) => `2026-06-01T${hhmm}:00Z`;

function visit(session: string, country: string, property = PROP_A) {
  const common = { property_id: property, visitor_id: `v-${session}`, session_id: session, country };
  return {
    pv: (time: string, path: string): EventInput => ({ ...common, type: 'pageview', ts: at(time), path }),
    click: (time: string, path: string, target: string, label?: string): EventInput => ({
      ...common,
      type: 'click',
      ts: at(time),
      path,
      target,
      label,
    }),
    submit: (time: string, path: string, target: string, label?: string, source?: string): EventInput => ({
      ...common,
      type: 'form_submit',
      ts: at(time),
      path,
      target,
      label,
      source,
    }),
  };
}

const s1 = visit('s1', 'US');
const s2 = visit('s2', 'DE');
const s3 = visit('s3', 'US');
const s4 = visit('s4', 'DE');
const bot = visit('sb', 'US');
const m1 = visit('m1', 'US', PROP_B);

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
  await insert(env.store, [
    s1.pv('10:00', '/'),
    s1.click('10:01', '/', 'nav a.docs', 'Docs'),
    s1.click('10:02', '/', 'a.cta', 'Start'),
    s1.pv('10:03', '/pricing'),
    s1.click('10:04', '/pricing', '#buy', 'Buy now'),
    s1.pv('10:05', '/pricing'),
    s1.click('10:06', '/pricing', '#buy', 'Buy now'),
    s1.submit('10:07', '/pricing', 'form#trial', 'Start your trial', 'hero'),
    s2.pv('11:00', '/pricing'),
    s2.click('11:01', '/pricing', '#buy', 'Buy it'),
    s2.submit('11:02', '/pricing', 'form#trial', 'Start your trial', 'footer'),
    s2.pv('11:03', '/docs'),
    s2.click('11:04', '/docs', 'nav a.docs', 'Docs'),
    s2.click('11:05', '/docs', 'nav a.docs', 'Documentation'),
    s2.submit('11:06', '/docs', 'form#search'),
    s3.pv('12:00', '/'),
    s3.click('12:01', '/', 'nav a.docs', 'Docs'),
    s3.click('12:02', '/', 'button.icon'),
    s3.click('12:03', '/', 'a.cta', 'begin'),
    s4.pv('13:00', '/docs'),
    s4.click('13:01', '/docs', 'nav a.docs', 'Documentation'),
    s4.click('13:02', '/app', 'button.save', 'Save'),
    s4.submit('13:03', '/docs', 'form#newsletter', 'Newsletter'),
    { ...bot.pv('14:00', '/pricing'), user_agent: BOT_UA },
    { ...bot.click('14:01', '/pricing', '#buy', 'Buy it'), user_agent: BOT_UA },
    m1.pv('15:00', '/'),
    m1.click('15:01', '/', 'nav a.docs', 'Docs'),
  ]);
});
afterAll(() => env.close());

const filtered = (...filters: [string, string, string[]][]) => ({ ...DAY, filters: JSON.stringify(filters) });
const byElement = { ...DAY, group: 'element' };

describe('clicks per page and element', () => {
  it("names each row by its most common label and rates it by its page's views", async () => {
    const r = await report(env, 'clicksBreakdown', DAY);
    expect(r.meta).not.toHaveProperty('group');
    expect(r.data).toEqual([
      // "Documentation" twice against "Docs" once; 3 clicks over /docs's 2 views: more than one a view
      {
        page: '/docs',
        target: 'nav a.docs',
        label: 'Documentation',
        clicks: 3,
        unique_clicks: 2,
        click_through_rate: 1.5,
      },
      // "Buy now" twice against "Buy it" once (the bot's "Buy it" is not counted); 3 over 3 views
      { page: '/pricing', target: '#buy', label: 'Buy now', clicks: 3, unique_clicks: 2, click_through_rate: 1 },
      // "Start" and "begin" once each: the first in byte order (upper case before lower) names it
      { page: '/', target: 'a.cta', label: 'Start', clicks: 2, unique_clicks: 2, click_through_rate: 1 },
      { page: '/', target: 'nav a.docs', label: 'Docs', clicks: 2, unique_clicks: 2, click_through_rate: 1 },
      // sent without a label; 1 click over /'s 2 views
      { page: '/', target: 'button.icon', label: null, clicks: 1, unique_clicks: 1, click_through_rate: 0.5 },
      // /app had no view in the range: the rate has no base, so it is null (not 0, not a division by zero)
      { page: '/app', target: 'button.save', label: 'Save', clicks: 1, unique_clicks: 1, click_through_rate: null },
    ]);
    expect(r.summary).toEqual({ total_clicks: 12, total_unique_clicks: 4 });
  });

  it('totals an element over pages with group=element: one row per target and label, page null', async () => {
    const r = await report(env, 'clicksBreakdown', byElement);
    expect(r.meta).toMatchObject({ group: 'element' });
    expect(r.data).toEqual([
      // s1 and s3 on /, s2 on /docs: 3 clicks over the views of / and /docs (2 + 2)
      { page: null, target: 'nav a.docs', label: 'Docs', clicks: 3, unique_clicks: 3, click_through_rate: 0.75 },
      { page: null, target: 'nav a.docs', label: 'Documentation', clicks: 2, unique_clicks: 2, click_through_rate: 1 },
      { page: null, target: '#buy', label: 'Buy now', clicks: 2, unique_clicks: 1, click_through_rate: 2 / 3 },
      // ties by target, then label in byte order, no label last
      { page: null, target: '#buy', label: 'Buy it', clicks: 1, unique_clicks: 1, click_through_rate: 1 / 3 },
      { page: null, target: 'a.cta', label: 'Start', clicks: 1, unique_clicks: 1, click_through_rate: 0.5 },
      { page: null, target: 'a.cta', label: 'begin', clicks: 1, unique_clicks: 1, click_through_rate: 0.5 },
      { page: null, target: 'button.icon', label: null, clicks: 1, unique_clicks: 1, click_through_rate: 0.5 },
      { page: null, target: 'button.save', label: 'Save', clicks: 1, unique_clicks: 1, click_through_rate: null }, // only on /app, never viewed
    ]);
    // The trend and totals do not depend on how the rows are grouped.
    const perPage = await report(env, 'clicksBreakdown', DAY);
    expect([r.trend, r.summary]).toEqual([perPage.trend, perPage.summary]);
    const two = await report(env, 'clicksBreakdown', { ...byElement, limit: 2 });
    expect(two.data.map((x) => x.label)).toEqual(['Docs', 'Documentation']);
    expect(two.summary).toEqual(r.summary);
  });

  it('rates and names under a session filter from the same sessions: US is s1 and s3', async () => {
    // US views: / 2 (s1, s3), /pricing 2 (s1 twice)
    const r = await report(env, 'clicksBreakdown', filtered(['is', 'country', ['US']]));
    expect(r.data).toEqual([
      { page: '/', target: 'a.cta', label: 'Start', clicks: 2, unique_clicks: 2, click_through_rate: 1 },
      { page: '/', target: 'nav a.docs', label: 'Docs', clicks: 2, unique_clicks: 2, click_through_rate: 1 },
      { page: '/pricing', target: '#buy', label: 'Buy now', clicks: 2, unique_clicks: 1, click_through_rate: 1 },
      { page: '/', target: 'button.icon', label: null, clicks: 1, unique_clicks: 1, click_through_rate: 0.5 },
    ]);
    // Germany (s2, s4): /pricing 1 view, /docs 2; s2's "Buy it" is now the only label of #buy
    const de = await report(env, 'clicksBreakdown', { ...filtered(['is', 'country', ['DE']]), group: 'element' });
    expect(de.data).toEqual([
      { page: null, target: 'nav a.docs', label: 'Documentation', clicks: 2, unique_clicks: 2, click_through_rate: 1 },
      { page: null, target: '#buy', label: 'Buy it', clicks: 1, unique_clicks: 1, click_through_rate: 1 },
      { page: null, target: 'button.save', label: 'Save', clicks: 1, unique_clicks: 1, click_through_rate: null },
      { page: null, target: 'nav a.docs', label: 'Docs', clicks: 1, unique_clicks: 1, click_through_rate: 0.5 },
    ]);
  });

  it('keeps, under a page filter, the clicks and pages that match', async () => {
    const r = await report(env, 'clicksBreakdown', filtered(['is', 'page', ['/docs']]));
    expect(r.data).toEqual([
      {
        page: '/docs',
        target: 'nav a.docs',
        label: 'Documentation',
        clicks: 3,
        unique_clicks: 2,
        click_through_rate: 1.5,
      },
    ]);
    // "Docs" was clicked on / too, but only its /docs click, and /docs's views, are kept
    const grouped = await report(env, 'clicksBreakdown', { ...filtered(['is', 'page', ['/docs']]), group: 'element' });
    expect(grouped.data).toEqual([
      { page: null, target: 'nav a.docs', label: 'Documentation', clicks: 2, unique_clicks: 2, click_through_rate: 1 },
      { page: null, target: 'nav a.docs', label: 'Docs', clicks: 1, unique_clicks: 1, click_through_rate: 0.5 },
    ]);
  });

  it('rates over a range that starts and ends within hours by the views inside it', async () => {
    // 10:30–12:30: views /pricing (s2 11:00), /docs (s2 11:03), / (s3 12:00); s2's "Docs" and
    // "Documentation" tie, and "Docs" comes first ('s' before 'u')
    const r = await report(env, 'clicksBreakdown', { start: '2026-06-01T10:30:00Z', end: '2026-06-01T12:30:00Z' });
    expect(r.data.map((x) => [x.page, x.target, x.label, x.clicks, x.click_through_rate])).toEqual([
      ['/docs', 'nav a.docs', 'Docs', 2, 2],
      ['/', 'a.cta', 'begin', 1, 1],
      ['/', 'button.icon', null, 1, 1],
      ['/', 'nav a.docs', 'Docs', 1, 1],
      ['/pricing', '#buy', 'Buy it', 1, 1],
    ]);
    // within one hour: 11:02–11:59 has /docs's view at 11:03 and none of /pricing's
    const inHour = await report(env, 'clicksBreakdown', { start: '2026-06-01T11:02:00Z', end: '2026-06-01T11:59:00Z' });
    expect(inHour.data.map((x) => [x.page, x.click_through_rate])).toEqual([['/docs', 2]]);
  });

  it('gives the label and rate on one page, beside the share of its clicks', async () => {
    const r = await report(env, 'clickDetails', { ...DAY, page: '/' });
    expect(r.data.clicks).toEqual([
      { target: 'a.cta', label: 'Start', clicks: 2, unique_clicks: 2, share: 0.4, click_through_rate: 1 },
      { target: 'nav a.docs', label: 'Docs', clicks: 2, unique_clicks: 2, share: 0.4, click_through_rate: 1 },
      { target: 'button.icon', label: null, clicks: 1, unique_clicks: 1, share: 0.2, click_through_rate: 0.5 },
    ]);
  });

  it('totals an element over the properties of an aggregate, with all their views', async () => {
    // site-b's m1 viewed / and clicked "Docs": / has 3 views over both properties, /docs 2
    const grouped = await aggregate(env, 'clicksBreakdown', [PROP_A, PROP_B], { ...byElement, limit: 1 });
    expect(grouped.data).toEqual([
      { page: null, target: 'nav a.docs', label: 'Docs', clicks: 4, unique_clicks: 4, click_through_rate: 0.8 },
    ]);
    const perPage = await aggregate(env, 'clicksBreakdown', [PROP_A, PROP_B], DAY);
    expect(perPage.data.find((x) => x.page === '/' && x.target === 'nav a.docs')).toEqual({
      page: '/',
      target: 'nav a.docs',
      label: 'Docs',
      clicks: 3,
      unique_clicks: 3,
      click_through_rate: 1,
    });
  });
});

describe('forms per page and element', () => {
  it('names each form and rates its submissions by its page views', async () => {
    const r = await report(env, 'formsBreakdown', DAY);
    expect(r.data).toEqual([
      {
        page: '/pricing',
        target: 'form#trial',
        label: 'Start your trial',
        submissions: 2,
        unique_submissions: 2,
        unique_sessions: 2,
        submission_rate: 2 / 3,
      },
      {
        page: '/docs',
        target: 'form#newsletter',
        label: 'Newsletter',
        submissions: 1,
        unique_submissions: 1,
        unique_sessions: 1,
        submission_rate: 0.5,
      },
      {
        page: '/docs',
        target: 'form#search',
        label: null,
        submissions: 1,
        unique_submissions: 1,
        unique_sessions: 1,
        submission_rate: 0.5,
      },
    ]);
    // The source narrows the submissions, not the views they are rated by.
    const hero = await report(env, 'formsBreakdown', { ...DAY, source: 'hero' });
    expect(hero.data).toEqual([
      {
        page: '/pricing',
        target: 'form#trial',
        label: 'Start your trial',
        submissions: 1,
        unique_submissions: 1,
        unique_sessions: 1,
        submission_rate: 1 / 3,
      },
    ]);
    const grouped = await report(env, 'formsBreakdown', byElement);
    expect(grouped.meta).toMatchObject({ group: 'element' });
    expect(grouped.data.map((f) => [f.page, f.target, f.label, f.submissions, f.submission_rate])).toEqual([
      [null, 'form#trial', 'Start your trial', 2, 2 / 3],
      [null, 'form#newsletter', 'Newsletter', 1, 0.5],
      [null, 'form#search', null, 1, 0.5],
    ]);
    const docs = await report(env, 'formDetails', { ...DAY, page: '/docs' });
    expect(docs.data.forms.map((f) => [f.target, f.label, f.share, f.submission_rate])).toEqual([
      ['form#newsletter', 'Newsletter', 0.5, 0.5],
      ['form#search', null, 0.5, 0.5],
    ]);
  });
});

describe('the label and group parameters', () => {
  it('refuses a group other than element, naming it; the details endpoints take none', async () => {
    for (const path of ['/properties/site-a/clicks/breakdown', '/properties/site-a/forms/breakdown']) {
      const r = await get(env, env.keys.a, path, { ...DAY, group: 'page' });
      expect(r.status, path).toBe(400);
      expect(r.body.error).toMatchObject({ code: 'invalid_request', details: { field: 'group' } });
    }
    // An unknown parameter is ignored, as everywhere: the details stay one page's rows.
    const details = await report(env, 'clickDetails', { ...DAY, page: '/docs', group: 'element' });
    expect(details.data.clicks.map((c) => c.target)).toEqual(['nav a.docs']);
  });

  it('collect keeps a label trimmed, takes an empty one as none, refuses one over 120 characters and ignores it on a page view', async () => {
    const fresh = await createTestEnv();
    try {
      const click = (label: unknown, target: string) => ({ ...pageview({ type: 'click', path: '/x', target }), label });
      expect(
        (
          await collect(fresh.app, {
            events: [
              pageview({ path: '/x', label: 'Home' }),
              click('  Sign up  ', 'a.one'),
              click('   ', 'a.two'),
              click('é'.repeat(120), 'a.three'),
            ],
          })
        ).status,
      ).toBe(202);
      const tooLong = await collect(fresh.app, { events: [click('x'.repeat(121), 'a.four')] });
      expect(tooLong.status).toBe(400);
      expect(tooLong.body.error.details.field).toBe('events.0.label');
      const r = await report(fresh, 'clickDetails', { ...aroundToday(), page: '/x' });
      expect(r.data.clicks.map((c) => [c.target, c.label])).toEqual([
        ['a.one', 'Sign up'],
        ['a.three', 'é'.repeat(120)],
        ['a.two', null],
      ]);
      const stored = [];
      for await (const batch of fresh.store.exportEvents()) stored.push(...batch);
      expect(stored.find((e) => e.type === 'pageview')?.label ?? null).toBeNull();
    } finally {
      await fresh.close();
    }
  });
});

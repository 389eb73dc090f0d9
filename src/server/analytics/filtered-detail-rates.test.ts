import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventInput } from '../../contract/events.js';
import { createTestEnv, insert, PROP_A, report, type TestEnv } from '../test-support/fixtures.js';

// A page's clicks and forms under a session filter (issue 12): the rates' base is the page's views in
// the matching sessions, also those of sessions that viewed it and did nothing there. Worked by hand:
//   s1 (US) views /pricing twice, clicks #buy, submits form#trial
//   s2 (US) views /pricing once and does nothing else
//   s3 (DE) views /pricing, clicks #buy
//   s4 (US) views / and clicks a.cta there: never on /pricing
// US: /pricing's views 3 (s1 2, s2 1); #buy 1 click, form#trial 1 submission: each 1/3 a view.
// DE: 1 view, 1 click. Unfiltered: 4 views, 2 clicks.

const DAY = { start: '2026-06-01', end: '2026-06-01' };

function visit(session: string, country: string) {
  const common = { property_id: PROP_A, visitor_id: `v-${session}`, session_id: session, country };
  const at = (hhmm: string) => `2026-06-01T${hhmm}:00Z`;
  return {
    pv: (time: string, path: string): EventInput => ({ ...common, type: 'pageview', ts: at(time), path }),
    click: (time: string, path: string, target: string): EventInput => ({
      ...common,
      type: 'click',
      ts: at(time),
      path,
      target,
    }),
    submit: (time: string, path: string, target: string): EventInput => ({
      ...common,
      type: 'form_submit',
      ts: at(time),
      path,
      target,
    }),
  };
}

const [s1, s2, s3, s4] = [visit('s1', 'US'), visit('s2', 'US'), visit('s3', 'DE'), visit('s4', 'US')];
const country = (code: string) => ({ ...DAY, page: '/pricing', filters: JSON.stringify([['is', 'country', [code]]]) });

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
  await insert(env.store, [
    s1.pv('10:00', '/pricing'),
    s1.click('10:01', '/pricing', '#buy'),
    s1.pv('10:02', '/pricing'),
    s1.submit('10:03', '/pricing', 'form#trial'),
    s2.pv('11:00', '/pricing'),
    s3.pv('12:00', '/pricing'),
    s3.click('12:01', '/pricing', '#buy'),
    s4.pv('13:00', '/'),
    s4.click('13:01', '/', 'a.cta'),
  ]);
});
afterAll(() => env.close());

describe("a page's rates under a session filter", () => {
  it("rates clicks by the page's views in matching sessions, with those that clicked nothing", async () => {
    const rate = async (q: Record<string, string>) =>
      (await report(env, 'clickDetails', q)).data.clicks.map((c) => [c.target, c.clicks, c.click_through_rate]);
    expect(await rate({ ...DAY, page: '/pricing' })).toEqual([['#buy', 2, 0.5]]);
    expect(await rate(country('US'))).toEqual([['#buy', 1, 1 / 3]]);
    expect(await rate(country('DE'))).toEqual([['#buy', 1, 1]]);
  });

  it("rates form submissions by the page's views in matching sessions", async () => {
    const r = await report(env, 'formDetails', country('US'));
    expect(r.data.forms.map((f) => [f.target, f.submissions, f.submission_rate])).toEqual([['form#trial', 1, 1 / 3]]);
    expect((await report(env, 'formDetails', country('DE'))).data.forms).toEqual([]);
  });
});

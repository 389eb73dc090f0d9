import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventInput } from '../../contract/events.js';
import { ADMIN, adminCall } from '../test-support/admin-session.js';
import { insert, session } from '../test-support/fixtures.js';
import { createMailTestEnv, linkIn, MAIL_LINK_BASE, type MailTestEnv } from '../test-support/mail-test-env.js';

// Email reports (issue 43 §5): each account chooses its own per property it sees; the spike alert;
// and every message's unsubscribe link, which turns the subscription off.
//
// Spike, hand-worked. Thursday 2026-12-10 15:00Z (site-a and site-b are in UTC); the hour compared is 14:00–15:00.
// site-a: 25 visitors in it; the same hour on the 28 days before: 6 visitors on each of the last 20
//   days, none on the 8 before: sorted, 8 zeros then 20 sixes, median (6 + 6) / 2 = 6. 25 ≥ 3 × 6 = 18
//   and ≥ 20: a spike.
// site-b: 25 visitors, 10 on each of the 28 days: median 10, 25 < 30: no spike.
const NOW = new Date('2026-12-10T15:00:00Z');
const DAY = 86_400_000;

let env: MailTestEnv;
let viewer: string;
let owner: string;

const visitors = (property: string, hourStart: number, n: number, tag: string): EventInput[] =>
  Array.from({ length: n }, (_, i) =>
    session(`${tag}-${i}`, `${tag}-v${i}`, { property_id: property }).pv(
      new Date(hourStart + (i + 1) * 60_000).toISOString(),
      '/',
    ),
  );

beforeAll(async () => {
  env = await createMailTestEnv();
  viewer = await env.signedIn('vera@example.com', 'viewer', ['site-a']);
  owner = await env.signedIn('olga@example.com', 'owner');
  const hour = NOW.getTime() - 3_600_000;
  const events = [...visitors('site-a', hour, 25, 'a-now'), ...visitors('site-b', hour, 25, 'b-now')];
  for (let d = 1; d <= 28; d++) {
    if (d <= 20) events.push(...visitors('site-a', hour - d * DAY, 6, `a-${d}`));
    events.push(...visitors('site-b', hour - d * DAY, 10, `b-${d}`));
  }
  await insert(env.store, events);
});
afterAll(() => env.close());

const reports = (cookie: string) => adminCall(env.app, 'GET', `${ADMIN}/email-reports`, cookie);
const choose = (cookie: string, property: string, body: unknown) =>
  adminCall(env.app, 'PATCH', `${ADMIN}/properties/${property}/email-reports`, cookie, body);

describe('choosing email reports', () => {
  it('lists the properties the account sees, all off until chosen', async () => {
    expect((await reports(viewer)).body).toEqual({
      mail_configured: true,
      data: [{ property_id: 'site-a', digest: 'off', spike_alert: false }],
    });
  });

  it('lets any role choose for a property it sees, and no other', async () => {
    const r = await choose(viewer, 'site-a', { digest: 'weekly', spike_alert: true });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ property_id: 'site-a', digest: 'weekly', spike_alert: true });
    expect((await choose(viewer, 'site-b', { digest: 'weekly' })).status).toBe(404);
    expect((await choose(viewer, 'site-a', {})).status).toBe(400);
    expect((await choose(owner, 'site-b', { spike_alert: true })).status).toBe(200);
    expect((await choose(owner, 'site-a', { digest: 'monthly' })).body.digest).toBe('monthly');
    // Each account's choices are its own.
    expect((await reports(viewer)).body.data).toEqual([{ property_id: 'site-a', digest: 'weekly', spike_alert: true }]);
    expect((await reports(owner)).body.data).toEqual([
      { property_id: 'site-a', digest: 'monthly', spike_alert: false },
      { property_id: 'site-b', digest: 'off', spike_alert: true },
    ]);
  });
});

describe('the spike alert', () => {
  it('goes out when the last hour is 3 times the usual and at least 20, once a day', async () => {
    expect(await env.app.emailReports!.tick(NOW)).toEqual({ digests: 0, spikes: 1 });
    const [mail] = await env.inbox.waitFor(1);
    expect(mail.to).toMatchObject({ text: 'vera@example.com' });
    expect(mail.subject).toBe('Traffic spike on Site A: 25 visitors in the last hour');
    expect(mail.text).toContain(
      '25 visitors between 14:00–15:00, where 6 is usual for that hour (the median of the 4 weeks before).',
    );
    // The same figures at the next tick: already sent today.
    expect(await env.app.emailReports!.tick(NOW)).toEqual({ digests: 0, spikes: 0 });
    expect(env.inbox.messages).toHaveLength(1);
  });
});

describe('the unsubscribe link', () => {
  it('asks first, then turns the subscription off', async () => {
    const link = linkIn(env.inbox.messages[0].text, `${MAIL_LINK_BASE}/unsubscribe?token=`);
    const url = link.slice(MAIL_LINK_BASE.length);
    const page = await env.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Stop email reports for Site A?');
    expect(page.body).toContain(`<form method="post" action="${url}">`);
    // Opening the page changed nothing (a mail scanner may open links).
    expect((await reports(viewer)).body.data[0]).toMatchObject({ digest: 'weekly', spike_alert: true });
    // A mail client's one-click POST (RFC 8058), as the button's would be.
    const done = await env.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You are unsubscribed');
    expect((await reports(viewer)).body.data).toEqual([{ property_id: 'site-a', digest: 'off', spike_alert: false }]);
    // The owner's own subscriptions stay.
    expect((await reports(owner)).body.data[0].digest).toBe('monthly');
  });

  it('answers an unknown token 404', async () => {
    const r = await env.app.inject({ method: 'POST', url: '/unsubscribe?token=notAKnownTokenAtAll00000' });
    expect(r.statusCode).toBe(404);
    expect((await env.app.inject({ method: 'GET', url: '/unsubscribe?token=bad' })).statusCode).toBe(404);
  });
});

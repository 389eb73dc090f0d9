import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../auth/account-links.js';
import { insert, session } from '../test-support/fixtures.js';
import { startSmtpInbox, type SmtpInbox } from '../test-support/smtp-inbox.js';
import { openTestStore } from '../test-support/test-store.js';
import { experimentDetail } from '../experiments/experiment-detail.js';
import { newExperiment } from '../experiments/experiment-records.js';
import type { ExperimentRecord, Store } from '../store/store.js';
import { smtpMailer, type Mailer } from './mailer.js';
import { reportScheduler } from './report-scheduler.js';

// The weekly digest of a hand-worked fortnight (issue 43 §5, "Done when"), read from the local SMTP
// server as it arrived. The property is in Europe/Berlin (UTC+1 in winter), so a week runs from
// Sunday 23:00Z to Sunday 23:00Z, and two sessions sit on each side of a UTC/Berlin week boundary.
//
// Reported week, Mon 30 Nov – Sun 6 Dec 2026 (Berlin):
//   s1 v1 29 Nov 23:30Z (Mon 00:30 Berlin)  /  /pricing   from https://www.google.com/search
//   s2 v2 1 Dec                              /             from https://news.ycombinator.com/item?id=1   bounce
//   s3 v3 2 Dec                              / /pricing /thanks   direct
//   s4 v4 3 Dec                              /blog         from https://www.google.com/                  bounce
//   s5 v1 5 Dec                              / /thanks     direct
//   (s9 at 6 Dec 23:15Z is Mon 7 Dec 00:15 Berlin: the next week, left out)
//   visitors v1 v2 v3 v4 = 4; page views 2+1+3+1+2 = 9; bounces 2 of 5 sessions = 40.0%
//   sources by session: Direct 2 (s3 s5), google.com 2 (s1 s4: two addresses, one site once stored
//   without `www.`), news.ycombinator.com 1
//   pages: / 4, /pricing 2, /thanks 2, /blog 1; goal Purchase (/thanks) 2
// Week before, Mon 23 – Sun 29 Nov:
//   t1 p1 24 Nov  /  from https://www.google.com/   bounce
//   t2 p2 25 Nov  / /pricing   direct
//   t3 p3 26 Nov  /   direct   bounce
//   t4 p1 29 Nov 22:30Z (Sun 23:30 Berlin)  / /thanks   direct
//   (tx at 22 Nov 22:30Z is Sun 22 Nov 23:30 Berlin: the week before that, left out)
//   visitors 3; page views 6; bounces 2 of 4 = 50.0%; Direct 3, google.com 1; / 4, /pricing 1, /thanks 1; Purchase 1
// Changes: visitors 4/3 = +33%, page views 9/6 = +50%, bounce 40.0 − 50.0 = -10.0 pts; Direct 2/3 = -33%,
// google 2/1 = +100%, HN from 0 = new; / 4/4 = 0%, /pricing and /thanks 2/1 = +100%, /blog new; Purchase 2/1 = +100%.

const SHOP = 'shop';
const MONDAY_MORNING = new Date('2026-12-07T07:00:00Z'); // 08:00 in Berlin
let store: Store;
let inbox: SmtpInbox;
let mailer: Mailer;
let headline: ExperimentRecord;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  mailer = smtpMailer(inbox.url, 'Sightline <sightline@analytics.example>');
  store = await openTestStore();
  await store.createProperty({ id: SHOP, name: 'Shop', domain: 'shop.example', timezone: 'Europe/Berlin' });
  await store.createGoal({
    id: 'goal_purchase',
    property_id: SHOP,
    name: 'Purchase',
    kind: 'page',
    page: '/thanks',
    event: null,
    target: null,
    source: null,
    created_at: new Date('2026-11-01T00:00:00Z'),
  });
  const s = (id: string, visitor: string) => session(id, visitor, { property_id: SHOP });
  const [s1, s2, s3, s4, s5, s9] = [
    s('s1', 'v1'),
    s('s2', 'v2'),
    s('s3', 'v3'),
    s('s4', 'v4'),
    s('s5', 'v1'),
    s('s9', 'v9'),
  ];
  const [t1, t2, t3, t4, tx] = [s('t1', 'p1'), s('t2', 'p2'), s('t3', 'p3'), s('t4', 'p1'), s('tx', 'px')];
  await insert(store, [
    s1.pv('2026-11-29T23:30:00Z', '/', { referrer: 'https://www.google.com/search' }),
    s1.pv('2026-11-29T23:35:00Z', '/pricing'),
    s2.pv('2026-12-01T10:00:00Z', '/', { referrer: 'https://news.ycombinator.com/item?id=1' }),
    s3.pv('2026-12-02T12:00:00Z', '/'),
    s3.pv('2026-12-02T12:05:00Z', '/pricing'),
    s3.pv('2026-12-02T12:10:00Z', '/thanks'),
    s4.pv('2026-12-03T09:00:00Z', '/blog', { referrer: 'https://www.google.com/' }),
    s5.pv('2026-12-05T18:00:00Z', '/'),
    s5.pv('2026-12-05T18:02:00Z', '/thanks'),
    s9.pv('2026-12-06T23:15:00Z', '/'),
    t1.pv('2026-11-24T10:00:00Z', '/', { referrer: 'https://www.google.com/' }),
    t2.pv('2026-11-25T10:00:00Z', '/'),
    t2.pv('2026-11-25T10:01:00Z', '/pricing'),
    t3.pv('2026-11-26T10:00:00Z', '/'),
    t4.pv('2026-11-29T22:30:00Z', '/'),
    t4.pv('2026-11-29T22:31:00Z', '/thanks'),
    tx.pv('2026-11-22T22:30:00Z', '/'),
  ]);
  // A running split test: the digest gives its verdict in the words of its page (whatever they are then).
  headline = newExperiment(
    SHOP,
    {
      name: 'Headline test',
      page: '/',
      type: 'nocode',
      variants: [{ changes: [{ selector: 'h1', op: 'text', value: 'Hello' }] }],
    },
    new Date('2026-11-25T09:00:00Z'),
  );
  await store.createExperiment(headline);
  const { account } = await createAccount(store, { email: 'mara@example.com', role: 'viewer', property_ids: [] });
  await store.putMailSubscription({
    account_id: account.id,
    property_id: SHOP,
    digest: 'weekly',
    spike_alert: false,
    unsubscribe_token: 'unsubscribeTokenForTheDigestTest01',
    last_digest_period: null,
    last_spike_day: null,
    updated_at: new Date('2026-12-01T00:00:00Z'),
  });
});
afterAll(async () => {
  mailer.close();
  await inbox.close();
  await store.close();
});

const scheduler = () => reportScheduler({ store, mailer, linkBase: 'https://analytics.example', log: () => {} });

describe('the weekly digest', () => {
  let mail: ParsedMail;

  it('is not due before Monday in the property’s zone', async () => {
    // Sunday 23:30 UTC is already Monday 00:30 in Berlin: due; an hour earlier (Sunday 23:30 Berlin) not.
    expect(await scheduler().tick(new Date('2026-12-06T22:30:00Z'))).toEqual({ digests: 0, spikes: 0 });
    expect(inbox.messages).toHaveLength(0);
  });

  it('arrives on Monday with the hand-worked figures, each against the week before', async () => {
    expect(await scheduler().tick(MONDAY_MORNING)).toEqual({ digests: 1, spikes: 0 });
    [mail] = await inbox.waitFor(1);
    expect(mail.to).toMatchObject({ text: 'mara@example.com' });
    expect(mail.from?.value).toEqual([{ name: 'Sightline', address: 'sightline@analytics.example' }]);
    expect(mail.subject).toBe('Weekly report for Shop: 30 Nov – 6 Dec 2026');
    expect(mail.text).toContain(
      [
        'Weekly report for Shop',
        '30 Nov – 6 Dec 2026, changes against the week before',
        '',
        'Overview',
        '  Visitors     4  (+33%)',
        '  Page views   9  (+50%)',
        '  Bounce rate  40.0%  (-10.0 pts)',
        '',
        'Top sources',
        '  Direct                2  (-33%)',
        '  google.com            2  (+100%)',
        '  news.ycombinator.com  1  (new)',
        '',
        'Top pages',
        '  /         4  (0%)',
        '  /pricing  2  (+100%)',
        '  /thanks   2  (+100%)',
        '  /blog     1  (new)',
        '',
        'Goal conversions',
        '  Purchase  2  (+100%)',
        '',
        'Running split tests',
        `  Headline test: ${(await experimentDetail(store, headline, MONDAY_MORNING)).stats.verdict}`,
      ].join('\n'),
    );
    expect(mail.text).toMatch(/\n {2}Headline test: \S/);
    expect(mail.text).toContain('Open the dashboard: https://analytics.example/traffic?property=shop');
    expect(mail.html).toContain(
      '<td style="padding:6px 10px;border-bottom:1px solid #e5e7eb;text-align:left;">Visitors</td>',
    );
  });

  it('carries its unsubscribe link in the text and in List-Unsubscribe', () => {
    const link = 'https://analytics.example/unsubscribe?token=unsubscribeTokenForTheDigestTest01';
    expect(mail.text).toContain(`Stop these emails: ${link}`);
    expect(mail.headers.get('list')).toEqual({
      unsubscribe: { url: link },
      'unsubscribe-post': { name: 'List-Unsubscribe=One-Click' },
    });
  });

  it('is sent once: a second tick, or a restarted server, remembers the week', async () => {
    expect(await scheduler().tick(new Date(MONDAY_MORNING.getTime() + 5 * 60_000))).toEqual({ digests: 0, spikes: 0 });
    const [sub] = await store.listMailSubscriptions();
    expect(sub.last_digest_period).toBe('2026-W49');
    expect(inbox.messages).toHaveLength(1);
  });
});

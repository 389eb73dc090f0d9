import { DateTime } from 'luxon';
import { accountSees } from '../auth/account-access.js';
import type { AccountRecord, MailSubscriptionRecord, Store } from '../store/store.js';
import { digestFigures } from './digest-figures.js';
import { digestMessage, type DigestFigures } from './digest-message.js';
import type { Mail, Mailer } from './mailer.js';
import { dueDigest } from './report-periods.js';
import { spikeMessage } from './spike-message.js';
import { trafficSpike, type SpikeFigures } from './traffic-spike.js';

/** How often the server looks for a digest or a spike to send (main.ts). */
export const REPORT_TICK_MS = 5 * 60_000;

export const unsubscribeUrl = (linkBase: string, token: string) =>
  `${linkBase.replace(/\/+$/, '')}/unsubscribe?token=${token}`;

/** What one tick sent (tests read it). */
export interface TickResult {
  digests: number;
  spikes: number;
}

/**
 * The email reports' schedule (issue 43 §5, docs/mail.md): at each tick, every subscription's due
 * digest (the last week on Mondays, the last month on the 1st, in the property's zone) and spike alert
 * (at most one a property-local day). What was sent is written to the subscription before the next
 * one goes, so a restart sends nothing twice; a failed send is not written, so the next tick tries again.
 */
export function reportScheduler(opts: { store: Store; mailer: Mailer; linkBase: string; log?: (m: string) => void }) {
  const { store, mailer } = opts;
  const base = opts.linkBase.replace(/\/+$/, '');
  const log = opts.log ?? console.error;
  let running: Promise<TickResult> | null = null;
  let timer: NodeJS.Timeout | null = null;
  const usualVisitors = new Map<string, number>();

  const headers = (url: string) => ({
    'List-Unsubscribe': `<${url}>`,
    // RFC 8058: a mail client may turn it off with one POST, no page in between.
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  });

  async function run(now: Date): Promise<TickResult> {
    const result = { digests: 0, spikes: 0 };
    const subscriptions = (await store.listMailSubscriptions()).filter((s) => s.digest !== 'off' || s.spike_alert);
    if (subscriptions.length === 0) return result;
    const accounts = new Map((await store.listAccounts()).map((a) => [a.id, a]));
    const properties = new Map(
      (await store.getProperties([...new Set(subscriptions.map((s) => s.property_id))])).map((p) => [p.id, p]),
    );
    // One property's figures serve every subscriber of it.
    const digests = new Map<string, Promise<DigestFigures>>();
    const spikes = new Map<string, Promise<SpikeFigures | null>>();
    for (const s of subscriptions) {
      const account = accounts.get(s.account_id);
      const property = properties.get(s.property_id);
      // A disabled account, a deleted property, or one the account no longer sees: nothing goes out.
      if (!account || account.disabled_at || !property || !accountSees(account, property.id)) continue;
      const links = {
        dashboardUrl: `${base}/traffic?property=${encodeURIComponent(property.id)}`,
        unsubscribeUrl: unsubscribeUrl(base, s.unsubscribe_token),
      };
      try {
        let current: MailSubscriptionRecord = s;
        if (s.digest !== 'off') {
          const due = dueDigest(s.digest, now, property.timezone);
          if (due && s.last_digest_period !== due.period.key) {
            const key = `${property.id} ${s.digest}`;
            if (!digests.has(key)) digests.set(key, digestFigures(store, property, s.digest, due, links, now));
            const figures = { ...(await digests.get(key)!), ...links };
            if (await send(account, digestMessage(figures), links.unsubscribeUrl)) {
              current = { ...current, last_digest_period: due.period.key, updated_at: now };
              await store.putMailSubscription(current);
              result.digests++;
            }
          }
        }
        if (s.spike_alert) {
          const today = DateTime.fromJSDate(now, { zone: property.timezone }).toISODate()!;
          if (s.last_spike_day !== today) {
            if (!spikes.has(property.id)) spikes.set(property.id, trafficSpike(store, property, now, usualVisitors));
            const spike = await spikes.get(property.id)!;
            if (spike && (await send(account, spikeMessage(property.name, spike, links), links.unsubscribeUrl))) {
              await store.putMailSubscription({ ...current, last_spike_day: today, updated_at: now });
              result.spikes++;
            }
          }
        }
      } catch (error) {
        log(`email reports for ${property.id} were not sent: ${(error as Error).message}`);
      }
    }
    return result;
  }

  const send = (account: AccountRecord, message: Omit<Mail, 'to'>, unsubscribe: string) =>
    mailer.send({ ...message, to: account.email, headers: headers(unsubscribe) });

  return {
    /** One pass at `now`; a tick while one runs waits for it instead of sending the same mail twice. */
    async tick(now = new Date()): Promise<TickResult> {
      while (running) await running.catch(() => undefined);
      running = run(now);
      try {
        return await running;
      } finally {
        running = null;
      }
    },
    /** Ticks every `everyMs` until stop(); the timer does not keep the process alive. */
    start(everyMs = REPORT_TICK_MS) {
      timer ??= setInterval(() => {
        if (!running) void this.tick().catch((error: unknown) => log(`email reports: ${(error as Error).message}`));
      }, everyMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => undefined);
    },
  };
}

export type ReportScheduler = ReturnType<typeof reportScheduler>;

import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { createAccount } from '../auth/account-links.js';
import { hashPassword } from '../auth/passwords.js';
import { smtpMailer, type Mailer } from '../mail/mailer.js';
import type { Store } from '../store/store.js';
import { ADMIN } from './admin-session.js';
import { startSmtpInbox, type SmtpInbox } from './smtp-inbox.js';
import { openTestStore } from './test-store.js';

export const MAIL_LINK_BASE = 'https://analytics.example';
export const PASSWORD = 'correct horse battery';

export interface MailTestEnv {
  app: FastifyInstance;
  store: Store;
  inbox: SmtpInbox;
  mailer: Mailer;
  /** What the mailer logged (failed sends). */
  logged: string[];
  /** An account with PASSWORD, signed in: its session cookie. */
  signedIn(email: string, role: 'owner' | 'admin' | 'editor' | 'viewer', propertyIds?: string[]): Promise<string>;
  close(): Promise<void>;
}

/**
 * The app with mail on: a local SMTP server (test-support/smtp-inbox.ts) as SMTP_URL, mailed links on
 * MAIL_LINK_BASE, and properties site-a (UTC) and site-b. `smtpUrl` points the mailer elsewhere (a
 * dead port) to see a failed send.
 */
export async function createMailTestEnv(opts: { clock?: () => number; smtpUrl?: string } = {}): Promise<MailTestEnv> {
  const inbox = await startSmtpInbox();
  const logged: string[] = [];
  const mailer = smtpMailer(opts.smtpUrl ?? inbox.url, 'Sightline <sightline@analytics.example>', (m) =>
    logged.push(m),
  );
  const store = await openTestStore();
  await store.createProperty({ id: 'site-a', name: 'Site A', domain: 'a.example', timezone: 'UTC' });
  await store.createProperty({ id: 'site-b', name: 'Site B', domain: 'b.example', timezone: 'UTC' });
  const app = await buildApp({
    store,
    rateLimitPerMinute: 100_000,
    clock: opts.clock,
    mail: { mailer, linkBase: MAIL_LINK_BASE },
  });
  await app.ready();
  return {
    app,
    store,
    inbox,
    mailer,
    logged,
    async signedIn(email, role, propertyIds = []) {
      const { account } = await createAccount(store, { email, role, property_ids: propertyIds });
      await store.updateAccount({ ...account, password_hash: await hashPassword(PASSWORD) });
      const res = await app.inject({
        method: 'POST',
        url: `${ADMIN}/sign-in`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email, password: PASSWORD }),
      });
      const cookie = /^sl_session=([^;]*)/.exec(String(res.headers['set-cookie'] ?? ''))?.[1];
      if (!cookie) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
      return cookie;
    },
    async close() {
      await settleAfterAnswers();
      await app.close();
      mailer.close();
      await inbox.close();
      await store.close();
    },
  };
}

/**
 * Waits out the work a route does after its answer (the audit log's write, a reset request's lookup
 * and send): the DuckDB store's close waits only for writes already queued, and closing it under a
 * query in flight can take the test worker down with it.
 */
export const settleAfterAnswers = () => new Promise((resolve) => setTimeout(resolve, 200));

/** The first link in a message's text that starts with `prefix`. */
export function linkIn(text: string | undefined, prefix: string): string {
  const found = (text ?? '').split(/\s+/).find((w) => w.startsWith(prefix));
  if (!found) throw new Error(`no ${prefix} link in: ${text}`);
  return found;
}

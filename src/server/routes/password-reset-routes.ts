import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { adminEndpoints as admin } from '../../contract/admin-endpoints.js';
import { issueAccountToken, RESET_LINK_TTL_MS, setPasswordLink } from '../auth/account-links.js';
import { ApiError } from '../api-error.js';
import { passwordResetMail } from '../mail/account-mail.js';
import { noMailer, type Mailer } from '../mail/mailer.js';
import { RateBudgets } from '../plugins/rate-budgets.js';
import type { Store } from '../store/store.js';
import { adminPath, parse } from './route-helpers.js';

/** Reset requests a minute from one address, and an hour for one email (docs/mail.md). */
export const RESETS_PER_ADDRESS_PER_MINUTE = 5;
export const RESETS_PER_EMAIL_PER_HOUR = 3;

/**
 * "Forgot password?" (issue 43 §1): mails a one-time reset link (1 hour) when the email has an
 * active account and SMTP_URL is set. The answer is 202 whatever the email, at once, and the mail goes
 * after it, so neither the answer nor its timing says whether an account exists. Both budgets are
 * charged for every email, known or not, for the same reason; the one per email keeps a stranger
 * from filling someone's mailbox.
 */
export async function passwordResetRoutes(
  app: FastifyInstance,
  opts: { store: Store; clock?: () => number; mail?: { mailer: Mailer; linkBase: string } },
) {
  const { store } = opts;
  const mailer = opts.mail?.mailer ?? noMailer;
  const clock = opts.clock ?? Date.now;
  const byAddress = new RateBudgets(RESETS_PER_ADDRESS_PER_MINUTE, 50_000, clock);
  // RateBudgets counts per minute: its clock slowed 60 times counts per hour.
  const byEmail = new RateBudgets(RESETS_PER_EMAIL_PER_HOUR, 50_000, () => clock() / 60);

  const refuse = (reply: FastifyReply, wait: number, what: string) => {
    reply.header('retry-after', String(wait));
    return new ApiError(429, 'rate_limited', `too many reset requests ${what}; retry in ${wait} s`, {
      retry_after_seconds: wait,
    });
  };

  app.get(adminPath(admin.mailStatus.path), async () => ({ mail_configured: mailer.configured }));

  app.post(adminPath(admin.requestPasswordReset.path), async (request, reply) => {
    const { email } = parse(admin.requestPasswordReset.body, request.body, 'body');
    const address = normalizeIP(request.ip);
    const addressWait = byAddress.waitSeconds(address);
    if (addressWait > 0) throw refuse(reply, addressWait, 'from this address');
    // The slowed clock's seconds are minutes: the wait is said in real seconds.
    const emailWait = byEmail.waitSeconds(email) * 60;
    if (emailWait > 0) throw refuse(reply, emailWait, 'for this email');
    byAddress.charge(address, 1);
    byEmail.charge(email, 1);
    if (mailer.configured) void sendReset(email);
    return reply
      .status(202)
      .header('cache-control', 'no-store')
      .send({ accepted: true as const });
  });

  async function sendReset(email: string) {
    try {
      const account = await store.findAccountByEmail(email);
      if (!account || account.disabled_at) return;
      // Real time, as the set-password route checks the link against it.
      const { token, expiresAt } = await issueAccountToken(store, account.id, new Date(), RESET_LINK_TTL_MS);
      await mailer.send(passwordResetMail(account.email, setPasswordLink(opts.mail!.linkBase, token), expiresAt));
    } catch (error) {
      app.log.error({ err: error }, 'a password reset was not sent');
    }
  }
}

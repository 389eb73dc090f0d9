import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { escapeHtml } from '../mail/html-escape.js';
import { RateBudgets } from '../plugins/rate-budgets.js';
import type { Store } from '../store/store.js';

export const UNSUBSCRIBE_PATH = '/unsubscribe';
const REQUESTS_PER_ADDRESS = 30;
const query = z.object({ token: z.string().regex(/^[0-9A-Za-z]{20,64}$/) });

const page = (reply: FastifyReply, status: number, title: string, body: string) =>
  reply
    .status(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
        `<title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;">` +
        `<h1 style="font-size:1.3rem;">${escapeHtml(title)}</h1>${body}</body></html>`,
    );

/**
 * Every mailed report's unsubscribe link (docs/mail.md), open: its token is the key. Opening the link
 * asks to confirm with a button, since mail scanners open links on their own; the button's POST, or a
 * mail client's one-click POST (RFC 8058, the List-Unsubscribe header), turns the subscription off.
 */
export async function unsubscribeRoutes(app: FastifyInstance, opts: { store: Store; clock?: () => number }) {
  const { store } = opts;
  const budgets = new RateBudgets(REQUESTS_PER_ADDRESS, 50_000, opts.clock);
  // The button's form and a mail client's one-click POST send a form body; nothing in it is needed.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, _body, done) =>
    done(null, null),
  );

  const subscriptionOf = async (raw: unknown, reply: FastifyReply) => {
    const address = normalizeIP(reply.request.ip);
    const wait = budgets.waitSeconds(address);
    if (wait > 0) {
      reply.header('retry-after', String(wait));
      return { done: page(reply, 429, 'Too many requests', `<p>Try again in ${wait} seconds.</p>`) };
    }
    budgets.charge(address, 1);
    const parsed = query.safeParse(raw);
    const found = parsed.success ? await store.mailSubscriptionByToken(parsed.data.token) : null;
    if (!found || !parsed.success)
      return {
        done: page(
          reply,
          404,
          'Unknown link',
          '<p>This unsubscribe link is not known here. Choose your email reports in the dashboard.</p>',
        ),
      };
    const [property] = await store.getProperties([found.property_id]);
    return { found, token: parsed.data.token, name: property?.name ?? found.property_id };
  };

  app.get(UNSUBSCRIBE_PATH, async (request, reply) => {
    const r = await subscriptionOf(request.query, reply);
    if ('done' in r) return r.done;
    return page(
      reply,
      200,
      `Stop email reports for ${r.name}?`,
      `<form method="post" action="${UNSUBSCRIBE_PATH}?token=${r.token}"><button type="submit" style="font-size:1rem;padding:.5rem 1rem;">Stop these emails</button></form>`,
    );
  });

  app.post(UNSUBSCRIBE_PATH, async (request, reply) => {
    const r = await subscriptionOf(request.query, reply);
    if ('done' in r) return r.done;
    await store.putMailSubscription({ ...r.found, digest: 'off', spike_alert: false, updated_at: new Date() });
    return page(
      reply,
      200,
      'You are unsubscribed',
      `<p>No more email reports for ${escapeHtml(r.name)} will be sent to you. You can choose them again in the dashboard, under Email reports.</p>`,
    );
  });
}

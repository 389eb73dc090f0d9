import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { endpoints } from '../../contract/endpoints.js';
import { fillPath } from '../../contract/path-template.js';
import { shareEndpoints as share, SHARE_PREFIX } from '../../contract/share-endpoints.js';
import { shareLinkId, shareReportReads, type SharedView } from '../../contract/share-links.js';
import { hashKey } from '../auth/api-keys.js';
import { fromAnotherOrigin } from '../auth/csrf.js';
import { passwordMatches } from '../auth/passwords.js';
import { parseCookies } from '../auth/sign-in.js';
import { ApiError } from '../api-error.js';
import { ADMIN_ACCESS } from '../plugins/api-auth.js';
import { RateBudgets } from '../plugins/rate-budgets.js';
import { shareCookie, shareCookieName, shareLinkState, shareSessionMatches } from '../share/share-session.js';
import type { ShareLinkRecord, Store } from '../store/store.js';
import { analyticsRoutes } from './analytics-routes.js';
import { adminPath, jsonBodyParser, parse } from './route-helpers.js';

/** Requests a minute an address may make to the share routes (reads and opens alike). */
export const SHARE_REQUESTS_PER_ADDRESS = 600;
/** Wrong passwords a minute one link may receive, and one address may send, before 429. */
export const FAILED_SHARE_PASSWORDS_PER_LINK = 5;
export const FAILED_SHARE_PASSWORDS_PER_ADDRESS = 20;

/** Every read a share session may ever make; each link allows those of its own reports. */
const SHAREABLE = Object.values(shareReportReads).flat();
// A forced filter rides on the `filters` parameter: a read without one could not be narrowed.
for (const name of SHAREABLE)
  if (!('shape' in endpoints[name].query) || !('filters' in endpoints[name].query.shape))
    throw new Error(`${name} cannot be shared: its query has no filters`);

/**
 * The public side of share links (issue 43 §4, docs/share-links.md), under SHARE_PREFIX. Opening a
 * link (its password, when it has one) sets the link's share session cookie; its reads are the report
 * endpoints of its allowed report pages, for its one property, with its filters ANDed onto whatever
 * the viewer picks. Nothing else is registered here, and the cookie (Path=SHARE_PREFIX) reaches
 * nothing else: the admin and external APIs never see it.
 */
export async function shareRoutes(
  app: FastifyInstance,
  opts: { store: Store; budgetMs: number; clock?: () => number },
) {
  const { store } = opts;
  const clock = opts.clock ?? Date.now;
  const requests = new RateBudgets(SHARE_REQUESTS_PER_ADDRESS, 50_000, clock);
  const failedByLink = new RateBudgets(FAILED_SHARE_PASSWORDS_PER_LINK, 50_000, clock);
  const failedByAddress = new RateBudgets(FAILED_SHARE_PASSWORDS_PER_ADDRESS, 50_000, clock);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, jsonBodyParser({ emptyIsNone: true }));

  const tooMany = (reply: FastifyReply, wait: number, what: string) => {
    reply.header('retry-after', String(wait));
    return new ApiError(429, 'rate_limited', `${what}; retry in ${wait} s`, { retry_after_seconds: wait });
  };
  app.addHook('onRequest', async (request, reply) => {
    const address = normalizeIP(request.ip);
    const wait = requests.waitSeconds(address);
    if (wait > 0) throw tooMany(reply, wait, 'too many requests from this address');
    requests.charge(address, 1);
    reply.header('cache-control', 'no-store');
    if (request.method === 'GET') return;
    // As sign-in: no other site may open a session in a visitor's browser, nor post a form here.
    if (fromAnotherOrigin(request))
      throw new ApiError(403, 'forbidden', 'open a share link from its own page', { field: 'origin' });
    const type = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (type !== 'application/json')
      throw new ApiError(415, 'invalid_request', 'send content-type: application/json', { field: 'content-type' });
  });

  /** The link, while it can be used: 404 for unknown, revoked, expired or of a deleted property (`details.state` says which). */
  const liveLink = async (link: ShareLinkRecord | null) => {
    const [property] = link ? await store.getProperties([link.property_id]) : [];
    // A link of a deleted property is as unknown as one that never was.
    const state = link && property ? shareLinkState(link, new Date(clock())) : 'unknown';
    if (!link || !property || state !== 'active')
      throw new ApiError(
        404,
        'not_found',
        state === 'revoked'
          ? 'this share link was revoked'
          : state === 'expired'
            ? 'this share link has expired'
            : 'no such share link',
        { field: 'token', state },
      );
    return { link, property };
  };
  const hasSession = (request: FastifyRequest, link: ShareLinkRecord) =>
    shareSessionMatches(link, parseCookies(request.headers.cookie)[shareCookieName(link.id)]);
  const viewOf = ({ link, property }: Awaited<ReturnType<typeof liveLink>>, opened: boolean): SharedView => ({
    link_id: link.id,
    property: { id: property.id, name: property.name, timezone: property.timezone },
    reports: link.reports,
    filters: link.filters as SharedView['filters'],
    embed: link.embed,
    needs_password: link.password_hash !== null,
    opened,
  });

  app.get(adminPath(share.sharedView.path), async (request) => {
    const { token } = parse(share.sharedView.params, request.params, 'params');
    const live = await liveLink(await store.shareLinkByHash(hashKey(token)));
    return viewOf(live, hasSession(request, live.link));
  });

  app.post(adminPath(share.openSharedView.path), async (request, reply) => {
    const { token } = parse(share.openSharedView.params, request.params, 'params');
    const body = parse(share.openSharedView.body, request.body, 'body');
    const live = await liveLink(await store.shareLinkByHash(hashKey(token)));
    const { link } = live;
    if (link.password_hash !== null) {
      const address = normalizeIP(request.ip);
      const addressWait = failedByAddress.waitSeconds(address);
      if (addressWait > 0) throw tooMany(reply, addressWait, 'too many wrong passwords from this address');
      const linkWait = failedByLink.waitSeconds(link.id);
      if (linkWait > 0) throw tooMany(reply, linkWait, 'too many wrong passwords for this link');
      if (!(await passwordMatches(link.password_hash, body.password ?? ''))) {
        failedByAddress.charge(address, 1);
        failedByLink.charge(link.id, 1);
        throw new ApiError(401, 'unauthorized', 'wrong password', { field: 'password' });
      }
    }
    reply.header('set-cookie', shareCookie(link, { secure: request.protocol === 'https', now: new Date(clock()) }));
    return viewOf(live, true);
  });

  await app.register(linkReads, { prefix: '/links/:linkId', store, budgetMs: opts.budgetMs, liveLink, hasSession });
}

/** One link's reads, `/links/{linkId}/properties/{propertyId}/…`: the report endpoints it allows. */
async function linkReads(
  app: FastifyInstance,
  opts: {
    store: Store;
    budgetMs: number;
    liveLink: (link: ShareLinkRecord | null) => Promise<{ link: ShareLinkRecord }>;
    hasSession: (request: FastifyRequest, link: ShareLinkRecord) => boolean;
  },
) {
  const base = `${SHARE_PREFIX}/links/:linkId`;
  const nameOf = new Map(SHAREABLE.map((name) => [base + fillPath(endpoints[name].path, (p) => `:${p}`), name]));
  app.addHook('preHandler', async (request) => {
    const { linkId, propertyId } = parse(
      z.object({ linkId: shareLinkId, propertyId: z.string() }),
      request.params,
      'params',
    );
    const { link } = await opts.liveLink(await opts.store.getShareLink(linkId));
    if (!opts.hasSession(request, link))
      throw new ApiError(401, 'unauthorized', 'open the share link first', { field: 'cookie' });
    // Any other property is refused the same way whether it exists or not.
    if (propertyId !== link.property_id)
      throw new ApiError(403, 'forbidden', 'this share link shows one property only', { field: 'propertyId' });
    const name = nameOf.get(request.routeOptions.url ?? '');
    const allowed = link.reports.some((r) => (shareReportReads[r] as readonly string[]).includes(name ?? ''));
    if (!allowed) throw new ApiError(403, 'forbidden', 'this share link does not show this report', { report: name });
    // The link's filters go first and are ANDed with the viewer's: a viewer can narrow, never widen.
    const query = request.query as Record<string, unknown>;
    if (link.filters.length > 0) {
      const own = query.filters === undefined ? [] : tryJson(query.filters);
      if (!Array.isArray(own))
        throw new ApiError(400, 'invalid_request', 'filters: not a JSON array', { field: 'filters' });
      query.filters = JSON.stringify([...link.filters, ...own]);
    }
    // What requireAccess reads (scopedProperty): the link's one property, reading only.
    request.apiKey = {
      ...ADMIN_ACCESS,
      id: `share:${link.id}`,
      name: `share link ${link.label}`,
      property_ids: [link.property_id],
      permissions: ['metrics'],
    };
  });
  await analyticsRoutes(app, { store: opts.store, budgetMs: opts.budgetMs, prefix: '', only: SHAREABLE });
}

function tryJson(value: unknown): unknown {
  if (typeof value !== 'string') return null;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}

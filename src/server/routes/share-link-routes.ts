import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adminEndpoints as admin } from '../../contract/admin-endpoints.js';
import { base62, hashKey, randomId } from '../auth/api-keys.js';
import { hashPassword } from '../auth/passwords.js';
import { ApiError } from '../api-error.js';
import { shareLinkToApi, shareLinkUrl } from '../share/share-session.js';
import type { ShareLinkRecord, Store } from '../store/store.js';
import { adminPath, parse } from './route-helpers.js';

/**
 * A property's share links (issue 43 §4), inside the admin routes: session, CSRF, least role admin
 * (the endpoint table), and a property the account cannot see is a 404 there. The link is in the
 * create's answer only; the store keeps its token's hash.
 */
export async function shareLinkRoutes(
  app: FastifyInstance,
  opts: { store: Store; linkBase: (request: FastifyRequest) => string; clock?: () => number },
) {
  const { store } = opts;
  const clock = opts.clock ?? Date.now;
  const propertyOf = async (id: string) => {
    const [property] = await store.getProperties([id]);
    if (!property) throw new ApiError(404, 'not_found', `no property with id "${id}"`, { field: 'id' });
    return property;
  };

  app.get(adminPath(admin.shareLinks.path), async (request) => {
    const { id } = parse(admin.shareLinks.params, request.params, 'params');
    await propertyOf(id);
    const now = new Date(clock());
    return { data: (await store.listShareLinks(id)).map((l) => shareLinkToApi(l, now)) };
  });

  app.post(adminPath(admin.createShareLink.path), async (request, reply) => {
    const { id } = parse(admin.createShareLink.params, request.params, 'params');
    const body = parse(admin.createShareLink.body, request.body, 'body');
    await propertyOf(id);
    const now = new Date(clock());
    const expires = body.expires_at ? new Date(body.expires_at) : null;
    if (expires && expires.getTime() <= now.getTime())
      throw new ApiError(400, 'invalid_request', 'expires_at: the link would have expired already', {
        field: 'expires_at',
        in: 'body',
      });
    if (body.embed && body.frame_ancestors.length === 0)
      throw new ApiError(400, 'invalid_request', 'frame_ancestors: an embed link needs the sites that may frame it', {
        field: 'frame_ancestors',
        in: 'body',
      });
    const token = base62(randomBytes(32));
    const record: ShareLinkRecord = {
      id: randomId('shr'),
      property_id: id,
      token_hash: hashKey(token),
      label: body.label,
      reports: [...new Set(body.reports)],
      filters: body.filters ?? [],
      password_hash: body.password ? await hashPassword(body.password) : null,
      embed: body.embed,
      // Only an embed link may be framed at all; a normal one keeps refusing frames.
      frame_ancestors: body.embed ? [...new Set(body.frame_ancestors)] : [],
      created_by: request.adminAccount?.email ?? 'the printed sign-in link',
      created_at: now,
      expires_at: expires,
      revoked_at: null,
    };
    await store.createShareLink(record);
    return reply
      .status(201)
      .header('cache-control', 'no-store')
      .send({ link: shareLinkUrl(opts.linkBase(request), token), record: shareLinkToApi(record, now) });
  });

  app.delete(adminPath(admin.revokeShareLink.path), async (request) => {
    const { id, linkId } = parse(admin.revokeShareLink.params, request.params, 'params');
    const link = await store.getShareLink(linkId);
    if (!link || link.property_id !== id || !(await store.revokeShareLink(linkId, new Date(clock()))))
      throw new ApiError(404, 'not_found', `no unrevoked share link "${linkId}" on property "${id}"`, {
        field: 'linkId',
      });
    return { id: linkId, revoked: true as const };
  });
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { canonicalPermissions, type AdminProperty, type ApiKeySummary } from '../../contract/admin.js';
import { adminEndpoints as admin } from '../../contract/admin-endpoints.js';
import { propertyLifecycleRoutes } from './property-lifecycle-routes.js';
import { accountRoutes } from './account-routes.js';
import { shareLinkRoutes } from './share-link-routes.js';
import { twoFactorRoutes } from './two-factor-routes.js';
import { mailSubscriptionRoutes } from './mail-subscription-routes.js';
import type { Mailer } from '../mail/mailer.js';
import { isValidZone } from '../analytics/time-frame.js';
import { hashKey, newApiKey } from '../auth/api-keys.js';
import { csrfTokenFor } from '../auth/csrf.js';
import { issueSignInToken, sessionCookie, SIGN_IN_TOKEN_TTL_MS, signInLink } from '../auth/sign-in.js';
import { ApiError } from '../api-error.js';
import { sessionIdOf } from '../plugins/admin-auth.js';
import type { ApiKeyRecord, Property, Store } from '../store/store.js';
import { ADMIN_PREFIX } from '../../contract/admin.js';
import type { Endpoint } from '../../contract/endpoints.js';
import { roleAtLeast } from '../../contract/accounts.js';
import { accountSees } from '../auth/account-access.js';
import { adminPath, jsonBodyParser, parse } from './route-helpers.js';

const keyToApi = (k: ApiKeyRecord): ApiKeySummary => ({
  id: k.id,
  name: k.name,
  prefix: k.prefix,
  property_ids: k.property_ids,
  permissions: canonicalPermissions(k.permissions),
  created_at: k.created_at.toISOString(),
  revoked_at: k.revoked_at ? k.revoked_at.toISOString() : null,
});

function propertyToApi(p: Property, origin: string, siteOrigin: string | null = null): AdminProperty {
  return {
    site_origin: siteOrigin ?? (p.domain ? `https://${p.domain}` : null),
    id: p.id,
    name: p.name,
    domain: p.domain,
    timezone: p.timezone,
    created_at: p.created_at.toISOString(),
    snippet: `<script defer data-property="${p.id}" src="${origin}/sightline.js"></script>`,
    experiments_snippet: `<script src="${origin}/sightline.js?p=${p.id}"></script>`,
  };
}

// The tags point at the address the admin reached the dashboard on; a Host header that is not a plain
// host[:port] (it is the caller's own header) falls back to a placeholder rather than into HTML.
const originOf = (request: FastifyRequest) =>
  /^[A-Za-z0-9.-]+(:\d+)?$|^\[[0-9A-Fa-f:.]+\](:\d+)?$/.test(request.host)
    ? `${request.protocol}://${request.host}`
    : 'https://YOUR-SIGHTLINE-HOST';

/** `/api/admin/v1`: the dashboard's session, properties and API keys; 401 without an admin cookie. */
export async function adminRoutes(
  app: FastifyInstance,
  opts: {
    store: Store;
    siteOriginOf?: (propertyId: string) => string | null;
    /** PUBLIC_URL: where the links the dashboard hands out point; without it, the address the request came to. */
    publicUrl?: string;
    /** What share links' expiry is judged by (tests fix it). */
    clock?: () => number;
    /** The mailer and the mailed links' base (app.ts): invitations and the email reports' routes. */
    mail?: { mailer: Mailer; linkBase: string };
  },
) {
  const { store } = opts;
  const toApi = (p: Property, request: FastifyRequest) =>
    propertyToApi(p, originOf(request), opts.siteOriginOf?.(p.id) ?? null);
  app.addHook('onRequest', async (request) => {
    if (!request.admin)
      throw new ApiError(401, 'unauthorized', 'not signed in: open the sign-in link the server printed at start', {
        field: 'cookie',
      });
  });
  // Writes must say JSON (admin-auth) even when they carry nothing, e.g. sign-out and revoke.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, jsonBodyParser({ emptyIsNone: true }));

  // Each route's least role (the endpoint table's `role`), and a property it names must be one the
  // account sees: a property it cannot see is a 404, as one that does not exist.
  const routes = new Map<string, Endpoint>(
    Object.values(admin).map((e): [string, Endpoint] => [`${e.method} ${ADMIN_PREFIX}${adminPath(e.path)}`, e]),
  );
  app.addHook('preHandler', async (request) => {
    const e = routes.get(`${request.method} ${request.routeOptions.url}`);
    if (e?.role && !roleAtLeast(request.adminRole, e.role))
      throw new ApiError(
        403,
        'forbidden',
        `a ${request.adminRole} cannot ${e.summary.toLowerCase()}: it needs ${e.role} or above`,
        {
          role: request.adminRole,
          needs: e.role,
        },
      );
    const id = e?.path.startsWith('/properties/{id}') ? (request.params as { id?: string }).id : undefined;
    if (id !== undefined && !accountSees(request.adminAccount, id))
      throw new ApiError(404, 'not_found', `no property with id "${id}"`, { field: 'id' });
  });
  /** The keys a scoped account may manage: those whose every property it sees. */
  const keyInScope = (request: FastifyRequest, k: Pick<ApiKeyRecord, 'property_ids'>) =>
    k.property_ids.every((id) => accountSees(request.adminAccount, id));

  app.get(adminPath(admin.adminSession.path), async (request) => ({
    signed_in: true as const,
    csrf_token: csrfTokenFor(request.adminSessionId!),
    account: request.adminAccount,
    role: request.adminRole,
    must_enrol_two_factor: request.mustEnrolTwoFactor,
  }));

  app.post(adminPath(admin.signOut.path), async (request, reply) => {
    const id = sessionIdOf(request.headers.cookie);
    if (id) await store.deleteAdminSession(hashKey(id));
    return reply
      .header('set-cookie', sessionCookie('', { secure: request.protocol === 'https', maxAgeSeconds: 0 }))
      .send({ signed_out: true as const });
  });

  // Until there are accounts, a signed-in admin lets in another person or browser with a link of its own
  // (issue 13 §16), on the address this admin reached the dashboard on. Once an owner can sign in,
  // people come in by invitation (their own account and role), and only the command line makes
  // these owner-rights links.
  app.post(adminPath(admin.createSignInLink.path), async (request, reply) => {
    if ((await store.listAccounts()).some((a) => a.role === 'owner' && a.password_hash && !a.disabled_at))
      throw new ApiError(409, 'conflict', 'accounts exist: invite people from the Team page instead', {
        field: 'accounts',
      });
    const now = new Date();
    const token = await issueSignInToken(store, now);
    const expires = new Date(now.getTime() + SIGN_IN_TOKEN_TTL_MS).toISOString();
    return reply
      .status(201)
      .header('cache-control', 'no-store')
      .send({ link: signInLink(originOf(request), token), expires_at: expires });
  });

  app.get(adminPath(admin.adminProperties.path), async (request) => {
    const visible = (await store.listProperties()).filter((p) => accountSees(request.adminAccount, p.id));
    return { data: visible.map((p) => toApi(p, request)) };
  });

  app.post(adminPath(admin.createProperty.path), async (request, reply) => {
    // A new property would be outside the account's own list, so only an unscoped account makes one.
    if (request.adminAccount && request.adminAccount.property_ids.length > 0)
      throw new ApiError(403, 'forbidden', 'an account limited to some properties cannot create one', {
        role: request.adminRole,
      });
    const body = parse(admin.createProperty.body, request.body, 'body');
    if (!isValidZone(body.timezone))
      throw new ApiError(400, 'invalid_request', `timezone: unknown time zone "${body.timezone}"`, {
        field: 'timezone',
        in: 'body',
      });
    if ((await store.getProperties([body.id])).length > 0)
      throw new ApiError(409, 'conflict', `property "${body.id}" already exists`, { field: 'id' });
    // A deleted property's id stays taken: a key or link that named it must not reach a new property.
    if (await store.propertyIdUsed(body.id))
      throw new ApiError(409, 'conflict', `property "${body.id}" existed and was deleted; pick another id`, {
        field: 'id',
      });
    const created = await store.createProperty({
      id: body.id,
      name: body.name,
      domain: body.domain || null,
      timezone: body.timezone,
    });
    return reply.status(201).send(toApi(created, request));
  });

  await propertyLifecycleRoutes(app, { store, toApi });
  await accountRoutes(app, { store, linkBase: (request) => opts.publicUrl ?? originOf(request), mail: opts.mail });
  await shareLinkRoutes(app, { store, linkBase: (request) => opts.publicUrl ?? originOf(request), clock: opts.clock });
  await twoFactorRoutes(app, { store });
  await mailSubscriptionRoutes(app, { store, mailConfigured: opts.mail?.mailer.configured ?? false });

  app.get(adminPath(admin.apiKeys.path), async (request) => ({
    data: (await store.listApiKeys()).filter((k) => keyInScope(request, k)).map(keyToApi),
  }));

  app.post(adminPath(admin.createApiKey.path), async (request, reply) => {
    const body = parse(admin.createApiKey.body, request.body, 'body');
    const ids = [...new Set(body.property_ids)];
    const unseen = ids.filter((id) => !accountSees(request.adminAccount, id));
    if (unseen.length > 0)
      throw new ApiError(403, 'forbidden', `your account has no access to ${unseen.map((d) => `"${d}"`).join(', ')}`, {
        field: 'property_ids',
        property_ids: unseen,
      });
    const found = new Set((await store.getProperties(ids)).map((p) => p.id));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) {
      throw new ApiError(400, 'invalid_request', `property_ids: no such property: ${missing.join(', ')}`, {
        field: 'property_ids',
        in: 'body',
        property_ids: missing,
      });
    }
    const { key, record } = newApiKey({ name: body.name, propertyIds: ids, permissions: body.permissions });
    await store.createApiKey(record);
    return reply.status(201).send({ key, record: keyToApi(record) });
  });

  app.delete(adminPath(admin.revokeApiKey.path), async (request) => {
    const { id } = parse(admin.revokeApiKey.params, request.params, 'params');
    const key = (await store.listApiKeys()).find((k) => k.id === id);
    if (!key || !keyInScope(request, key) || !(await store.revokeApiKey(id, new Date())))
      throw new ApiError(404, 'not_found', `no active key with id "${id}"`, { field: 'id' });
    app.forgetApiKey(id);
    return { id, revoked: true as const };
  });
}

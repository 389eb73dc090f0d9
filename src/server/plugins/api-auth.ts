import type { FastifyInstance, FastifyRequest } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { keyPermissions, type KeyPermission } from '../../contract/admin.js';
import { verifyApiKey } from '../auth/api-keys.js';
import { ApiError } from '../api-error.js';
import { RateBudgets } from './rate-budgets.js';
import type { ApiKeyRecord, Store } from '../store/store.js';
import { roleAtLeast, type SessionAccount } from '../../contract/accounts.js';
import { accountSees, rolePermissions } from '../auth/account-access.js';

declare module 'fastify' {
  interface FastifyRequest {
    apiKey: ApiKeyRecord | null;
    /** For an admin session: the properties that exist, so an unknown id is a 404 rather than empty figures. */
    knownPropertyIds: Set<string> | null;
  }
  interface FastifyInstance {
    /** Drops a key's cached look-ups, so a revocation takes effect on the next request. */
    forgetApiKey(id: string): void;
  }
}

/** What a signed-in admin's cookie stands for: every permission on every property. */
export const ADMIN_ACCESS: ApiKeyRecord = Object.freeze({
  id: 'admin-session',
  name: 'admin session',
  prefix: '',
  hash: '',
  property_ids: [],
  permissions: [...keyPermissions],
  created_at: new Date(0),
  revoked_at: null,
});

/**
 * What a session may do through the API: the printed link's session and an unscoped owner or admin
 * everything (ADMIN_ACCESS); any other account its role's permissions (rolePermissions) on its
 * properties.
 */
function sessionAccess(account: SessionAccount | null): ApiKeyRecord {
  if (!account || (roleAtLeast(account.role, 'admin') && account.property_ids.length === 0)) return ADMIN_ACCESS;
  return {
    ...ADMIN_ACCESS,
    id: `session:${account.id}`,
    name: `${account.role} ${account.email}`,
    property_ids: account.property_ids,
    permissions: rolePermissions(account.role),
  };
}

const CACHE_MS = 5_000;
/** Invalid keys an address may send a minute before it gets 429 without a store lookup (docs/decisions.md). */
export const FAILED_AUTH_PER_MINUTE = 20;

/** Resolves `Authorization: Bearer <key>` to its record for every API route (401 when absent or bad). */
interface ApiAuthOptions {
  store: Store;
  prefix: string;
  /** The clock failed keys' budgets refill by (tests fix it). */
  clock?: () => number;
}

export const apiAuthPlugin = fp(async (app: FastifyInstance, opts: ApiAuthOptions) => {
  // A short cache spares a store lookup per request; revocation takes effect within CACHE_MS.
  const cache = new Map<string, { record: ApiKeyRecord | null; at: number }>();
  const failures = new RateBudgets(FAILED_AUTH_PER_MINUTE, 50_000, opts.clock);
  app.decorateRequest('apiKey', null);
  app.decorateRequest('knownPropertyIds', null);
  app.decorate('forgetApiKey', (id: string) => {
    for (const [key, hit] of cache) if (hit.record?.id === id) cache.delete(key);
  });
  app.addHook('onRequest', async (request, reply) => {
    if (
      !request.url.startsWith(opts.prefix) ||
      request.url.startsWith(`${opts.prefix}/openapi.json`) ||
      request.url.startsWith(`${opts.prefix}/reference`)
    )
      return;
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
    if (!match && request.admin) {
      request.knownPropertyIds = new Set((await opts.store.listProperties()).map((p) => p.id));
      request.apiKey = sessionAccess(request.adminAccount);
      return;
    }
    if (!match)
      throw new ApiError(401, 'unauthorized', 'missing API key: send Authorization: Bearer <API_KEY>', {
        field: 'Authorization',
      });
    const key = match[1];
    const hit = cache.get(key);
    let record = hit && Date.now() - hit.at < CACHE_MS ? hit.record : undefined;
    // A key already known good still works from an address that guessed wrong too often.
    const client = normalizeIP(request.ip);
    const wait = record ? 0 : failures.waitSeconds(client);
    if (wait > 0) {
      reply.header('retry-after', String(wait));
      throw new ApiError(429, 'rate_limited', `too many invalid API keys from this address; retry in ${wait} s`, {
        field: 'Authorization',
        limit: FAILED_AUTH_PER_MINUTE,
        retry_after_seconds: wait,
      });
    }
    if (record === undefined) {
      record = await verifyApiKey(opts.store, key);
      if (cache.size > 10_000) cache.clear();
      cache.set(key, { record, at: Date.now() });
    }
    if (!record) {
      failures.charge(client, 1);
      throw new ApiError(401, 'unauthorized', 'invalid or revoked API key', { field: 'Authorization' });
    }
    request.apiKey = record;
  });
});

/**
 * 403 unless the key has `permission` (reading needs `metrics`; writing split tests `experiments`;
 * writing goals and saved funnels `configure`: the endpoint table says which) and every listed
 * property. An admin session may do anything on every property, so for it a property that does not
 * exist is a 404 (a key cannot tell the two apart: it gets 403 either way, which reveals nothing about
 * other people's properties).
 */
export function requireAccess(
  request: FastifyRequest,
  propertyIds: string[],
  field: 'propertyId' | 'propertyIds',
  permission: KeyPermission = 'metrics',
): void {
  const key = request.apiKey;
  if (!key) throw new ApiError(401, 'unauthorized', 'missing API key', { field: 'Authorization' });
  if (request.admin) {
    const unknown = propertyIds.filter((id) => !request.knownPropertyIds?.has(id));
    if (unknown.length > 0)
      throw new ApiError(404, 'not_found', `no property ${unknown.map((d) => `"${d}"`).join(', ')}`, {
        field,
        property_ids: unknown,
      });
    if (key === ADMIN_ACCESS) return;
    const account = request.adminAccount!;
    if (!key.permissions.includes(permission))
      throw new ApiError(403, 'forbidden', `a ${account.role} account cannot do this (it needs ${permission})`, {
        permission,
        role: account.role,
      });
    const denied = propertyIds.filter((id) => !accountSees(account, id));
    if (denied.length > 0)
      throw new ApiError(403, 'forbidden', `your account has no access to ${denied.map((d) => `"${d}"`).join(', ')}`, {
        field,
        property_ids: denied,
      });
    return;
  }
  if (!key.permissions.includes(permission)) {
    throw new ApiError(403, 'forbidden', `this API key lacks the ${permission} permission`, { permission });
  }
  const denied = propertyIds.filter((id) => !key.property_ids.includes(id));
  if (denied.length > 0) {
    throw new ApiError(403, 'forbidden', `this API key has no access to ${denied.map((d) => `"${d}"`).join(', ')}`, {
      field,
      property_ids: denied,
    });
  }
}

import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ADMIN_PREFIX } from '../../contract/admin.js';
import { adminEndpoints } from '../../contract/admin-endpoints.js';
import { API_PREFIX, endpoints, type Endpoint } from '../../contract/endpoints.js';
import { fillPath } from '../../contract/path-template.js';
import { randomId } from '../auth/api-keys.js';
import type { AuditRecord, Store } from '../store/store.js';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Each write's name by its route: `POST /api/admin/v1/accounts` → `inviteAccount`. */
function routeNames(): Map<string, string> {
  const names = new Map<string, string>();
  const add = (prefix: string, table: Record<string, Endpoint>) => {
    for (const [name, e] of Object.entries(table))
      if (!READS.has(e.method)) names.set(`${e.method} ${prefix}${fillPath(e.path, (p) => `:${p}`)}`, name);
  };
  add(ADMIN_PREFIX, adminEndpoints);
  add(API_PREFIX, endpoints);
  return names;
}

/** The id a create answers with, so the log names what was made. */
function createdId(payload: unknown): string | null {
  if (typeof payload !== 'string' || payload.length > 100_000) return null;
  try {
    const body = JSON.parse(payload) as Record<string, unknown>;
    const pick = (v: unknown) => (typeof v === 'string' ? v : null);
    const nested = (k: string) => pick((body[k] as Record<string, unknown> | undefined)?.id);
    return pick(body.experiment_id) ?? nested('account') ?? nested('record') ?? pick(body.id);
  } catch {
    return null;
  }
}

function actorOf(request: FastifyRequest): Pick<AuditRecord, 'actor_kind' | 'actor_id' | 'actor_name'> | null {
  if (request.adminAccount)
    return { actor_kind: 'account', actor_id: request.adminAccount.id, actor_name: request.adminAccount.email };
  if (request.admin) return { actor_kind: 'link', actor_id: null, actor_name: 'the printed sign-in link' };
  if (request.apiKey) return { actor_kind: 'key', actor_id: request.apiKey.id, actor_name: request.apiKey.name };
  return null;
}

/**
 * The audit log (issue 43 §6): every write of the dashboard's and the API's routes that succeeded,
 * with who made it (an account, a key, the printed link's session), what (the endpoint's name), on
 * what (the route's ids, and the id a create answers with), when and from where. Written after the
 * answer is sent and apart from it: a log that cannot be written is reported, never turned into a
 * failed change. Writes without anyone signed in (sign-in itself, collect) are not changes of the
 * installation's settings and are not logged.
 */
export const auditLogPlugin = fp(async (app: FastifyInstance, opts: { store: Store }) => {
  const names = routeNames();
  app.addHook('onSend', async (request, reply, payload) => {
    if (READS.has(request.method) || reply.statusCode >= 400) return payload;
    const action = names.get(`${request.method} ${request.routeOptions.url}`);
    const actor = action ? actorOf(request) : null;
    if (!action || !actor) return payload;
    const params = Object.entries((request.params ?? {}) as Record<string, string>).map(([k, v]) => `${k}=${v}`);
    const made = createdId(payload);
    const record: AuditRecord = {
      id: randomId('aud'),
      at: new Date(),
      ...actor,
      action,
      target: [...params, ...(made && !params.some((p) => p.endsWith(`=${made}`)) ? [`created=${made}`] : [])].join(
        ' ',
      ),
      status: reply.statusCode,
      address: normalizeIP(request.ip),
    };
    opts.store
      .appendAudit(record)
      .catch((error: unknown) => request.log.error({ err: error }, 'audit log write failed'));
    return payload;
  });
});

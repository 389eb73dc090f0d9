import type { z } from 'zod';
import { ADMIN_PREFIX, keyPermission } from '../../contract/admin.js';
import { adminEndpoints, type AdminEndpointName } from '../../contract/admin-endpoints.js';
import { errorEnvelope } from '../../contract/common.js';
import { aggregateBody, API_PREFIX, endpoints, type Endpoint, type EndpointName } from '../../contract/endpoints.js';
import { fillPath } from '../../contract/path-template.js';
import { SHARE_PREFIX, shareEndpoints, shareReportsBase } from '../../contract/share-endpoints.js';
import { ApiError } from './api-error.js';
import type { Connection } from './connection.js';
import { fetchWithCsrf } from './csrf-token.js';

/** Every endpoint the dashboard calls, by name: the external API's, the admin API's and share links' public side. */
const table = { ...endpoints, ...adminEndpoints, ...shareEndpoints };
// A name in both tables would hide one of them from the client.
const namesApart: [Extract<EndpointName, AdminEndpointName>] extends [never] ? true : never = true;
void namesApart;
type AnyEndpointName = keyof typeof table;
const isAdmin = (name: string): name is AdminEndpointName => Object.hasOwn(adminEndpoints, name);
const isShare = (name: string) => Object.hasOwn(shareEndpoints, name);
/** Sign-in and set-password: they make the session, so there is none whose CSRF token to send yet. */
const isOpen = (name: string) => isAdmin(name) && 'open' in adminEndpoints[name];

type Def<N extends AnyEndpointName> = (typeof table)[N];
type QueryOf<N extends AnyEndpointName> = Def<N> extends { query: z.ZodType } ? z.input<Def<N>['query']> : never;
type BodyOf<N extends AnyEndpointName> = Def<N> extends { body: z.ZodType } ? z.input<Def<N>['body']> : never;
export type ResponseOf<N extends AnyEndpointName> = z.output<Def<N>['response']>;

/** Endpoints that also answer over several properties (`aggregatePath` in the contract). */
export type AggregateName = { [N in EndpointName]: Def<N> extends { aggregatePath: string } ? N : never }[EndpointName];

export interface AggregateOptions<N extends AggregateName> {
  propertyIds: string[];
  query?: QueryOf<N>;
  signal?: AbortSignal;
}

export interface CallOptions<N extends AnyEndpointName> {
  propertyId?: string;
  /** Other path parameters, e.g. `{ experimentId }`, or an admin endpoint's `{ id }`. */
  params?: Record<string, string>;
  query?: QueryOf<N>;
  body?: BodyOf<N>;
  signal?: AbortSignal;
}

/** Fills `{name}` placeholders; every value is URL-encoded so an id can never add a path segment. */
export function buildPath(template: string, values: Record<string, string | undefined>): string {
  return fillPath(template, (name) => {
    const value = values[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${template}`);
    return encodeURIComponent(value);
  });
}

/** Scalars as they are; arrays and objects (funnel `steps`) as JSON, which is what the server parses. */
export function serializeQuery(query: Record<string, unknown> | undefined): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    params.set(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Turns a non-2xx response into an ApiError, in words even when the body is not the envelope. */
export async function toApiError(res: Response): Promise<ApiError> {
  const retryAfter = Number(res.headers.get('retry-after')) || undefined;
  const parsed = errorEnvelope.safeParse(await res.json().catch(() => null));
  if (!parsed.success)
    return new ApiError(res.status, 'internal_error', `The server answered HTTP ${res.status}.`, undefined, retryAfter);
  const { code, message, details } = parsed.data.error;
  const field = typeof details.field === 'string' ? details.field : undefined;
  const permission = keyPermission.safeParse(details.permission).data;
  return new ApiError(res.status, code, message, field, retryAfter, permission);
}

/**
 * The one typed client: every call goes through the contract's endpoint tables and response schemas.
 * The external API's endpoints go where the connection says (a key, or this server's session); the
 * admin API's always go to this server with the session cookie, whatever the connection.
 */
export function apiClient(connection: Connection, fetchImpl: typeof fetch = (...a) => fetch(...a)) {
  // A share link's page reads its reports through the share API, which only its share cookie opens.
  const external = {
    prefix: connection.mode === 'share' ? shareReportsBase(connection.linkId) : API_PREFIX,
    session: connection.mode !== 'key',
    base: connection.mode === 'key' ? connection.baseUrl.replace(/\/+$/, '') : '',
    headers: connection.mode === 'key' ? { authorization: `Bearer ${connection.key}` } : {},
  };
  const admin = { prefix: ADMIN_PREFIX, session: true, base: '', headers: {} };
  const share = { prefix: SHARE_PREFIX, session: true, base: '', headers: {} };

  /** One request to the API; the response is parsed with `schema` (the endpoint's response). */
  async function send(
    name: string,
    method: string,
    path: string,
    schema: z.ZodType,
    opts: { query?: unknown; body?: unknown; signal?: AbortSignal },
  ): Promise<unknown> {
    const { prefix, session, base, headers } = isAdmin(name) ? admin : isShare(name) ? share : external;
    const url = `${base}${prefix}${path}${serializeQuery(opts.query as Record<string, unknown>)}`;
    let res: Response;
    try {
      const init: RequestInit = {
        method,
        // Writes say JSON even without a body (a DELETE): the server refuses cookie-borne writes that don't
        // (CSRF lock), and its JSON parser refuses an empty body, so a bodiless write sends `{}`.
        headers: method === 'GET' ? headers : { ...headers, 'content-type': 'application/json' },
        body: method === 'GET' ? undefined : JSON.stringify(opts.body ?? {}),
        // Session mode rides on the httpOnly cookie; key mode must not send this origin's cookies elsewhere.
        credentials: session ? 'same-origin' : 'omit',
        signal: opts.signal,
      };
      // A cookie-borne write also carries the session's CSRF token; a key needs none, nor an open endpoint.
      const csrf = method !== 'GET' && session && !isOpen(name) && !isShare(name);
      res = await (csrf ? fetchWithCsrf(fetchImpl, url, init) : fetchImpl(url, init));
    } catch (err) {
      if ((err as Error).name === 'AbortError') throw err;
      throw new ApiError(0, 'network_error', `Could not reach ${base || 'the server'}.`);
    }
    if (!res.ok) throw await toApiError(res);
    const parsed = schema.safeParse(await res.json().catch(() => undefined));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.join('.') || 'the body';
      throw new ApiError(
        res.status,
        'contract_mismatch',
        `${name}: the response does not match the API contract (${where}: ${issue?.message}).`,
      );
    }
    return parsed.data;
  }

  return {
    async call<N extends AnyEndpointName>(name: N, opts: CallOptions<N> = {}): Promise<ResponseOf<N>> {
      const def: Endpoint = table[name];
      const path = buildPath(def.path, { ...opts.params, propertyId: opts.propertyId });
      return (await send(name, def.method, path, def.response, opts)) as ResponseOf<N>;
    },
    /** The same report over several properties: POST to the endpoint's `aggregatePath`, same query, same response schema. */
    async callAggregate<N extends AggregateName>(name: N, opts: AggregateOptions<N>): Promise<ResponseOf<N>> {
      const def: { aggregatePath: string; response: z.ZodType } = endpoints[name];
      const body: z.input<typeof aggregateBody> = { propertyIds: opts.propertyIds };
      return (await send(`${name} (aggregate)`, 'POST', def.aggregatePath, def.response, {
        query: opts.query,
        body,
        signal: opts.signal,
      })) as ResponseOf<N>;
    },
  };
}

export type ApiClient = ReturnType<typeof apiClient>;

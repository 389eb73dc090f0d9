import type { FastifyBodyParser, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { KeyPermission } from '../../contract/admin.js';
import { propertyId } from '../../contract/common.js';
import { API_PREFIX } from '../../contract/endpoints.js';
import { fillPath } from '../../contract/path-template.js';
import { ApiError, fromZodError, refuseUnsafeText } from '../api-error.js';
import { requireAccess } from '../plugins/api-auth.js';

/** A request's query, body or path parameters through `schema`, or the 400 envelope naming the field. */
export function parse<S extends z.ZodType>(schema: S, value: unknown, where: 'query' | 'body' | 'params'): z.infer<S> {
  refuseUnsafeText(value, where);
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw fromZodError(result.error, where);
  // Again on what the schema decoded: text can hide inside a parameter's own JSON (`steps`).
  refuseUnsafeText(result.data, where);
  return result.data;
}

/** The path's property, validated and authorized for `permission` (403 before anything else is read). */
export function scopedProperty(request: FastifyRequest, permission: KeyPermission = 'metrics'): string {
  const { propertyId: id } = parse(z.object({ propertyId }), request.params, 'params');
  requireAccess(request, [id], 'propertyId', permission);
  return id;
}

/** The Fastify route of an endpoint's contract path: `/properties/{propertyId}` → `/api/external/v1/properties/:propertyId`. */
export const fastifyPath = (path: string, prefix = API_PREFIX) => prefix + fillPath(path, (name) => ':' + name);

/** The same for an admin endpoint, inside the admin plugin that app.ts registers under ADMIN_PREFIX: `/keys/{id}` → `/keys/:id`. */
export const adminPath = (path: string) => fillPath(path, (name) => ':' + name);

/**
 * A content-type parser for JSON bodies that answers a body which does not parse with the API's 400
 * envelope (`field: body`) rather than Fastify's own error. `emptyIsNone`: an empty body is no body
 * (writes that carry nothing, e.g. sign-out) instead of invalid JSON.
 */
export function jsonBodyParser(opts: { emptyIsNone?: boolean } = {}): FastifyBodyParser<string> {
  return (_request, body, done) => {
    try {
      done(null, opts.emptyIsNone && body === '' ? undefined : JSON.parse(body));
    } catch {
      done(new ApiError(400, 'invalid_request', 'the body is not valid JSON', { field: 'body' }), undefined);
    }
  };
}

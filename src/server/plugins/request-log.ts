import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** The route label of a request that matched no route (a probe, a typo, a dashboard deep link). */
export const UNMATCHED_ROUTE = 'not_found';

/** What a logged request is: its method and route template. Never its URL, headers or address. */
export function requestFields(request: FastifyRequest) {
  // routeOptions is missing when Fastify logs a request that never became one of its own (a bad URL).
  return { method: request.method, route: request.routeOptions?.url ?? UNMATCHED_ROUTE };
}

/**
 * Fastify's request lines, one per answered request at `info` in place of its two. Fastify's own
 * carry the URL, where sign-in, set-password and share tokens travel, and the client's address; this
 * one has the route template, the status and the time taken (docs/monitoring.md).
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const fields = { ...requestFields(request), status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else reply.log.info(fields, 'request');
  }
}

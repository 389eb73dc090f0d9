import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Socket } from 'node:net';
import type { ErrorCode } from '../../contract/common.js';
import { ApiError } from '../api-error.js';
import { ReportOverBudgetError } from '../store/report-budget.js';
import { STORE_RETRY_AFTER_SECONDS, StoreUnavailableError } from '../store/store-unavailable.js';
import { isDeepLink } from '../routes/dashboard-routes.js';

function envelope(code: ErrorCode, message: string, details: Record<string, unknown> = {}) {
  return { error: { code, message, details } };
}

/** Every error leaves in the spec's envelope; unexpected ones as 500 without internals. */
export const errorEnvelopePlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.status(error.status).send(envelope(error.code, error.message, error.details));
    }
    // Not the request's fault and not for long: 503 with the wait, in the envelope (docs/decisions.md).
    const unavailable = (message: string, details: Record<string, unknown>) =>
      reply
        .status(503)
        .header('retry-after', String(STORE_RETRY_AFTER_SECONDS))
        .send(
          envelope('internal_error', message, {
            ...details,
            retry_after_seconds: STORE_RETRY_AFTER_SECONDS,
          }),
        );
    if (error instanceof StoreUnavailableError) {
      request.log.warn({ reason: error.reason }, 'store unavailable');
      return unavailable(`${error.message}; retry in ${STORE_RETRY_AFTER_SECONDS} seconds`, {
        reason: 'store_unavailable',
      });
    }
    if (error instanceof ReportOverBudgetError) {
      // Logged at warn with the request, so an operator sees which report (and which filters) it was.
      request.log.warn({ url: request.url, budget_ms: error.budgetMs }, 'report over budget: stopped');
      return unavailable(
        `${error.message} and was stopped; narrow the range or the filters, or retry in ${STORE_RETRY_AFTER_SECONDS} seconds`,
        {
          reason: 'report_over_budget',
          budget_ms: error.budgetMs,
        },
      );
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status === 429) return reply.status(429).send(envelope('rate_limited', error.message));
    if (status === 413)
      return reply.status(413).send(envelope('payload_too_large', 'the request body is too large', { field: 'body' }));
    if (status >= 400 && status < 500) {
      // Fastify's own rejections: malformed JSON, unsupported content type, bad URL encoding.
      return reply
        .status(400)
        .send(envelope('invalid_request', error.message, { field: 'body', reason: (error as FastifyError).code }));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send(envelope('internal_error', 'unexpected server error; retry later'));
  });
  app.setNotFoundHandler((request, reply) => {
    if (isDeepLink(request.method, request.url) && app.hasReplyDecorator('sendFile'))
      return reply.sendFile('index.html');
    reply.status(404).send(envelope('not_found', `no route for ${request.method} ${request.url.split('?')[0]}`));
  });
});

/**
 * The router rejects bad percent-encoding and over-long path parameters before any hook or error
 * handler runs; Fastify hands those only to the server's `frameworkErrors` option, so buildApp wires this.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  reply.status(400).send(envelope('invalid_request', error.message, { field: 'url', reason: error.code }));
}

/**
 * Errors Node's HTTP parser raises before there is a request for Fastify (a header or request deadline
 * passed, headers too large, bytes that are not HTTP): answered in the envelope too, then the
 * connection closes. Fastify's `clientErrorHandler` option; buildApp wires this.
 */
export function clientErrors(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, body] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [
          408,
          'Request Timeout',
          envelope('invalid_request', 'the request did not arrive in time', { field: 'request' }),
        ]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [
            431,
            'Request Header Fields Too Large',
            envelope('invalid_request', 'the request headers are too large', { field: 'headers' }),
          ]
        : [
            400,
            'Bad Request',
            envelope('invalid_request', 'the request is not valid HTTP', { field: 'request', reason: error.code }),
          ];
  const json = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy();
}

export { envelope };

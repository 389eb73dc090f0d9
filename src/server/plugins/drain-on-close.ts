import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Fastify's close waits for every connection to end, but one whose request was in flight at SIGTERM
 * (a report, or collect waiting on a group commit) would then idle on keep-alive for 72 s before the
 * process could exit: once closing, every response asks its client to hang up.
 */
export const drainOnClosePlugin = fp(async (app: FastifyInstance) => {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
});

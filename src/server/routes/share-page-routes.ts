import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { shareToken } from '../../contract/share-links.js';
import { hashKey } from '../auth/api-keys.js';
import { framableCsp } from '../plugins/security-headers.js';
import { shareLinkState } from '../share/share-session.js';
import type { Store } from '../store/store.js';

/**
 * The dashboard's page for a share link, `/share/<token>`. The page is the app's index.html, as any
 * deep link; an embed link's `?embed=1` is the one page another site may frame, and only the sites its
 * owner named (`frame-ancestors`). Every other answer keeps `frame-ancestors 'none'` and DENY.
 */
export const sharePageRoutes = fp(async (app: FastifyInstance, opts: { store: Store; clock?: () => number }) => {
  if (!app.hasReplyDecorator('sendFile')) return;
  app.get('/share/:token', async (request, reply) => {
    const { token } = request.params as { token: string };
    const embed = (request.query as { embed?: string }).embed === '1';
    if (embed && shareToken.safeParse(token).success) {
      const link = await opts.store.shareLinkByHash(hashKey(token));
      const now = new Date((opts.clock ?? Date.now)());
      if (link?.embed && shareLinkState(link, now) === 'active') {
        reply.header('content-security-policy', framableCsp(link.frame_ancestors));
        reply.removeHeader('x-frame-options');
      }
    }
    return reply.sendFile('index.html');
  });
});

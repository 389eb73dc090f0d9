import type { FastifyInstance } from 'fastify';
import { redeemSignInToken, SESSION_TTL_MS, sessionCookie } from '../auth/sign-in.js';
import type { Store } from '../store/store.js';
import { hashKey } from '../auth/api-keys.js';

const USED_OR_EXPIRED = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sign-in link used or expired · Sightline</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.5">
<h1>This sign-in link is used or expired</h1>
<p>Each link works once, for 24 hours. To get a new one:</p>
<ul>
<li>ask someone who is signed in: the dashboard's <strong>API access</strong> page has <strong>Create a sign-in link</strong>;</li>
<li>or run <code>npm run cli -- admin sign-in-link</code> where Sightline is installed (with the embedded store,
stop the server first, then start it again and open the link the command printed);</li>
<li>or restart the server: it prints a fresh link (<code>Sign in to the dashboard: …</code>) every time it starts.</li>
</ul>
</body></html>
`;

/** `GET /sign-in?token=…`: a one-time token becomes the admin's session cookie. */
export async function signInRoutes(app: FastifyInstance, opts: { store: Store }) {
  app.get('/sign-in', async (request, reply) => {
    const { token } = request.query as { token?: unknown };
    // An account's set-password link opened here by mistake goes where it belongs, unused.
    if (typeof token === 'string' && /^[0-9A-Za-z]{20,64}$/.test(token)) {
      if (await opts.store.accountTokenAccount(hashKey(token), new Date()))
        return reply.header('cache-control', 'no-store').redirect(`/set-password?token=${token}`, 303);
    }
    const sessionId = typeof token === 'string' ? await redeemSignInToken(opts.store, token) : null;
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    if (!sessionId) return reply.status(401).type('text/html; charset=utf-8').send(USED_OR_EXPIRED);
    const cookie = sessionCookie(sessionId, {
      secure: request.protocol === 'https',
      maxAgeSeconds: SESSION_TTL_MS / 1000,
    });
    return reply.header('set-cookie', cookie).redirect('/', 303);
  });
}

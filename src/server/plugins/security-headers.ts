import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The dashboard's pages and the admin API's answers: no framing (clickjacking of the API access page),
 * no sniffing, and a Content-Security-Policy that lets a page run only this origin's own scripts.
 * - connect-src allows any http(s) server: "Connect with a key" reads another Sightline from here.
 * - style-src keeps 'unsafe-inline': React and recharts set style attributes.
 * - No upgrade-insecure-requests and no HSTS: `npm start` serves plain http on loopback; the TLS
 *   proxy in front of a public install sets HSTS (README, security).
 * - Cross-Origin-Resource-Policy is cross-origin: customers' pages load /sightline.js and post to
 *   collect from their own origins.
 * The demo website is another server (demo/demo-site-app.ts) and gets none of this: it stands for a
 * customer's site.
 */
const options: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", 'https:', 'http:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  frameguard: { action: 'deny' },
  strictTransportSecurity: false,
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  referrerPolicy: { policy: 'same-origin' },
};

/**
 * The headers helmet sets for these options, worked out once: they depend on nothing in the request.
 * (@fastify/helmet built helmet's middleware again for every answer: 8% of collect's CPU.)
 */
function helmetHeaders(): [string, string][] {
  const headers: [string, string][] = [];
  const res = {
    setHeader: (name: string, value: unknown) => headers.push([name, String(value)]),
    removeHeader: () => undefined,
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

const ORIGIN = /^https:\/\/[A-Za-z0-9.-]+(:\d+)?$/;

/**
 * The Content-Security-Policy of an embed share link's page (routes/share-page-routes.ts): the same
 * policy with the owner's origins as its `frame-ancestors` instead of 'none'. Every other page keeps
 * refusing frames. An origin that is not a plain https origin is left out (they are checked when the
 * link is made and imported; this is the last guard before they become a header).
 */
export function framableCsp(origins: string[]): string {
  const csp = helmetHeaders().find(([name]) => name.toLowerCase() === 'content-security-policy')![1];
  const allowed = origins.filter((o) => ORIGIN.test(o));
  return csp.replace("frame-ancestors 'none'", `frame-ancestors ${allowed.length > 0 ? allowed.join(' ') : "'none'"}`);
}

export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const headers = Object.fromEntries(helmetHeaders());
  // On the reply, not `reply.raw.setHeader`: once any header is set on the raw response, Node sets
  // every header Fastify writes later one call at a time too (5% of collect's main thread).
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
});

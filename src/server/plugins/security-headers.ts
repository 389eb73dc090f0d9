import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

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
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  await app.register(helmet, {
    global: true,
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
  });
});

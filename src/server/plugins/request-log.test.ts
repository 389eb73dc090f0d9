import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { aroundToday, collect, pageview } from '../test-support/collect-requests.js';
import { apiUrl, createTestEnv, type TestEnv } from '../test-support/fixtures.js';

// Issue 44 §4: one JSON line per request at info, from pino through Fastify, holding no token, cookie,
// query string or client address (sign-in and share links carry their tokens in the URL).

const SECRET = 'Zq7secretTokenText0123456789abcdefghijklmno';
const ADDRESS = '203.0.113.77';

let env: TestEnv;
let app: FastifyInstance;
let lines: string[];
beforeEach(async () => {
  env = await createTestEnv();
  lines = [];
  app = await buildApp({ store: env.store, logLevel: 'info', logStream: { write: (line) => lines.push(line) } });
});
afterEach(async () => {
  await app.close();
  await env.close();
});

describe('request log', () => {
  it('writes one JSON line per request: method, route template, status and time, nothing of the URL, headers or address', async () => {
    const requests = [
      { url: `/sign-in?token=${SECRET}` },
      { url: `/api/share/v1/open/${SECRET}` },
      {
        url: apiUrl('/properties/site-a/traffic/summary', {
          ...aroundToday(),
          filters: JSON.stringify([['is', 'page', [`/${SECRET}`]]]),
        }),
        headers: { authorization: `Bearer ${env.keys.a}`, cookie: `sl_session=${SECRET}` },
      },
      { url: `/no/such/page?token=${SECRET}` },
    ];
    for (const r of requests) await app.inject({ ...r, remoteAddress: ADDRESS });
    expect((await collect(app, pageview(), { headers: { 'x-forwarded-for': ADDRESS } })).status).toBe(202);

    const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const requestLines = logged.filter((l) => l.msg === 'request');
    expect(requestLines.map((l) => [l.method, l.route, l.status])).toEqual([
      ['GET', '/sign-in', expect.any(Number)],
      ['GET', '/api/share/v1/open/:token', expect.any(Number)],
      ['GET', '/api/external/v1/properties/:propertyId/traffic/summary', 200],
      ['GET', 'not_found', 404],
      ['POST', '/api/collect', 202],
    ]);
    for (const line of requestLines) {
      expect(Object.keys(line).sort()).toEqual(
        ['hostname', 'level', 'method', 'ms', 'msg', 'pid', 'reqId', 'route', 'status', 'time'].sort(),
      );
      expect(line.level).toBe(30); // info
      expect(line.ms).toEqual(expect.any(Number));
    }
    const text = lines.join('');
    for (const secret of [SECRET, env.keys.a, ADDRESS, 'sl_session', '?', 'cookie', 'authorization'])
      expect(text, secret).not.toContain(secret);
  });

  it('at warn, writes no request lines', async () => {
    const quiet: string[] = [];
    const warnApp = await buildApp({ store: env.store, logLevel: 'warn', logStream: { write: (l) => quiet.push(l) } });
    try {
      await warnApp.inject({ url: '/healthz' });
      expect(quiet).toEqual([]);
    } finally {
      await warnApp.close();
    }
  });
});

import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_CONNECTION_LIMITS } from '../plugins/connection-limits.js';
import { buildDemoSite } from './demo-site-app.js';

// The demo website listens on a port of its own, so it needs the app's guards against slow clients.
let demo: FastifyInstance;
let port: number;
beforeAll(async () => {
  demo = await buildDemoSite({ trackerOrigin: () => 'http://127.0.0.1:8787' });
  port = Number(new URL(await demo.listen({ host: '127.0.0.1', port: 0 })).port);
});
afterAll(() => demo.close());

describe('the demo website server', () => {
  it("has the app's deadlines and connection cap", () => {
    expect(demo.server.headersTimeout).toBe(DEFAULT_CONNECTION_LIMITS.headersTimeoutMs);
    expect(demo.server.requestTimeout).toBe(DEFAULT_CONNECTION_LIMITS.requestTimeoutMs);
    expect(demo.server.maxConnections).toBe(DEFAULT_CONNECTION_LIMITS.maxConnections);
  });

  it('answers a malformed request in the error envelope', async () => {
    const answer = await new Promise<string>((resolve) => {
      let text = '';
      const socket = connect(port, '127.0.0.1', () => socket.write('NOT HTTP AT ALL\r\n\r\n'));
      socket.on('data', (d) => (text += d));
      socket.on('close', () => resolve(text));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect(answer).toContain('"code":"invalid_request"');
  });
});

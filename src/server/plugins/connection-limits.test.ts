import type { FastifyInstance } from 'fastify';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openDuckdbStore } from '../store/duckdb/duckdb-store.js';
import type { Store } from '../store/store.js';

// Slow clients against a listening server: the flood comes from 127.0.0.2 (Linux answers all of
// 127/8 on loopback), the health check from 127.0.0.1, as a monitor on another machine would.
let store: Store;
let app: FastifyInstance;
let port: number;
beforeAll(async () => {
  store = await openDuckdbStore(':memory:');
  app = await buildApp({
    store,
    countryOf: () => null,
    // Deadlines long enough that the health check below never races them on a busy machine.
    connections: {
      headersTimeoutMs: 1_500,
      requestTimeoutMs: 2_000,
      idleTimeoutMs: 20_000,
      checkEveryMs: 50,
      maxPerAddress: 4,
    },
  });
  port = (await app.listen({ host: '127.0.0.1', port: 0 }), (app.server.address() as AddressInfo).port);
});
afterAll(async () => {
  await app.close();
  await store.close();
});

interface Slow {
  socket: Socket;
  received: () => string;
  closed: Promise<void>;
  isClosed: () => boolean;
}

/** A client that sends `start`, then one more byte every 50 ms, until the server hangs up. */
function slowClient(start: string, from = '127.0.0.2'): Promise<Slow> {
  const socket = connect({ host: '127.0.0.1', port, localAddress: from });
  let received = '';
  let isClosed = false;
  socket.on('data', (d) => (received += d));
  socket.on('error', () => undefined); // a reset is one way of being cut
  const closed = new Promise<void>((done) => socket.once('close', () => done()));
  const drip = setInterval(() => socket.writable && socket.write('x'), 50);
  void closed.then(() => {
    isClosed = true;
    clearInterval(drip);
  });
  return new Promise((ready) =>
    socket.once('connect', () => {
      socket.write(start);
      ready({ socket, received: () => received, closed, isClosed: () => isClosed });
    }),
  );
}

const connections = () =>
  new Promise<number>((done, fail) => app.server.getConnections((e, n) => (e ? fail(e) : done(n))));
async function untilConnections(n: number) {
  while ((await connections()) < n) await new Promise((r) => setTimeout(r, 10));
}
const health = async () =>
  (await fetch(`http://127.0.0.1:${port}/healthz`, { headers: { connection: 'close' } })).status;

describe('slow clients', () => {
  it('holds at most 4 connections per address, cuts the rest at once and the held ones at their deadline with a 408, and answers /healthz throughout', async () => {
    const trickleHeaders = 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ';
    const trickleBody =
      'POST /api/collect HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"events":"';
    const held = [
      await slowClient(trickleHeaders),
      await slowClient(trickleHeaders),
      await slowClient(trickleHeaders),
      await slowClient(trickleBody),
    ];
    await untilConnections(4);

    const refused = await Promise.all(Array.from({ length: 4 }, () => slowClient(trickleHeaders)));
    await Promise.all(refused.map((c) => c.closed));
    expect(refused.map((c) => c.received())).toEqual(['', '', '', '']);

    expect(await health()).toBe(200);
    expect(held.filter((c) => c.isClosed())).toHaveLength(0);

    await Promise.all(held.map((c) => c.closed));
    for (const c of held) {
      expect(c.received()).toMatch(/^HTTP\/1\.1 408 /);
      expect(JSON.parse(c.received().split('\r\n\r\n')[1])).toMatchObject({
        error: { code: 'invalid_request', details: { field: 'request' } },
      });
    }
    expect(await health()).toBe(200);
  }, 10_000);

  it('answers headers over the size limit with a 431 in the envelope', async () => {
    const socket = connect({ host: '127.0.0.1', port });
    let received = '';
    socket.on('data', (d) => (received += d));
    socket.on('error', () => undefined);
    socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'y'.repeat(20_000)}\r\n\r\n`);
    await new Promise((done) => socket.once('close', done));
    expect(received).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(received.split('\r\n\r\n')[1])).toMatchObject({
      error: { code: 'invalid_request', details: { field: 'headers' } },
    });
  });
});

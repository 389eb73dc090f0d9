import type { FastifyInstance } from 'fastify';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope } from '../../contract/common.js';
import { buildApp } from '../app.js';
import { openDuckdbStore } from '../store/duckdb/duckdb-store.js';
import type { Store } from '../store/store.js';

// Node's HTTP parser rejects these before Fastify has a request, so only a listening server shows
// what a client gets back: bytes written on a raw socket, read until the server hangs up.
let store: Store;
let app: FastifyInstance;
let port: number;
beforeAll(async () => {
  store = await openDuckdbStore(':memory:');
  app = await buildApp({ store, countryOf: () => null });
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await app.close();
  await store.close();
});

/** What the server answers to `bytes`, once it has closed the connection. */
function exchange(bytes: string): Promise<string> {
  return new Promise((done) => {
    const socket = connect({ host: '127.0.0.1', port });
    let received = '';
    socket.on('data', (d) => (received += d));
    socket.on('error', () => undefined); // a flood's unread rest may end in a reset, after the answer
    socket.once('close', () => done(received));
    socket.write(bytes);
  });
}

function expectEnvelope(received: string, status: number, field: string) {
  const [head, body] = received.split('\r\n\r\n');
  expect(head).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
  expect(head.toLowerCase()).toContain('content-type: application/json');
  expect(head.toLowerCase()).toContain('connection: close');
  expect(errorEnvelope.parse(JSON.parse(body)).error).toMatchObject({ code: 'invalid_request', details: { field } });
}

describe('requests Node cannot parse get the error envelope, then the connection closes', () => {
  it.each([
    ['a request line that is not HTTP', 'HELLO WORLD\r\n\r\n'],
    ['a control character in the target', 'GET /a\u0001b HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['a header line without a colon', 'GET /healthz HTTP/1.1\r\nHost: x\r\nnot a header\r\n\r\n'],
  ])('400 for %s', async (_what, bytes) => {
    expectEnvelope(await exchange(bytes), 400, 'request');
  });

  it('431 for headers over the size limit, even when a megabyte more follows', async () => {
    expectEnvelope(
      await exchange(`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'y'.repeat(1_000_000)}\r\n\r\n`),
      431,
      'headers',
    );
  });

  it('keeps answering others', async () => {
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  });
});

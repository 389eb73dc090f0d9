import autocannon from 'autocannon';
import { connect, type Socket } from 'node:net';
import { Worker } from 'node:worker_threads';

// The pieces of `npm run bench -- load`: hostile clients on loopback and a /healthz probe. Every
// flood is bounded in connections and time, and only ever dials 127.0.0.1.

export interface SlowFloodFigures {
  connections: number;
  addresses: number;
  /** Connections the server accepted and kept (the most open at any one-second sample). */
  heldAtMost: number;
  /** Connections the server closed at once without a word (the per-address or total cap). */
  refused: number;
  /** Connections cut with a 408 at the header deadline. */
  cut408: number;
  /** Closed some other way (a reset after data, an answer other than 408). */
  otherClosed: number;
}

const SLOW_START = 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ';

/**
 * `connections` sockets from `addresses` loopback addresses (127.0.0.2, .3, …), each sending a header
 * that never ends, one byte every `trickleMs`, and reopening when the server hangs up (a refused one
 * after a second). Opens them 200 at a time so the flood itself does not stall the machine.
 */
export function slowFlood(port: number, o: { connections: number; addresses: number; trickleMs: number }) {
  const f: SlowFloodFigures = { connections: o.connections, addresses: o.addresses, heldAtMost: 0, refused: 0, cut408: 0, otherClosed: 0 };
  const open = new Set<Socket>();
  let stopping = false;
  const one = (from: string) => {
    if (stopping) return;
    const socket = connect({ host: '127.0.0.1', port, localAddress: from });
    let received = '';
    let drip: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      open.add(socket);
      socket.write(SLOW_START);
      drip = setInterval(() => socket.writable && socket.write('x'), o.trickleMs);
    });
    socket.on('data', (d) => (received += d));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(drip);
      open.delete(socket);
      if (stopping) return;
      if (received.startsWith('HTTP/1.1 408')) f.cut408++;
      else if (received === '') f.refused++;
      else f.otherClosed++;
      setTimeout(() => one(from), received === '' ? 1_000 : 0);
    });
  };
  let started = 0;
  const opener = setInterval(() => {
    for (let i = 0; i < 200 && started < o.connections; i++, started++) one(`127.0.0.${2 + (started % o.addresses)}`);
    if (started >= o.connections) clearInterval(opener);
  }, 50);
  const sampler = setInterval(() => (f.heldAtMost = Math.max(f.heldAtMost, open.size)), 1_000);
  return {
    stop(): SlowFloodFigures {
      stopping = true;
      clearInterval(opener);
      clearInterval(sampler);
      for (const s of open) s.destroy();
      return f;
    },
  };
}

export interface CannonFigures {
  connections: number;
  seconds: number;
  statuses: Record<string, number>;
  requestsPerSec: number;
  bytes: number;
  errors: number;
}

/** autocannon for `seconds`, counting the answers by status. */
export function cannon(o: { url: string; connections: number; seconds: number; method?: string; headers?: Record<string, string>; body?: (n: number) => string }): Promise<CannonFigures> {
  const statuses: Record<string, number> = {};
  let n = 0;
  const body = o.body;
  if (o.connections === 0) return Promise.resolve({ connections: 0, seconds: o.seconds, statuses, requestsPerSec: 0, bytes: 0, errors: 0 });
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: o.url,
        connections: o.connections,
        duration: o.seconds,
        timeout: 10,
        requests: [{ method: o.method ?? 'GET', headers: o.headers, ...(body ? { setupRequest: (r) => ({ ...r, body: body(n++) }) } : {}) }],
      },
      (error, result) => {
        if (error) return reject(error);
        resolve({ connections: o.connections, seconds: o.seconds, statuses, requestsPerSec: result.requests.average, bytes: result.throughput.total, errors: result.errors });
      },
    );
    instance.on('response', (_client, status) => {
      statuses[status] = (statuses[status] ?? 0) + 1;
    });
  });
}

export interface ProbeFigures {
  probes: number;
  failed: number;
  medianMs: number;
  p99Ms: number;
  maxMs: number;
}

// Its own thread, so the floods' work in this process does not delay the probe's clock or its requests.
const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { port, everyMs, localAddress } = workerData;
const samples = [];
let failed = 0;
let stopped = false;
parentPort.on('message', () => (stopped = true));
function probe() {
  if (stopped) return parentPort.postMessage({ samples, failed });
  const t0 = performance.now();
  let done = false;
  const finish = (ok) => {
    if (done) return;
    done = true;
    if (ok) samples.push(performance.now() - t0); else failed++;
    setTimeout(probe, everyMs);
  };
  const req = http.get({ host: '127.0.0.1', port, path: '/healthz', localAddress, agent: false, timeout: 5000 }, (res) => {
    res.resume();
    res.on('end', () => finish(res.statusCode === 200));
  });
  req.on('timeout', () => req.destroy(new Error('timeout')));
  req.on('error', () => finish(false));
}
probe();
`;

const quantile = (sorted: number[], q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : NaN);

/** GET /healthz on a fresh connection from `localAddress` every `everyMs`, until stopped. */
export function healthProbe(port: number, o: { everyMs: number; localAddress: string }) {
  const worker = new Worker(PROBE, { eval: true, workerData: { port, ...o } });
  return {
    async stop(): Promise<ProbeFigures> {
      const result = new Promise<{ samples: number[]; failed: number }>((done) => worker.once('message', done));
      worker.postMessage('stop');
      const { samples, failed } = await result;
      await worker.terminate();
      const sorted = [...samples].sort((a, b) => a - b);
      return { probes: samples.length + failed, failed, medianMs: quantile(sorted, 0.5), p99Ms: quantile(sorted, 0.99), maxMs: sorted.at(-1) ?? NaN };
    },
  };
}

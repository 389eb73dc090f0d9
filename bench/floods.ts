import autocannon from 'autocannon';
import { connect, type Socket } from 'node:net';
import { spawn } from 'node:child_process';

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
  const f: SlowFloodFigures = {
    connections: o.connections,
    addresses: o.addresses,
    heldAtMost: 0,
    refused: 0,
    cut408: 0,
    otherClosed: 0,
  };
  const open = new Map<Socket, number>();
  let stopping = false;
  const one = (from: string) => {
    if (stopping) return;
    const socket = connect({ host: '127.0.0.1', port, localAddress: from });
    let received = '';
    let drip: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      open.set(socket, Date.now());
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
  // Held: open for over a second (a refused connection is connected for a moment before it closes).
  const sampler = setInterval(() => {
    const since = Date.now() - 1_000;
    f.heldAtMost = Math.max(f.heldAtMost, [...open.values()].filter((at) => at < since).length);
  }, 1_000);
  return {
    stop(): SlowFloodFigures {
      stopping = true;
      clearInterval(opener);
      clearInterval(sampler);
      for (const s of open.keys()) s.destroy();
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
  /** Latency of the answers, ms (autocannon's median and p99). */
  latency?: { medianMs: number; p99Ms: number };
}

/** autocannon for `seconds`, counting the answers by status. */
export function cannon(o: {
  url: string;
  connections: number;
  seconds: number;
  method?: string;
  headers?: Record<string, string>;
  body?: (n: number) => string;
}): Promise<CannonFigures> {
  const statuses: Record<string, number> = {};
  let n = 0;
  const body = o.body;
  if (o.connections === 0)
    return Promise.resolve({ connections: 0, seconds: o.seconds, statuses, requestsPerSec: 0, bytes: 0, errors: 0 });
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: o.url,
        connections: o.connections,
        duration: o.seconds,
        timeout: 10,
        requests: [
          {
            method: o.method ?? 'GET',
            headers: o.headers,
            ...(body ? { setupRequest: (r) => ({ ...r, body: body(n++) }) } : {}),
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          connections: o.connections,
          seconds: o.seconds,
          statuses,
          requestsPerSec: result.requests.average,
          bytes: result.throughput.total,
          errors: result.errors,
          latency: { medianMs: result.latency.p50, p99Ms: result.latency.p99 },
        });
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
  /** The five slowest, slowest first. */
  slowest: number[];
}

// Its own process, spawned before the load generators lower their priority, so their work on this
// machine delays neither the probe's clock nor its requests.
const PROBE = `
const http = require('node:http');
const { port, everyMs, localAddress } = JSON.parse(process.argv[1]);
let running = false;
let phase = 0; // a probe of an ended phase must not go on into the next
process.on('message', (m) => {
  if (m === 'begin') {
    running = true;
    probe(++phase);
  } else if (m === 'end') running = false;
  else if (m === 'exit') process.exit(0);
});
process.on('disconnect', () => process.exit(0));
function probe(mine) {
  if (!running || mine !== phase) return;
  const t0 = performance.now();
  let done = false;
  const finish = (ok) => {
    if (done) return;
    done = true;
    process.send(ok ? performance.now() - t0 : null);
    setTimeout(() => probe(mine), everyMs);
  };
  const req = http.get({ host: '127.0.0.1', port, path: '/healthz', localAddress, agent: false, timeout: 5000 }, (res) => {
    res.resume();
    res.on('end', () => finish(res.statusCode === 200));
  });
  req.on('timeout', () => req.destroy(new Error('timeout')));
  req.on('error', () => finish(false));
}
`;

const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : NaN;

/** GET /healthz on a fresh connection from `localAddress` every `everyMs` between begin() and end(). */
export function healthProbe(port: number, o: { everyMs: number; localAddress: string }) {
  const child = spawn(process.execPath, ['-e', PROBE, JSON.stringify({ port, ...o })], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  // Each answer's time as it comes (null for a failure), so ending never waits on a probe in flight.
  let samples: number[] = [];
  let failed = 0;
  child.on('message', (m) => (m === null ? failed++ : samples.push(m as number)));
  return {
    begin() {
      samples = [];
      failed = 0;
      child.send('begin');
    },
    end(): ProbeFigures {
      child.send('end');
      const sorted = [...samples].sort((a, b) => a - b);
      return {
        probes: samples.length + failed,
        failed,
        medianMs: quantile(sorted, 0.5),
        p99Ms: quantile(sorted, 0.99),
        maxMs: sorted.at(-1) ?? NaN,
        slowest: sorted.slice(-5).reverse(),
      };
    },
    close() {
      child.send('exit');
    },
  };
}

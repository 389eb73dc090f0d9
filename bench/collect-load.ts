import autocannon, { type Result } from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDuckdbStore } from '../src/server/store/duckdb/duckdb-store.js';

// `npm run bench -- collect`: POST /api/collect under load against the real server (a child process,
// as `npm start` runs it), then the two promises of operations.md §3: every 202 is in the store after
// a SIGTERM, and after a kill -9 and a restart.

export interface CollectBenchOptions {
  /** Seconds of measured load per phase (default 10). */
  durationSec?: number;
  /** Seconds of unmeasured load before each measured phase (default 2). */
  warmupSec?: number;
  /** Connections sending single-event bodies (default 32). */
  singleConnections?: number;
  /** Connections sending batches (default 16). */
  batchedConnections?: number;
  /** Events per batched body (default 50; the API takes at most 100). */
  batchSize?: number;
  /** Seconds into the durability run at which the server is killed with SIGKILL (default 3). */
  killAfterSec?: number;
  /** Prints progress to stderr (default true). */
  verbose?: boolean;
}

export interface LoadFigures {
  eventsPerRequest: number;
  connections: number;
  seconds: number;
  /** Median and mean over the run's one-second samples of events answered 202. */
  eventsPerSecMedian: number;
  eventsPerSecMean: number;
  requestsPerSecMedian: number;
  latencyMs: { p50: number; p99: number; max: number };
  /** Events of every 202 the load generator received, warm-up included. */
  accepted: number;
  /** Events the store holds for this phase's property after the server exited on SIGTERM. */
  stored: number;
  /** Responses other than 202, and connection errors (both should be 0). */
  refused: number;
  errors: number;
}

export interface DurabilityFigures {
  eventsPerRequest: number;
  connections: number;
  killedAfterMs: number;
  /** Events of the 202s received before the server died. */
  accepted: number;
  /** Events found after the restart: at least `accepted`; the excess was committed but never answered. */
  stored: number;
  /** Requests in flight at any moment (one per connection), so the excess is at most this × eventsPerRequest. */
  maxInFlight: number;
  /** The restarted server opened the store (WAL replay) and answered /healthz. */
  restartHealthy: boolean;
}

export interface CollectBenchResult {
  node: string;
  cpus: number;
  single: LoadFigures;
  batched: LoadFigures;
  /** Exit code of the server on SIGTERM after the measured phases (0 expected). */
  sigtermExitCode: number | null;
  durability: DurabilityFigures;
  /** Exit code of the restarted server on SIGTERM (0 expected). */
  restartExitCode: number | null;
  serverPeakRssMb: number;
}

const DESKTOP_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const PROPS = { single: 'collect-single', batched: 'collect-batched', durable: 'collect-durable' };

interface ServerProcess {
  url: string;
  pid: number;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function nodeTs(script: string, args: string[], dataDir: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DEMO: '0', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'error', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

async function cli(dataDir: string, args: string[]): Promise<void> {
  const child = nodeTs('src/cli/main.ts', args, dataDir);
  let output = '';
  child.stdout!.on('data', (s: Buffer) => (output += s));
  child.stderr!.on('data', (s: Buffer) => (output += s));
  const code = await new Promise<number | null>((done) => child.once('close', done));
  if (code !== 0) throw new Error(`cli ${args.join(' ')} exited ${code}: ${output}`);
}

/** Starts `src/server/main.ts` on the store and resolves once it prints its address. */
async function startServer(dataDir: string): Promise<ServerProcess> {
  const child = nodeTs('src/server/main.ts', [], dataDir);
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (s: Buffer) => (stderr += s));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => child.once('exit', (code, signal) => done({ code, signal })));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (s: Buffer) => {
      stdout += s;
      const match = /running at (http:\/\/\S+?)\/?$/m.exec(stdout);
      if (match) resolve(match[1]);
    });
    void exited.then(({ code, signal }) => reject(new Error(`server exited (${code ?? signal}) before it was running\n${stdout}\n${stderr}`)));
  });
  return { url, pid: child.pid!, child, exited };
}

async function sigterm(server: ServerProcess): Promise<number | null> {
  server.child.kill('SIGTERM');
  const { code, signal } = await server.exited;
  if (signal) throw new Error(`server ended by ${signal} instead of exiting on SIGTERM`);
  return code;
}

function peakRssMb(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmHWM'));
    return Number(line?.replace(/\D+/g, '') ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/**
 * Body number `n` of a phase: fresh sessions every time, so the session table grows as in real
 * traffic. A session's events: two page views, engagement on each, one click.
 */
function bodyMaker(propertyId: string, eventsPerRequest: number): (n: number) => string {
  const kinds = [
    (s: string) => ({ type: 'pageview', path: '/', referrer: 'https://www.google.com/', utm_source: 'google', session_id: s }),
    (s: string) => ({ type: 'engagement', path: '/', scroll_depth: 0.6, engaged_ms: 4200, session_id: s }),
    (s: string) => ({ type: 'click', path: '/', target: 'a.cta', href: '/pricing', session_id: s }),
    (s: string) => ({ type: 'pageview', path: '/pricing', session_id: s }),
    (s: string) => ({ type: 'engagement', path: '/pricing', scroll_depth: 0.9, engaged_ms: 9100, session_id: s }),
  ];
  // Templates with a placeholder for the request number keep the load generator cheap.
  const event = (kind: number, session: string) => ({ property_id: propertyId, visitor_id: `v${session}`, ...kinds[kind](`s${session}`) });
  if (eventsPerRequest === 1) {
    // Single events: each session's five events arrive as five consecutive requests.
    const templates = kinds.map((_, k) => JSON.stringify(event(k, '__N__')));
    return (n) => templates[n % kinds.length].replaceAll('__N__', String(Math.floor(n / kinds.length)));
  }
  const template = JSON.stringify({ events: Array.from({ length: eventsPerRequest }, (_, i) => event(i % kinds.length, `__N__x${Math.floor(i / kinds.length)}`)) });
  return (n) => template.replaceAll('__N__', String(n));
}

interface LoadRun {
  accepted: number;
  requests202: number;
  refused: number;
  perSecond: number[];
  result: Result;
}

/** What autocannon's per-connection client exposes to `setupClient`; see its lib/httpClient.js. */
interface AutocannonClient {
  reqsMade: number;
  responseMax?: number;
}

/**
 * autocannon against /api/collect for `seconds`, counting every 202 as it arrives. At the end each
 * connection sends nothing more but waits for its answer (autocannon's own deadline would cut the
 * connections with requests in flight, which the server may still commit): that keeps "stored equal
 * to accepted" exact. `onStart` gets a `stop` that cuts the connections at once (for kill -9).
 */
function load(url: string, opts: { connections: number; seconds: number; eventsPerRequest: number; body: (n: number) => string; onStart?: (stop: () => void) => void }): Promise<LoadRun> {
  let n = 0;
  let requests202 = 0;
  let refused = 0;
  let second = 0;
  const perSecond: number[] = [];
  const clients: AutocannonClient[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${url}/api/collect`,
        connections: opts.connections,
        duration: opts.seconds + 60, // a safety net: the deadline below ends the run
        timeout: 30,
        setupClient: (client) => clients.push(client as AutocannonClient),
        requests: [
          {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'user-agent': DESKTOP_UA },
            setupRequest: (request) => ({ ...request, body: opts.body(n++) }),
          },
        ],
      },
      (error, result) => {
        clearInterval(ticker);
        clearTimeout(deadline);
        if (error) return reject(error);
        resolve({ accepted: requests202 * opts.eventsPerRequest, requests202, refused, perSecond, result });
      },
    );
    instance.on('response', (_client, statusCode) => {
      if (statusCode === 202) {
        requests202++;
        second++;
      } else refused++;
    });
    const ticker = setInterval(() => {
      perSecond.push(second * opts.eventsPerRequest);
      second = 0;
    }, 1_000);
    // a client whose responseMax is reached closes after its next answer instead of sending again
    const deadline = setTimeout(() => {
      for (const c of clients) c.responseMax = c.reqsMade;
    }, opts.seconds * 1_000);
    opts.onStart?.(() => instance.stop());
  });
}

const median = (xs: number[]) => {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

/** A warm-up, then the measured run; `stored` is filled in once the server has exited. */
async function measure(url: string, propertyId: string, eventsPerRequest: number, connections: number, o: Required<CollectBenchOptions>): Promise<LoadFigures> {
  const body = bodyMaker(propertyId, eventsPerRequest);
  const warm = await load(url, { connections, seconds: o.warmupSec, eventsPerRequest, body });
  // numbered far from the warm-up's requests, so no session of the run continues one of the warm-up
  const run = await load(url, { connections, seconds: o.durationSec, eventsPerRequest, body: (n) => body(10_000_000 + n) });
  const samples = run.perSecond.slice(0, o.durationSec); // a last partial second would drag the median
  return {
    eventsPerRequest,
    connections,
    seconds: run.result.duration,
    eventsPerSecMedian: median(samples),
    eventsPerSecMean: mean(samples),
    requestsPerSecMedian: median(samples) / eventsPerRequest,
    latencyMs: { p50: run.result.latency.p50, p99: run.result.latency.p99, max: run.result.latency.max },
    accepted: warm.accepted + run.accepted,
    stored: -1,
    refused: warm.refused + run.refused,
    errors: warm.result.errors + run.result.errors,
  };
}

/** Runs the collect benchmark in a temporary DATA_DIR (removed afterwards) and returns its figures. */
export async function runCollectBench(options: CollectBenchOptions = {}): Promise<CollectBenchResult> {
  const o: Required<CollectBenchOptions> = {
    durationSec: 10, warmupSec: 2, singleConnections: 32, batchedConnections: 16, batchSize: 50, killAfterSec: 3, verbose: true,
    ...options,
  };
  const log = (line: string) => o.verbose && console.error(line);
  const dataDir = mkdtempSync(join(tmpdir(), 'sightline-collect-bench-'));
  try {
    for (const id of Object.values(PROPS)) await cli(dataDir, ['properties', 'create', '--id', id, '--name', id]);

    // (a) single events and (b) batches, then SIGTERM: everything answered 202 must be stored.
    let server = await startServer(dataDir);
    let rss = 0;
    log(`collect: ${o.durationSec} s of single-event requests, ${o.singleConnections} connections…`);
    const single = await measure(server.url, PROPS.single, 1, o.singleConnections, o);
    log(`  ${Math.round(single.eventsPerSecMedian).toLocaleString('en-US')} events/s; ${o.durationSec} s of ${o.batchSize}-event batches, ${o.batchedConnections} connections…`);
    const batched = await measure(server.url, PROPS.batched, o.batchSize, o.batchedConnections, o);
    log(`  ${Math.round(batched.eventsPerSecMedian).toLocaleString('en-US')} events/s; SIGTERM…`);
    rss = Math.max(rss, peakRssMb(server.pid));
    const sigtermExitCode = await sigterm(server);
    let store = await openDuckdbStore(dataDir);
    try {
      single.stored = await store.countEvents([PROPS.single]);
      batched.stored = await store.countEvents([PROPS.batched]);
    } finally {
      await store.close();
    }

    // (c) kill -9 in the middle of a batched run, restart, and look for every event answered 202.
    log(`durability: batched load, kill -9 after ${o.killAfterSec} s, restart…`);
    server = await startServer(dataDir);
    const victim = server;
    let killedAt = 0;
    let startedAt = 0;
    const run = await load(server.url, {
      connections: o.batchedConnections,
      seconds: o.killAfterSec + 30,
      eventsPerRequest: o.batchSize,
      body: bodyMaker(PROPS.durable, o.batchSize),
      onStart: (stop) => {
        startedAt = Date.now();
        setTimeout(() => {
          rss = Math.max(rss, peakRssMb(victim.pid));
          victim.child.kill('SIGKILL');
          killedAt = Date.now();
          // let responses already on the wire arrive, then stop hammering a closed port
          void victim.exited.then(() => setTimeout(stop, 200));
        }, o.killAfterSec * 1_000);
      },
    });
    await victim.exited;
    server = await startServer(dataDir);
    const health = await fetch(`${server.url}/healthz`).catch(() => null);
    const restartHealthy = health?.status === 200;
    const restartExitCode = await sigterm(server);
    store = await openDuckdbStore(dataDir);
    let stored: number;
    try {
      stored = await store.countEvents([PROPS.durable]);
    } finally {
      await store.close();
    }
    const durability: DurabilityFigures = {
      eventsPerRequest: o.batchSize,
      connections: o.batchedConnections,
      killedAfterMs: killedAt - startedAt,
      accepted: run.accepted,
      stored,
      maxInFlight: o.batchedConnections,
      restartHealthy,
    };
    log(`  accepted ${durability.accepted.toLocaleString('en-US')}, stored after restart ${stored.toLocaleString('en-US')}`);
    return { node: process.version, cpus: availableParallelism(), single, batched, sigtermExitCode, durability, restartExitCode, serverPeakRssMb: rss };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

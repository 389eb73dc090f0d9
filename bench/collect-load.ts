import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDuckdbStore } from '../src/server/store/duckdb/duckdb-store.js';
import { bodyMaker, load } from './collect-traffic.js';
import { cli, peakRssMb, sigterm, startServer, type ServerProcess } from './server-process.js';

// `npm run bench -- collect`: POST /api/collect under load against the real server (a child process,
// as `npm start` runs it), then the two promises of operations.md §3: every 202 is in the store after
// a SIGTERM, and after a kill -9 and a restart.

export interface CollectBenchOptions {
  /** Seconds of measured load per phase (default 10). */
  durationSec?: number;
  /** Seconds of unmeasured load before each measured phase (default 2). */
  warmupSec?: number;
  /** Connections sending single-event bodies (default 256: many browsers, one event each). */
  singleConnections?: number;
  /** Connections sending batches (default 64). */
  batchedConnections?: number;
  /** Events per batched body (default 20, as in the ingestion goal; the API takes at most 100). */
  batchSize?: number;
  /** Seconds into the durability run at which the server is killed with SIGKILL (default 3). */
  killAfterSec?: number;
  /** Prints progress to stderr (default true). */
  verbose?: boolean;
}

export interface LoadFigures {
  eventsPerRequest: number;
  connections: number;
  /** Seconds of measured load. */
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

const PROPS = { single: 'collect-single', batched: 'collect-batched', durable: 'collect-durable' };
// The load comes from one address into one property: it measures what the server can take, so
// collect's per-client and per-property limits (docs/decisions.md) are off.
const UNLIMITED = {
  COLLECT_CLIENT_EVENTS_PER_MINUTE: '0',
  COLLECT_PROPERTY_EVENTS_PER_MINUTE: '0',
  COLLECT_CLIENT_BYTES_PER_MINUTE: '0',
  COLLECT_PROPERTY_BYTES_PER_MINUTE: '0',
};

const median = (xs: number[]) => {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

/** A warm-up, then the measured run; `stored` is filled in once the server has exited. */
async function measure(
  url: string,
  propertyId: string,
  eventsPerRequest: number,
  connections: number,
  o: Required<CollectBenchOptions>,
): Promise<LoadFigures> {
  const body = bodyMaker(propertyId, eventsPerRequest);
  const warm = await load(url, { connections, seconds: o.warmupSec, eventsPerRequest, body });
  // numbered far from the warm-up's requests, so no session of the run continues one of the warm-up
  const run = await load(url, {
    connections,
    seconds: o.durationSec,
    eventsPerRequest,
    body: (n) => body(10_000_000 + n),
  });
  const samples = run.perSecond.slice(0, o.durationSec); // a last partial second would drag the median
  return {
    eventsPerRequest,
    connections,
    seconds: o.durationSec,
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
    durationSec: 10,
    warmupSec: 2,
    singleConnections: 256,
    batchedConnections: 64,
    batchSize: 20,
    killAfterSec: 3,
    verbose: true,
    ...options,
  };
  const log = (line: string) => o.verbose && console.error(line);
  const dataDir = mkdtempSync(join(tmpdir(), 'sightline-collect-bench-'));
  let server: ServerProcess | undefined;
  try {
    for (const id of Object.values(PROPS)) await cli(dataDir, ['properties', 'create', '--id', id, '--name', id]);

    // (a) single events and (b) batches, then SIGTERM: everything answered 202 must be stored.
    server = await startServer(dataDir, UNLIMITED);
    let rss = 0;
    log(`collect: ${o.durationSec} s of single-event requests, ${o.singleConnections} connections…`);
    const single = await measure(server.url, PROPS.single, 1, o.singleConnections, o);
    log(
      `  ${Math.round(single.eventsPerSecMedian).toLocaleString('en-US')} events/s; ${o.durationSec} s of ${o.batchSize}-event batches, ${o.batchedConnections} connections…`,
    );
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
    server = await startServer(dataDir, UNLIMITED);
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
    server = await startServer(dataDir, UNLIMITED);
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
    log(
      `  accepted ${durability.accepted.toLocaleString('en-US')}, stored after restart ${stored.toLocaleString('en-US')}`,
    );
    return {
      node: process.version,
      cpus: availableParallelism(),
      single,
      batched,
      sigtermExitCode,
      durability,
      restartExitCode,
      serverPeakRssMb: rss,
    };
  } finally {
    // on a failure half-way, don't leave a server behind on the directory we remove
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

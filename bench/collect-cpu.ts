import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bodyMaker, load } from './collect-traffic.js';
import { cli, sigterm, startServer } from './server-process.js';

// `tsx bench/collect-cpu.ts [single|batched] [seconds] [connections]`: the server's CPU time per
// collect request under a fixed load, read from /proc before and after the run. On a machine shared
// with other work, throughput is noise but CPU per request is not: compare builds by this figure.
// SERVER_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") go to the server's node.

const TICK_MS = 10; // USER_HZ = 100 on Linux

function cpuMs(pid: number, tid?: number): number {
  const stat = readFileSync(tid ? `/proc/${pid}/task/${tid}/stat` : `/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS; // utime, stime
}

/** CPU ms by thread name (DuckDB's workers, V8's GC helpers, libuv's pool…). */
function threadCpu(pid: number): Map<string, number> {
  const byName = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    if (Number(tid) === pid) continue;
    try {
      const name = process.env.BY_THREAD
        ? tid
        : readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim().replace(/\d+$/, '');
      byName.set(name, (byName.get(name) ?? 0) + cpuMs(pid, Number(tid)));
    } catch {
      // the thread ended
    }
  }
  return byName;
}

const mode = process.argv[2] === 'batched' ? 'batched' : 'single';
const seconds = Number(process.argv[3] ?? 10);
const eventsPerRequest = mode === 'batched' ? 20 : 1;
const connections = Number(process.argv[4] ?? (mode === 'batched' ? 64 : 256));
// A fixed request rate (RATE=2000) makes CPU per request comparable between runs: what a commit or a
// write costs is shared by however many requests arrived meanwhile.
const overallRate = process.env.RATE ? Number(process.env.RATE) : undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'sightline-collect-cpu-'));
try {
  await cli(dataDir, ['properties', 'create', '--id', 'cpu', '--name', 'cpu']);
  const env = {
    COLLECT_CLIENT_EVENTS_PER_MINUTE: '0',
    COLLECT_PROPERTY_EVENTS_PER_MINUTE: '0',
    COLLECT_CLIENT_BYTES_PER_MINUTE: '0',
    COLLECT_PROPERTY_BYTES_PER_MINUTE: '0',
  };
  const server = await startServer(dataDir, env, process.env.SERVER_NODE_ARGS?.split(' ').filter(Boolean));
  const body = bodyMaker('cpu', eventsPerRequest);
  await load(server.url, { connections, seconds: 3, eventsPerRequest, body, overallRate });
  const before = { all: cpuMs(server.pid), main: cpuMs(server.pid, server.pid), threads: threadCpu(server.pid) };
  const loadCpu = process.cpuUsage();
  const run = await load(server.url, {
    connections,
    seconds,
    eventsPerRequest,
    body: (n) => body(10_000_000 + n),
    overallRate,
  });
  const loadUs = process.cpuUsage(loadCpu);
  const after = { all: cpuMs(server.pid), main: cpuMs(server.pid, server.pid), threads: threadCpu(server.pid) };
  await sigterm(server);
  const perRequest = (ms: number) => ((ms * 1000) / run.requests202).toFixed(0);
  const perSec = [...run.perSecond.slice(0, seconds)].sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      mode,
      connections,
      requests: run.requests202,
      refused: run.refused,
      cpuUsPerRequest: Number(perRequest(after.all - before.all)),
      mainThreadUsPerRequest: Number(perRequest(after.main - before.main)),
      loadGeneratorUsPerRequest: Math.round((loadUs.user + loadUs.system) / run.requests202),
      eventsPerSecMedian: perSec[Math.floor(perSec.length / 2)],
      p50: run.result.latency.p50,
      p99: run.result.latency.p99,
      otherThreadsUsPerRequest: Object.fromEntries(
        [...after.threads]
          .map(([name, ms]) => [name, Number(perRequest(ms - (before.threads.get(name) ?? 0)))])
          .filter(([, us]) => Number(us) > 0),
      ),
    }),
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

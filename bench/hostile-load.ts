import { randomBytes } from 'node:crypto';
import { availableParallelism, loadavg, setPriority } from 'node:os';
import { brotliCompressSync } from 'node:zlib';
import { MAX_CHANGE_SIZE, MAX_RUNNING_TESTS } from '../src/contract/experiments.js';
import { bodyMaker } from './collect-traffic.js';
import { withDemoServer } from './demo-server.js';
import {
  cannon,
  healthProbe,
  slowFlood,
  type CannonFigures,
  type ProbeFigures,
  type SlowFloodFigures,
} from './floods.js';

// `npm run bench -- load`: the real server (`npm start`'s main.ts, default limits) on the demo data,
// with the property's running tests filled to the cap with incompressible text, then slow clients, a
// collect flood from one address and downloads of the biggest `/sightline.js?p=` all at once, while
// a monitor's /healthz is timed from another loopback address.

export interface HostileLoadOptions {
  seconds?: number;
  slowConnections?: number;
  slowAddresses?: number;
  collectConnections?: number;
  scriptConnections?: number;
  /** Priority of the load generators (default 10); 0 lets them take the server's CPUs. */
  nice?: number;
}

export interface HostileLoadResult {
  node: string;
  cpus: number;
  property: string;
  runningTests: number;
  /** Status of a create past the cap (409 expected). */
  overCapStatus: number;
  script: { identityBytes: number; brotliBytes: number };
  alone: ProbeFigures;
  underLoad: ProbeFigures;
  slow: SlowFloodFigures;
  collect: CannonFigures;
  scriptFlood: CannonFigures;
  seconds: number;
  /** The machine's one-minute load average as the floods started (other work on it skews the figures). */
  loadAverage: number;
  nice: number;
}

const PROPERTY = 'acme-shop';
export const PROBE_EVERY_MS = 50;
const text = (chars: number) => randomBytes(chars).toString('base64').slice(0, chars);
/** A test at the size caps: two variants of one change as long as allowed, one a bit shorter. */
const bigTest = (i: number) => ({
  name: `Load ${i}`,
  page: `/load-${i}`,
  type: 'nocode',
  variants: [MAX_CHANGE_SIZE, MAX_CHANGE_SIZE, 9_000].map((chars) => ({
    changes: [{ selector: 'main', op: 'text', value: text(chars) }],
  })),
});

async function api(url: string, key: string, path: string, body: unknown): Promise<number> {
  const res = await fetch(`${url}/api/external/v1${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  return res.status;
}

export async function runHostileLoad(options: HostileLoadOptions = {}): Promise<HostileLoadResult> {
  const o = {
    seconds: 20,
    slowConnections: 4_000,
    slowAddresses: 8,
    collectConnections: 64,
    scriptConnections: 32,
    nice: 10,
    ...options,
  };
  const log = (line: string) => console.error(line);
  return withDemoServer('load', async ({ server, port, key, stop }) => {
    // The demo's own tests stay; ours fill the property up to the cap, and one more is refused.
    let overCapStatus = 0;
    for (let i = 0; i <= MAX_RUNNING_TESTS && !overCapStatus; i++) {
      const status = await api(server.url, key, `/properties/${PROPERTY}/split-tests`, bigTest(i));
      if (status !== 201) overCapStatus = status;
    }
    const list = await fetch(
      `${server.url}/api/external/v1/properties/${PROPERTY}/split-tests?status=active&limit=100`,
      { headers: { authorization: `Bearer ${key}` } },
    );
    const runningTests = ((await list.json()) as { data: unknown[] }).data.length;
    const scriptUrl = `${server.url}/sightline.js?p=${PROPERTY}`;
    const identity = Buffer.from(
      await (await fetch(scriptUrl, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer(),
    );
    const script = { identityBytes: identity.length, brotliBytes: brotliCompressSync(identity).length };
    log(
      `  ${runningTests} tests added before a ${overCapStatus}; /sightline.js?p=${PROPERTY} is ${Math.round(script.identityBytes / 1024)} KB`,
    );

    log('  /healthz alone for 10 s…');
    const probe = healthProbe(port, { everyMs: PROBE_EVERY_MS, localAddress: '127.0.0.10' });
    probe.begin();
    await new Promise((r) => setTimeout(r, 10_000));
    const alone = probe.end();

    log(`  ${o.seconds} s of slow clients, a collect flood and script downloads, /healthz timed meanwhile…`);
    const loadAverage = loadavg()[0];
    // A remote attacker's work is not done on the server's CPUs: the generators here yield to the
    // server and the probe (both started before, at normal priority; Linux sets it per thread).
    setPriority(o.nice);
    probe.begin();
    const slow = slowFlood(port, { connections: o.slowConnections, addresses: o.slowAddresses, trickleMs: 2_000 });
    const [collect, scriptFlood] = await Promise.all([
      cannon({
        url: `${server.url}/api/collect`,
        connections: o.collectConnections,
        seconds: o.seconds,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent':
            'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
        },
        body: bodyMaker(PROPERTY, 1),
      }),
      cannon({
        url: scriptUrl,
        connections: o.scriptConnections,
        seconds: o.seconds,
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      }),
    ]);
    log('  floods done; stopping the probe, the slow clients and the server…');
    const underLoad = probe.end();
    probe.close();
    const slowFigures = slow.stop();
    const stopped = await stop();
    log(stopped === 'late' ? '  the server did not exit within 30 s of SIGTERM: killed' : '  server stopped');
    return {
      node: process.version,
      cpus: availableParallelism(),
      property: PROPERTY,
      runningTests,
      overCapStatus,
      script,
      alone,
      underLoad,
      slow: slowFigures,
      collect,
      scriptFlood,
      seconds: o.seconds,
      loadAverage,
      nice: o.nice,
    };
  });
}

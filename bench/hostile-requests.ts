import { availableParallelism, loadavg, setPriority } from 'node:os';
import { bodyMaker } from './collect-traffic.js';
import { withDemoServer } from './demo-server.js';
import { cannon, healthProbe, type CannonFigures, type ProbeFigures } from './floods.js';
import { PROBE_EVERY_MS } from './hostile-load.js';

// `npm run bench -- hostile`: the real server (`npm start`'s main.ts, default limits and report
// budget) on the demo data, sent the requests of the second attack (issue 41) all at once, while a
// monitor's /healthz is timed from another loopback address. Each kind of request is its own
// autocannon; the figures say what each got back, and what /healthz waited meanwhile.

export interface HostileRequestsOptions {
  seconds?: number;
  /** Connections per kind of request. */
  connections?: number;
  nice?: number;
}

export interface HostileKind {
  name: string;
  what: string;
  figures: CannonFigures;
}

export interface HostileRequestsResult {
  node: string;
  cpus: number;
  property: string;
  seconds: number;
  nice: number;
  loadAverage: number;
  alone: ProbeFigures;
  underLoad: ProbeFigures;
  kinds: HostileKind[];
}

const PROPERTY = 'acme-shop';
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const q = (filters: unknown) => encodeURIComponent(JSON.stringify(filters));

interface HostileRequest {
  name: string;
  what: string;
  url: string;
  method?: string;
  headers: Record<string, string>;
  body?: (n: number) => string;
}

/** The attack's requests, each as autocannon sends it. */
function kinds(url: string, key: string): HostileRequest[] {
  const p = `${url}/api/external/v1/properties/${PROPERTY}`;
  const range = `start=${day(Date.now() - 29 * 86_400_000)}&end=${day(Date.now())}`;
  const auth = { authorization: `Bearer ${key}` };
  const json = { ...auth, 'content-type': 'application/json' };
  // 340 KB of nested padding around one event (finding 7).
  const padded = JSON.stringify({
    events: [
      {
        type: 'custom',
        name: 'pad',
        property_id: PROPERTY,
        visitor_id: 'v-pad',
        session_id: 's-pad',
        path: '/',
        props: { x: 'y' },
        pad: Array.from({ length: 340 }, () => 'x'.repeat(1_000)),
      },
    ],
  });
  return [
    {
      name: 'freeze pattern',
      what: 'traffic/summary filtered by `matches goal **************************Z` (finding 1)',
      url: `${p}/traffic/summary?${range}&filters=${q([['matches', 'goal', ['**************************Z']]])}`,
      headers: auth,
    },
    {
      name: 'widest allowed pattern',
      what: 'pages/breakdown filtered by a 16-wildcard `matches page` pattern, the most allowed, over 30 days',
      url: `${p}/pages/breakdown?${range}&filters=${q([['matches', 'page', ['*a*b*c*d*e*f*g*h*i*j*k*l*m*n*o*p']]])}`,
      headers: auth,
    },
    {
      name: 'saved pattern',
      what: 'a saved funnel whose filter holds the freeze pattern (finding 1)',
      url: `${p}/saved-funnels`,
      method: 'POST',
      headers: json,
      body: () =>
        JSON.stringify({
          name: 'freeze',
          steps: [{ page: '/' }, { page: '/pricing' }],
          filters: [['matches', 'goal', ['**************************Z']]],
        }),
    },
    {
      name: 'sankey',
      what: 'funnels/sankey from / over 30 days, a heavy report within the rules',
      url: `${p}/funnels/sankey?${range}&steps=${q([{ page: '/' }, { page: '/pricing' }])}`,
      headers: auth,
    },
    {
      name: 'padded collect',
      what: 'collect bodies of 340 KB holding one event (finding 7)',
      url: `${url}/api/collect`,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': UA },
      body: () => padded,
    },
    {
      name: 'forged exposures',
      what: 'collect batches of valid events as fast as they are taken (finding 4)',
      url: `${url}/api/collect`,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': UA },
      body: bodyMaker(PROPERTY, 20),
    },
    {
      name: 'wrong keys',
      what: 'reports with a key that does not exist',
      url: `${p}/traffic/summary?${range}`,
      headers: { authorization: 'Bearer sl_live_not_a_key_at_all_000000000000' },
    },
    {
      name: 'unknown paths',
      what: '`GET /metrics` (finding 9)',
      url: `${url}/metrics`,
      headers: {},
    },
  ];
}

export async function runHostileRequests(options: HostileRequestsOptions = {}): Promise<HostileRequestsResult> {
  const o = { seconds: 20, connections: 2, nice: 10, ...options };
  const log = (line: string) => console.error(line);
  return withDemoServer('hostile', async ({ server, port, key, stop }) => {
    log('  /healthz alone for 10 s…');
    const probe = healthProbe(port, { everyMs: PROBE_EVERY_MS, localAddress: '127.0.0.10' });
    probe.begin();
    await new Promise((r) => setTimeout(r, 10_000));
    const alone = probe.end();

    const list = kinds(server.url, key);
    log(
      `  ${o.seconds} s of ${list.length} kinds of hostile requests, ${o.connections} connections each, /healthz timed meanwhile…`,
    );
    const loadAverage = loadavg()[0];
    // A remote attacker's work is not done on the server's CPUs (as in `bench -- load`).
    setPriority(o.nice);
    probe.begin();
    const figures = await Promise.all(
      list.map((k) =>
        cannon({
          url: k.url,
          connections: o.connections,
          seconds: o.seconds,
          method: k.method,
          headers: k.headers,
          body: k.body,
        }),
      ),
    );
    const underLoad = probe.end();
    probe.close();
    log('  done; stopping the server…');
    await stop();
    return {
      node: process.version,
      cpus: availableParallelism(),
      property: PROPERTY,
      seconds: o.seconds,
      nice: o.nice,
      loadAverage,
      alone,
      underLoad,
      kinds: list.map((k, i) => ({ name: k.name, what: k.what, figures: figures[i] })),
    };
  });
}

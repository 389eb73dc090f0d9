import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { SERVER_NODE_FLAGS } from '../src/server/node-flags.js';
import { BENCH_PROPERTY } from './bench-store.js';

export interface Latency {
  endpoint: string;
  median: number;
  p95: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)];

/** Starts the real server on the store (a child process, as `npm start` runs it) and returns its URL. */
export async function startServer(
  dataDir: string,
): Promise<{ url: string; signInUrl: string; pid: number; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DEMO: '0',
      PORT: '0',
      RATE_LIMIT_PER_MINUTE: '1000000',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // The dashboard sign-in link is printed just after the address, possibly in a later chunk.
  let stdout = '';
  const [url, signInUrl] = await new Promise<[string, string]>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk;
      const address = /running at (http:\/\/\S+?)\/?$/m.exec(stdout);
      const signIn = /Sign in to the dashboard: (\S+)$/m.exec(stdout);
      if (address && signIn) resolve([address[1], signIn[1]]);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return {
    url,
    signInUrl,
    pid: child.pid!,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Peak resident memory of a process in MB (VmHWM). */
export function peakRssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmHWM'));
  return Number(line?.replace(/\D+/g, '') ?? 0) / 1024;
}

function requests(start: string, end: string): { name: string; method: 'GET' | 'POST'; path: string }[] {
  const r = `start=${start}&end=${end}&timezone=America/New_York`;
  const lastWeek = new Date(Date.parse(end) - 6 * 86_400_000).toISOString().slice(0, 10);
  const hourly = `start=${lastWeek}&end=${end}&timezone=America/New_York&granularity=hour`;
  const steps = encodeURIComponent(
    JSON.stringify([{ page: '/' }, { page: '/pricing' }, { page: '/signup' }, { page: '/signup/complete' }]),
  );
  const p = `/api/external/v1/properties/${BENCH_PROPERTY}`;
  const a = '/api/external/v1/properties/aggregate';
  return [
    { name: 'traffic/trends', method: 'GET', path: `${p}/traffic/trends?${r}` },
    { name: 'traffic/trends (7 days, hourly)', method: 'GET', path: `${p}/traffic/trends?${hourly}` },
    { name: 'traffic/summary', method: 'GET', path: `${p}/traffic/summary?${r}` },
    { name: 'traffic/realtime', method: 'GET', path: `${p}/traffic/realtime` },
    { name: 'traffic/breakdown', method: 'GET', path: `${p}/traffic/breakdown?${r}` },
    { name: 'traffic/entry-exit-pages', method: 'GET', path: `${p}/traffic/entry-exit-pages?${r}` },
    { name: 'pages/breakdown', method: 'GET', path: `${p}/pages/breakdown?${r}` },
    { name: 'pages/details', method: 'GET', path: `${p}/pages/details?${r}&page=/pricing` },
    { name: 'clicks/breakdown', method: 'GET', path: `${p}/clicks/breakdown?${r}` },
    { name: 'clicks/details', method: 'GET', path: `${p}/clicks/details?${r}&page=/pricing` },
    { name: 'forms/breakdown', method: 'GET', path: `${p}/forms/breakdown?${r}` },
    { name: 'forms/details', method: 'GET', path: `${p}/forms/details?${r}&page=/signup` },
    { name: 'funnels (unbounded)', method: 'GET', path: `${p}/funnels?${r}&steps=${steps}` },
    { name: 'funnels (sequential)', method: 'GET', path: `${p}/funnels?${r}&steps=${steps}&mode=sequential` },
    {
      name: 'funnels (sequential, by device)',
      method: 'GET',
      path: `${p}/funnels?${r}&steps=${steps}&mode=sequential&breakdownBy=device`,
    },
    { name: 'funnels/sankey', method: 'GET', path: `${p}/funnels/sankey?${r}&steps=${steps}` },
    { name: 'funnels/suggestions', method: 'GET', path: `${p}/funnels/suggestions?page=/pricing` },
    { name: 'saved-funnels', method: 'GET', path: `${p}/saved-funnels` },
    ...[
      'traffic/trends',
      'traffic/summary',
      'traffic/breakdown',
      'traffic/realtime',
      'traffic/entry-exit-pages',
      'clicks/breakdown',
      'forms/breakdown',
    ].map((x) => ({
      name: `aggregate/${x}`,
      method: 'POST' as const,
      path: `${a}/${x}?${r}`,
    })),
  ];
}

/** One request's time in ms, its body read; anything but 200 stops the bench. */
async function timeRequest(url: string, key: string, req: { name: string; method: 'GET' | 'POST'; path: string }) {
  const t = performance.now();
  const res = await fetch(url + req.path, {
    method: req.method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(req.method === 'POST' ? { 'content-type': 'application/json' } : {}),
    },
    body: req.method === 'POST' ? JSON.stringify({ propertyIds: [BENCH_PROPERTY, `${BENCH_PROPERTY}-2`] }) : undefined,
  });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${req.name}: HTTP ${res.status}`);
  return performance.now() - t;
}

const withFilters = (path: string, filters: string | undefined) =>
  filters === undefined ? path : `${path}${path.includes('?') ? '&' : '?'}filters=${encodeURIComponent(filters)}`;

/**
 * Median and p95 of `runs` requests per endpoint under each of `variants` (a filters value in the
 * wire form, or undefined for none), after two warm-up requests of each. The variants of an endpoint
 * take turns, request by request, so that a drift of the machine (background merges, a noisy
 * neighbour) falls on all of them alike and their ratios hold. `only` keeps the endpoints named.
 */
export async function measureEndpointsUnder(
  url: string,
  key: string,
  start: string,
  end: string,
  runs: number,
  opts: { variants: (string | undefined)[]; only?: string[] },
): Promise<Latency[][]> {
  const out: Latency[][] = opts.variants.map(() => []);
  for (const req of requests(start, end).filter((r) => !opts.only || opts.only.includes(r.name))) {
    const variants = opts.variants.map((f) => ({ ...req, path: withFilters(req.path, f) }));
    const times: number[][] = variants.map(() => []);
    for (let i = 0; i < runs + 2; i++)
      for (const [v, variant] of variants.entries()) {
        const ms = await timeRequest(url, key, variant);
        if (i >= 2) times[v].push(ms);
      }
    times.forEach((t, v) => out[v].push({ endpoint: req.name, median: median(t), p95: p95(t) }));
  }
  return out;
}

/** measureEndpointsUnder with one variant: every endpoint as it is, or all under `filters`. */
export async function measureEndpoints(
  url: string,
  key: string,
  start: string,
  end: string,
  runs: number,
  opts: { filters?: string; only?: string[] } = {},
): Promise<Latency[]> {
  const [out] = await measureEndpointsUnder(url, key, start, end, runs, { variants: [opts.filters], only: opts.only });
  return out;
}

import autocannon, { type Result } from 'autocannon';

// Load for POST /api/collect: bodies with fresh sessions, sent by autocannon, every 202 counted.

const DESKTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

/**
 * Body number `n` of a phase: fresh sessions every time, so the session table grows as in real
 * traffic. A session's events: two page views, engagement on each, one click.
 */
export function bodyMaker(propertyId: string, eventsPerRequest: number): (n: number) => string {
  const kinds = [
    (s: string) => ({
      type: 'pageview',
      path: '/',
      referrer: 'https://www.google.com/',
      utm_source: 'google',
      session_id: s,
    }),
    (s: string) => ({ type: 'engagement', path: '/', scroll_depth: 0.6, engaged_ms: 4200, session_id: s }),
    (s: string) => ({ type: 'click', path: '/', target: 'a.cta', href: '/pricing', session_id: s }),
    (s: string) => ({ type: 'pageview', path: '/pricing', session_id: s }),
    (s: string) => ({ type: 'engagement', path: '/pricing', scroll_depth: 0.9, engaged_ms: 9100, session_id: s }),
  ];
  // Templates with a placeholder for the request number keep the load generator cheap.
  const event = (kind: number, session: string) => ({
    property_id: propertyId,
    visitor_id: `v${session}`,
    ...kinds[kind](`s${session}`),
  });
  if (eventsPerRequest === 1) {
    // Single events: each session's five events arrive as five consecutive requests.
    const templates = kinds.map((_, k) => JSON.stringify(event(k, '__N__')));
    return (n) => templates[n % kinds.length].replaceAll('__N__', String(Math.floor(n / kinds.length)));
  }
  const template = JSON.stringify({
    events: Array.from({ length: eventsPerRequest }, (_, i) =>
      event(i % kinds.length, `__N__x${Math.floor(i / kinds.length)}`),
    ),
  });
  return (n) => template.replaceAll('__N__', String(n));
}

export interface LoadRun {
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
export function load(
  url: string,
  opts: {
    connections: number;
    seconds: number;
    eventsPerRequest: number;
    body: (n: number) => string;
    onStart?: (stop: () => void) => void;
    /** Requests a second in all, else as fast as answered. */ overallRate?: number;
  },
): Promise<LoadRun> {
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
        ...(opts.overallRate ? { overallRate: opts.overallRate } : {}),
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

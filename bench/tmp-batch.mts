import autocannon from 'autocannon';
const url = process.argv[2];
let n = 0;
const ev = (i: number, k: number) => ({ type: k % 2 ? 'engagement' : 'pageview', ...(k % 2 ? { scroll_depth: 0.5 } : {}), property_id: 'p', visitor_id: `v${i}x${k % 10}`, session_id: `s${i}x${k % 10}`, path: '/pricing', referrer: 'https://www.google.com/' });
const r = await autocannon({ url: url + '/api/collect', connections: Number(process.argv[3] ?? 64), duration: 6, requests: [{ method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36' }, setupRequest: (req: any) => { const i = n++; return { ...req, body: JSON.stringify({ events: Array.from({ length: 50 }, (_, k) => ev(i, k)) }) }; } }] } as any);
console.log('req/s p50', r.requests.p50, 'events/s', r.requests.p50 * 50, 'lat p50', r.latency.p50, 'p99', r.latency.p99, r.statusCodeStats);

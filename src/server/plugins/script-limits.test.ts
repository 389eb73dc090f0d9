import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openDuckdbStore } from '../store/duckdb/duckdb-store.js';
import type { Store } from '../store/store.js';

// The page script and its config are public; one address may not take the server's time with them,
// and a burst of config reads costs one store read (the cache /sightline.js?p= uses).

let app: FastifyInstance;
let store: Store;
const reads: string[] = [];
beforeAll(async () => {
  store = await openDuckdbStore(':memory:');
  await store.createProperty({ id: 'site', name: 'Site', domain: 'site.example', timezone: 'UTC' });
  await store.createProperty({ id: 'fresh', name: 'Fresh', domain: null, timezone: 'UTC' });
  const counted = Object.assign(Object.create(store) as Store, {
    activeExperiments: (id: string) => {
      reads.push(id);
      return store.activeExperiments(id);
    },
  });
  app = await buildApp({ store: counted, scriptRequestsPerMinute: 4 });
});
afterAll(async () => {
  await app.close();
  await store.close();
});

const from = (remoteAddress: string, url: string) => app.inject({ url, remoteAddress });

describe('script and config requests per address', () => {
  it('answer 429 in the envelope with Retry-After past the budget, for both paths together; other addresses and the API go on', async () => {
    const codes = [];
    for (const url of [
      '/sightline.js',
      '/api/tracker/config?property=site',
      '/sightline.js?p=site',
      '/api/tracker/config?property=site',
      '/sightline.js',
    ]) {
      codes.push((await from('203.0.113.7', url)).statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 200, 429]);
    const refused = await from('203.0.113.7', '/api/tracker/config?property=site');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({ code: 'rate_limited', details: { scope: 'client', limit: 4 } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['access-control-allow-origin']).toBe('*');
    expect((await from('203.0.113.8', '/sightline.js')).statusCode).toBe(200);
    // Same /64: the same client.
    expect((await from('2001:db8::1', '/sightline.js')).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) await from('2001:db8::2', '/sightline.js');
    expect((await from('2001:db8::ffff', '/sightline.js')).statusCode).toBe(429);
    expect((await from('203.0.113.7', '/healthz')).statusCode).toBe(200);
  });

  it('serve a burst of config reads from one store read', async () => {
    reads.length = 0;
    const all = await Promise.all(
      Array.from({ length: 3 }, (_, i) => from(`198.51.100.${i + 1}`, '/api/tracker/config?property=fresh')),
    );
    expect(all.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(reads).toEqual(['fresh']);
  });
});

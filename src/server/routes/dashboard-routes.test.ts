import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openDuckdbStore } from '../store/duckdb/duckdb-store.js';
import type { FastifyInstance } from 'fastify';

describe('the page at / and deep links', () => {
  let dist: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'sightline-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Sightline</title>');
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
    // What vite.config.ts's compression plugin leaves beside a file.
    writeFileSync(join(dist, 'assets', 'app.js.br'), 'BROTLI BYTES');
    writeFileSync(join(dist, 'assets', 'app.js.gz'), 'GZIP BYTES');
    app = await buildApp({ store: await openDuckdbStore(':memory:'), distDir: dist });
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('serves index.html at / and for app paths, so a reload keeps the view', async () => {
    for (const url of ['/', '/traffic?property=acme-shop&range=30d', '/funnels/saved']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<title>Sightline</title>');
    }
  });

  it('serves assets, and a missing asset is a 404 in the error envelope, not the page', async () => {
    expect((await app.inject({ url: '/assets/app.js' })).body).toBe('console.log(1)');
    const missing = await app.inject({ url: '/assets/missing.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('not_found');
  });

  it('never answers API paths with the page', async () => {
    const res = await app.inject({ url: '/api/external/v1/no-such-route' });
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json().error).toBeDefined();
  });

  it('answers what a monitoring probe asks for with a 404 in the envelope, never the page (issue 41)', async () => {
    for (const url of ['/metrics', '/metrics/', '/health', '/healthcheck', '/health/live', '/api', '/api/', '/API/x']) {
      const res = await app.inject({ url });
      expect([url, res.statusCode, res.headers['content-type']]).toEqual([url, 404, expect.stringContaining('json')]);
      expect(res.json().error.code).toBe('not_found');
    }
    // /healthz is the real one; app paths that merely start alike still get the page
    expect((await app.inject({ url: '/healthz' })).json()).toMatchObject({ status: 'ok' });
    expect((await app.inject({ url: '/metrics-dashboard' })).headers['content-type']).toContain('text/html');
  });

  it('sends the precompressed copy the browser accepts, and caches hashed assets for good but the page never', async () => {
    const br = await app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect([br.headers['content-encoding'], br.body]).toEqual(['br', 'BROTLI BYTES']);
    const gz = await app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'gzip' } });
    expect([gz.headers['content-encoding'], gz.body]).toEqual(['gzip', 'GZIP BYTES']);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/traffic'])
      expect((await app.inject({ url })).headers['cache-control'], url).toBe('no-cache');
  });

  it('compresses JSON answers above 1 KB, and leaves small ones as they are', async () => {
    const big = await app.inject({ url: '/api/external/v1/openapi.json', headers: { 'accept-encoding': 'br' } });
    expect(big.headers['content-encoding']).toBe('br');
    const { brotliDecompressSync } = await import('node:zlib');
    expect(JSON.parse(brotliDecompressSync(big.rawPayload).toString()).openapi).toMatch(/^3\.1/);
    const small = await app.inject({ url: '/healthz', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('has a signed-in page fetch the property list beside its scripts, and nothing else or signed out', async () => {
    for (const url of ['/', '/traffic?property=acme-shop&range=30d']) {
      const signedIn = await app.inject({ url, headers: { cookie: 'theme=dark; sl_session=abc' } });
      expect(signedIn.headers.link, url).toBe(
        '</api/admin/v1/properties>; rel=preload; as=fetch; crossorigin=anonymous',
      );
      expect((await app.inject({ url })).headers.link, url).toBeUndefined();
    }
    expect(
      (await app.inject({ url: '/assets/app.js', headers: { cookie: 'sl_session=abc' } })).headers.link,
    ).toBeUndefined();
  });
});

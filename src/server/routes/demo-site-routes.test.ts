import Fastify, { type FastifyInstance } from 'fastify';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSiteRoutes } from './demo-site-routes.js';

const dir = fileURLToPath(new URL('../demo/site/', import.meta.url));

describe('the demo site under /demo/', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    await app.register(demoSiteRoutes, { dir });
  });
  afterAll(() => app.close());

  it('serves each page at its pretty URL, with the tracker tag installed', async () => {
    const pages: Record<string, string> = {
      '/demo/': 'Sell what you make',
      '/demo/pricing': 'Simple pricing',
      '/demo/signup': 'Start your free trial',
      '/demo/blog/first-post': 'checkout abandonment',
      '/demo/app/': 'data-route',
    };
    for (const [url, text] of Object.entries(pages)) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain(text);
      // The experiments form of the tag, synchronous and first in <head>, so tests can run on the site.
      expect(res.body).toContain('<script src="/sightline.js?p=acme-shop"></script>');
    }
  });

  it('answers deep links into the client-routed section with its page', async () => {
    for (const url of ['/demo/app/orders', '/demo/app/settings', '/demo/app/orders/1042']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('data-route="orders"');
    }
  });

  it('serves assets with their types and redirects /demo to /demo/', async () => {
    expect((await app.inject({ url: '/demo/style.css' })).headers['content-type']).toContain('text/css');
    expect((await app.inject({ url: '/demo/hero.svg' })).headers['content-type']).toBe('image/svg+xml');
    const bare = await app.inject({ url: '/demo' });
    expect(bare.statusCode).toBe(302);
    expect(bare.headers.location).toBe('/demo/');
  });

  it('gives 404 in the error envelope for missing files', async () => {
    // `%25` is a literal percent sign, already decoded once by the router: decoding again threw (500).
    for (const url of [
      '/demo/nope',
      '/demo/missing.css',
      '/demo/blog/',
      '/demo/%25',
      '/demo/%25E0',
      '/demo/a%25b.html',
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
  });

  it('never reads outside the site folder', async () => {
    // Some of these the router normalises away before the route; encoded ones reach it and are refused.
    for (const url of [
      '/demo/../package.json',
      '/demo/%2e%2e/%2e%2e/package.json',
      '/demo/..%2F..%2F..%2F..%2Fpackage.json',
      '/demo/.%2E/.%2E/.%2E/.%2E/package.json',
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('"dependencies"');
    }
  });

  it("on its own origin, loads the tracker from Sightline's", async () => {
    const own = Fastify();
    await own.register(demoSiteRoutes, { dir, trackerOrigin: () => 'http://127.0.0.1:8787' });
    const page = await own.inject({ url: '/demo/pricing' });
    expect(page.body).toContain('<script src="http://127.0.0.1:8787/sightline.js?p=acme-shop"></script>');
    expect(page.body).not.toContain('src="/sightline.js');
    expect(page.body).toContain(
      '<a class="to-dashboard" href="http://127.0.0.1:8787/traffic?property=acme-shop">Sightline dashboard</a>',
    );
    expect((await own.inject({ url: '/demo/style.css' })).body).toBe(
      (await app.inject({ url: '/demo/style.css' })).body,
    );
    await own.close();
  });
});

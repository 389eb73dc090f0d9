import Fastify, { type FastifyInstance } from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodeScript } from '../tracker/encoded-script.js';
import type { TrackerConfig } from '../../contract/experiments.js';
import { trackerRoutes, type TrackerRouteOptions } from './tracker-routes.js';

// The real encoder, counted: a script must be compressed once per content, never per download.
vi.mock('../tracker/encoded-script.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../tracker/encoded-script.js')>();
  return { ...real, encodeScript: vi.fn(real.encodeScript) };
});

const CONFIG = {
  experiments: [
    {
      id: 'exp_cta',
      page: '/pricing',
      type: 'nocode' as const,
      variants: [
        { changes: [] },
        { changes: [{ selector: '#cta', op: 'text' as const, value: 'Go </script><script>alert(1)</script>' }] },
      ],
    },
    { id: 'exp_rd', page: '/plans', type: 'redirect' as const, variants: [{ changes: [] }, { url: '/plans-b' }] },
  ],
};

/** The config a served script carries: run its first statement with a stand-in `window`. */
function embedded(body: string): unknown {
  const first = body.slice(0, body.indexOf(';\n') + 1);
  const window: { __sightlineConfig?: unknown } = {};
  new Function('window', first)(window);
  return window.__sightlineConfig;
}

describe('GET /sightline.js', () => {
  let app: FastifyInstance;
  const start = async (opts: TrackerRouteOptions = {}) => {
    app = Fastify();
    await app.register(trackerRoutes, opts);
    return app;
  };
  afterEach(() => app?.close());

  it('serves the plain tracker for the analytics tag, cached five minutes', async () => {
    await start({ configFor: () => CONFIG });
    const res = await app.inject({ url: '/sightline.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.body).not.toContain('__sightlineConfig=');
  });

  it('prepends the property’s experiments for ?p=ID, cached a minute, with nothing but what pages need', async () => {
    const asked: string[] = [];
    const withExtras = {
      experiments: CONFIG.experiments.map((e) => ({
        ...e,
        name: 'Secret plan',
        goal: 'revenue',
        variants: e.variants.map((v) => ({ ...v, label: 'B' })),
      })),
    };
    await start({ configFor: async (p) => (asked.push(p), withExtras) });
    const res = await app.inject({ url: '/sightline.js?p=acme-shop' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(asked).toEqual(['acme-shop']);
    expect(res.body.startsWith('window.__sightlineConfig={')).toBe(true);
    expect(embedded(res.body)).toEqual(CONFIG);
    expect(res.body).not.toMatch(/Secret plan|"label"|"goal"/);
    // Safe even if someone inlines the script into a page.
    expect(res.body).not.toContain('</script>');
    // The rest is the tracker, unchanged, and the whole is one valid script.
    const plain = (await app.inject({ url: '/sightline.js' })).body;
    expect(res.body.endsWith(plain)).toBe(true);
    expect(() => new Function(res.body)).not.toThrow();
  });

  it('carries no experiments without a hook, for an unknown property, or when the hook fails', async () => {
    await start();
    expect(embedded((await app.inject({ url: '/sightline.js?p=acme-shop' })).body)).toEqual({ experiments: [] });
    await app.close();

    await start({ configFor: () => null });
    expect(embedded((await app.inject({ url: '/sightline.js?p=nobody' })).body)).toEqual({ experiments: [] });
    await app.close();

    await start({
      configFor: () => {
        throw new Error('database is down');
      },
    });
    const res = await app.inject({ url: '/sightline.js?p=acme-shop' });
    expect(res.statusCode).toBe(200);
    expect(embedded(res.body)).toEqual({ experiments: [] });
    expect(res.headers['cache-control']).toBe('public, max-age=10');
  });

  it('refuses a p that is not a property id', async () => {
    await start({ configFor: () => CONFIG });
    for (const url of ['/sightline.js?p=', '/sightline.js?p=a%20b', '/sightline.js?p=a&p=b']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'invalid_request', details: { field: 'p' } } });
    }
  });

  it('sends brotli or gzip as the browser accepts, each decoding to the same script', async () => {
    await start({ configFor: () => CONFIG });
    for (const url of ['/sightline.js', '/sightline.js?p=acme-shop']) {
      const plain = await app.inject({ url });
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.headers.vary).toBe('Accept-Encoding');
      const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      const gz = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
      // an encoding it cannot do, or a refusal of both, gets the script as it is
      expect((await app.inject({ url, headers: { 'accept-encoding': 'deflate' } })).body).toBe(plain.body);
      expect((await app.inject({ url, headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } })).body).toBe(plain.body);
    }
  });

  it('answers 304 to a browser holding the same script, in either form, and 200 once the tests change', async () => {
    let config = CONFIG;
    await start({ configFor: () => config });
    for (const url of ['/sightline.js', '/sightline.js?p=acme-shop']) {
      const first = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[\w-]+"$/);
      const again = await app.inject({ url, headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
      expect(again.statusCode, url).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe(first.headers['cache-control']);
      // the tag of the gzip or plain copy names the same script
      expect(
        (await app.inject({ url, headers: { 'accept-encoding': 'gzip', 'if-none-match': `"x", W/${etag}` } }))
          .statusCode,
      ).toBe(304);
      expect((await app.inject({ url, headers: { 'if-none-match': '"something-else"' } })).statusCode).toBe(200);
    }
    const before = (await app.inject({ url: '/sightline.js?p=acme-shop' })).headers.etag;
    config = { experiments: CONFIG.experiments.slice(1) };
    const after = await app.inject({ url: '/sightline.js?p=acme-shop', headers: { 'if-none-match': String(before) } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before);
    expect(embedded(after.body)).toEqual(config);
  });

  it('compresses a config once, however many download it, and again only when it changes', async () => {
    let config = CONFIG;
    await start({ configFor: (p) => (p === 'acme-shop' ? config : p === 'no-tests' ? { experiments: [] } : null) });
    const encoded = vi.mocked(encodeScript);
    const atStart = encoded.mock.calls.length;
    const downloads = await Promise.all(
      Array.from({ length: 20 }, () =>
        app.inject({ url: '/sightline.js?p=acme-shop', headers: { 'accept-encoding': 'br' } }),
      ),
    );
    expect(new Set(downloads.map((d) => d.headers.etag)).size).toBe(1);
    expect(encoded.mock.calls.length - atStart).toBe(1);
    // an equal config read again (a new object) reuses it too
    config = structuredClone(CONFIG);
    await app.inject({ url: '/sightline.js?p=acme-shop' });
    expect(encoded.mock.calls.length - atStart).toBe(1);
    config = { experiments: CONFIG.experiments.slice(1) };
    await app.inject({ url: '/sightline.js?p=acme-shop' });
    await app.inject({ url: '/sightline.js?p=acme-shop' });
    expect(encoded.mock.calls.length - atStart).toBe(2);
    // the plain script and properties without tests share what was made at start
    for (const url of ['/sightline.js', '/sightline.js?p=nobody', '/sightline.js?p=no-tests'])
      await app.inject({ url });
    expect(encoded.mock.calls.length - atStart).toBe(2);
  });

  it('adds DOMPurify to the ?p= script only while a running test has an html change', async () => {
    const HTML_TEST = {
      ...CONFIG.experiments[0],
      id: 'exp_html',
      variants: [{ changes: [] }, { changes: [{ selector: 'h1', op: 'html' as const, value: '<b>New</b>' }] }],
    };
    let config: TrackerConfig = CONFIG;
    await start({ configFor: () => config });
    const plain = (await app.inject({ url: '/sightline.js' })).body;
    const without = (await app.inject({ url: '/sightline.js?p=acme-shop' })).body;
    expect(without.endsWith(`;\n${plain}`)).toBe(true);
    config = { experiments: [...CONFIG.experiments, HTML_TEST] };
    const withHtml = (await app.inject({ url: '/sightline.js?p=acme-shop' })).body;
    expect(plain).not.toContain('DOMPurify');
    expect(withHtml).toContain('DOMPurify');
    expect((embedded(withHtml) as TrackerConfig).experiments.map((e) => e.id)).toEqual([
      'exp_cta',
      'exp_rd',
      'exp_html',
    ]);
    expect(() => new Function(withHtml)).not.toThrow();
  });
});

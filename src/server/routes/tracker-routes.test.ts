import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { trackerRoutes, type TrackerRouteOptions } from './tracker-routes.js';

const CONFIG = {
  experiments: [
    {
      id: 'exp_cta',
      page: '/pricing',
      type: 'nocode' as const,
      variants: [{ changes: [] }, { changes: [{ selector: '#cta', op: 'text' as const, value: 'Go </script><script>alert(1)</script>' }] }],
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
      experiments: CONFIG.experiments.map((e) => ({ ...e, name: 'Secret plan', goal: 'revenue', variants: e.variants.map((v) => ({ ...v, label: 'B' })) })),
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
});

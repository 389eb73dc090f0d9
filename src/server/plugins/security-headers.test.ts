import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from '../test-support/fixtures.js';

// Issue 9 §8: the signed-in API access page could be framed by a same-site page (clickjacking).

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

const get = (url: string) => env.app.inject({ method: 'GET', url });

describe('security headers', () => {
  it('forbid framing and sniffing, and allow only own scripts, on the dashboard, the admin API and errors', async () => {
    for (const url of [
      '/api-access',
      '/api/admin/v1/keys',
      '/api/admin/v1/session',
      '/healthz',
      '/api/external/v1/openapi.json',
    ]) {
      const res = await get(url);
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toMatch(/script-src 'self'(;|$)/);
      expect(csp, url).not.toContain('upgrade-insecure-requests');
    }
  });

  it("let customers' pages load the tracker and post events from their own origins", async () => {
    const script = await get('/sightline.js');
    expect(script.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(script.headers['access-control-allow-origin']).toBe('*');
  });

  it('let the API reference run its own inline start-up script, by hash, and nothing else inline', async () => {
    const res = await get('/api/external/v1/reference/');
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-security-policy'])).toMatch(
      /script-src 'self' 'sha256-[A-Za-z0-9+/=]{44}'(;|$)/,
    );
  });
});

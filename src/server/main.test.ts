import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import {
  API,
  cleanUp,
  cliOk,
  closeFloats,
  KEY_PATTERN,
  linesOf,
  makeTempDir,
  parseDemoKey,
  qs,
  runCli,
  startServer,
} from '../cli/test-support/spawn-helpers.js';
import { parsePrometheusText, sampleValue } from './test-support/prometheus-text.js';
import { VERSION } from './version.js';

// operations.md §1 (npm start, its sign-in link) and §2 (the CLI refuses a store a running server
// holds; `admin sign-in-link`), on the real process: `node --import tsx src/server/main.ts` with DATA_DIR, PORT=0, HOST=127.0.0.1.

afterEach(cleanUp);

const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const SIGN_IN_LINK = /Sign in to the dashboard: (http:\/\/\S+\/sign-in\?token=([0-9A-Za-z]{43}))\s*$/m;

/** Opens a sign-in link as a browser would: its status, and the session cookie it set (if any). */
async function openSignInLink(url: string) {
  const res = await fetch(url, { redirect: 'manual' });
  const session = /^sl_session=([0-9A-Za-z]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1] ?? null;
  return { status: res.status, session };
}
const DAY_MS = 86_400_000;

describe('server main', () => {
  it(
    'DEMO=1 on an empty store seeds the demo once, prints the address and a working key, and exits 0 on SIGTERM',
    { timeout: 120_000 },
    async () => {
      const dataDir = await makeTempDir();
      const server = await startServer(dataDir, { demo: true, timeoutMs: 90_000 });
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(server.stdout()).toContain(`Sightline is running at ${server.url}/`);
      const key = parseDemoKey(server.stdout());
      expect(key, server.stdout()).toMatch(KEY_PATTERN);

      expect((await server.get('/healthz')).status).toBe(200);
      // The Node it runs on, which npm's scripts make the node development dependency's 22.
      expect(server.stdout()).toMatch(/» Sightline \d+\.\d+\.\d+ on Node v(2[2-9]|[3-9]\d)\./);

      // The demo website answers on its own origin and loads the tracker from Sightline's; the old
      // address on the dashboard's origin only redirects there (issue 9 §1).
      await expect.poll(() => /Demo website.*?(http:\/\/\S+?)\/demo\//.exec(server.stdout())?.[1]).toBeTruthy();
      const demoSite = /Demo website.*?(http:\/\/\S+?)\/demo\//.exec(server.stdout())![1];
      expect(new URL(demoSite).port).not.toBe(new URL(server.url).port);
      const pricing = await fetch(`${demoSite}/demo/pricing`);
      expect(pricing.status).toBe(200);
      expect(await pricing.text()).toContain(`<script src="${server.url}/sightline.js?p=acme-shop"></script>`);
      const old = await fetch(`${server.url}/demo/pricing`, { redirect: 'manual' });
      expect([old.status, old.headers.get('location')]).toEqual([302, `${demoSite}/demo/pricing`]);

      const now = Date.now();
      const last30Days = qs({ start: isoDate(new Date(now - 30 * DAY_MS)), end: isoDate(new Date(now)) });
      const summaryPath = `${API}/properties/acme-shop/traffic/summary${last30Days}`;
      const first = await server.get(summaryPath, key!);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body.data.page_views).toBeGreaterThan(0);
      expect((await server.get(summaryPath)).status).toBe(401);
      // The embedded default never loads ClickHouse's library (chDB, ~550 MB): none of it is mapped.
      expect(readFileSync(`/proc/${server.child.pid}/maps`, 'utf8')).not.toMatch(/chdb/i);

      expect(await server.stop()).toEqual({ code: 0, signal: null });

      // Same data dir again: the demo exists, so nothing is re-created and no new key is printed.
      const again = await startServer(dataDir, { demo: true, timeoutMs: 60_000 });
      expect(again.stdout()).not.toMatch(/Demo API key|Created the demo/);
      expect(again.stdout()).not.toMatch(/sl_[0-9A-Za-z]{43}/);
      const second = await again.get(summaryPath, key!);
      expect(second.status).toBe(200);
      expect(second.body.data).toEqual(closeFloats(first.body.data));
      expect(await again.stop()).toEqual({ code: 0, signal: null });

      const properties = linesOf((await cliOk(dataDir, ['properties', 'list'])).stdout).map((l) => l.split('\t')[0]);
      expect(properties.sort()).toEqual(['acme-blog', 'acme-docs', 'acme-shop']);
      expect(linesOf((await cliOk(dataDir, ['keys', 'list'])).stdout)).toHaveLength(1);
    },
  );

  it('DEMO=0 on an empty store starts with no properties; a CLI command meanwhile says the store is in use; sign-in links from main and the CLI', async () => {
    const dataDir = await makeTempDir();
    const metricsToken = 'main-test-metrics-token-0123456789';
    const server = await startServer(dataDir, { demo: false, env: { METRICS_TOKEN: metricsToken } });
    expect(parseDemoKey(server.stdout())).toBeNull();

    // The admin sign-in link: printed after the address at every start, one use each.
    await expect.poll(() => SIGN_IN_LINK.test(server.stdout())).toBe(true);
    const out = server.stdout();
    const [, link, token] = SIGN_IN_LINK.exec(out)!;
    expect(link).toBe(`${server.url}/sign-in?token=${token}`);
    expect(out.indexOf('Sign in to the dashboard')).toBeGreaterThan(out.indexOf('Sightline is running at'));
    const first = await openSignInLink(link);
    expect(first.status).toBe(303);
    const adminSession = { headers: { cookie: `sl_session=${first.session}` } };
    expect((await fetch(`${server.url}/api/admin/v1/session`, adminSession)).status).toBe(200);
    expect((await openSignInLink(link)).status).toBe(401);

    expect((await server.get('/healthz')).status).toBe(200);
    // No demo store, no demo website (and nothing of it on the dashboard's origin).
    expect(server.stdout()).not.toMatch(/Demo website/);
    expect((await fetch(`${server.url}/demo/pricing`, { redirect: 'manual' })).status).not.toBe(302);

    for (const args of [
      ['properties', 'list'],
      ['properties', 'create', '--id', 'late', '--name', 'Late'],
    ]) {
      const cli = await runCli(dataDir, args);
      expect(cli.code, cli.stderr).not.toBe(0);
      expect(cli.stdout).toBe('');
      expect(linesOf(cli.stderr)).toHaveLength(1);
      expect(cli.stderr).toMatch(/^error: .*in use/);
    }

    const health = await server.get('/healthz');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok', version: VERSION });

    // Issue 44 §4: a scrape of the real process, in the text format; one JSON log line per request at
    // the default level, and what start-up tells the terminal (the link among it) marked, never in them.
    const scrape = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
    expect(scrape.status).toBe(200);
    const families = parsePrometheusText(await scrape.text());
    expect(sampleValue(families, 'http_requests_total', { route: '/healthz', status: '200' })).toBe(2);
    expect(families.get('process_resident_memory_bytes')?.type).toBe('gauge');
    const printed = linesOf(server.stdout());
    const logged = printed.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(logged.filter((l) => l.msg === 'request' && l.route === '/healthz')).toHaveLength(2);
    expect(JSON.stringify(logged)).not.toContain(token);
    for (const line of printed.filter((l) => !l.startsWith('{'))) expect(line).toMatch(/^» /);
    expect(await server.stop()).toEqual({ code: 0, signal: null });

    // The refused create wrote nothing, and DEMO=0 created nothing.
    expect((await cliOk(dataDir, ['properties', 'list'])).stdout).toBe('');
    expect((await cliOk(dataDir, ['keys', 'list'])).stdout).toBe('');

    // With the server stopped, the CLI prints a link too (the server's address is not known to it).
    const cli = await cliOk(dataDir, ['admin', 'sign-in-link']);
    const cliLink = linesOf(cli.stdout).at(-1)!;
    expect(cliLink).toMatch(/^http:\/\/127\.0\.0\.1:0\/sign-in\?token=[0-9A-Za-z]{43}$/);
    expect(cli.stderr).toMatch(/24 hours/);

    const again = await startServer(dataDir);
    await expect.poll(() => SIGN_IN_LINK.test(again.stdout())).toBe(true);
    const [, , newToken] = SIGN_IN_LINK.exec(again.stdout())!;
    expect(newToken).not.toBe(token);
    // the session from before the restart still holds (30 days), the CLI's link works once
    expect((await fetch(`${again.url}/api/admin/v1/session`, adminSession)).status).toBe(200);
    expect((await openSignInLink(again.url + cliLink.slice(cliLink.indexOf('/sign-in')))).status).toBe(303);
    expect(await again.stop()).toEqual({ code: 0, signal: null });
  });

  it(
    'STORE=clickhouse with CLICKHOUSE_URL=chdb:DIR runs the demo on ClickHouse in-process, and finds it again after a restart',
    { timeout: 180_000 },
    async () => {
      const dataDir = await makeTempDir();
      const env = { STORE: 'clickhouse', CLICKHOUSE_URL: `chdb:${dataDir}/ch` };
      const server = await startServer(dataDir, { demo: true, timeoutMs: 150_000, env });
      const key = parseDemoKey(server.stdout());
      expect(key, server.stdout() + server.stderr()).toMatch(KEY_PATTERN);
      const now = Date.now();
      const summaryPath = `${API}/properties/acme-shop/traffic/summary${qs({ start: isoDate(new Date(now - 30 * DAY_MS)), end: isoDate(new Date(now)) })}`;
      const first = await server.get(summaryPath, key!);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body.data.page_views).toBeGreaterThan(0);
      expect(server.stdout()).toMatch(/Demo website/);
      // chDB locks its directory for one process: a CLI command meanwhile says so, as on DuckDB.
      const cli = await runCli(dataDir, ['properties', 'list'], { env });
      expect(cli.code).not.toBe(0);
      expect(cli.stdout).toBe('');
      expect(cli.stderr).toMatch(
        /^error: the ClickHouse data in .* cannot be opened: is another process \(the server\?\) using it\? stop it first$/m,
      );
      expect(await server.stop()).toEqual({ code: 0, signal: null });

      const again = await startServer(dataDir, { demo: true, timeoutMs: 60_000, env });
      expect(again.stdout()).not.toMatch(/Demo API key|Created the demo/);
      const second = await again.get(summaryPath, key!);
      expect(second.status).toBe(200);
      expect(second.body.data).toEqual(closeFloats(first.body.data));
      expect(await again.stop()).toEqual({ code: 0, signal: null });
    },
  );
});

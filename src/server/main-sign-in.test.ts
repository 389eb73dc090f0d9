import { afterEach, describe, expect, it } from 'vitest';
import { cleanUp, cliOk, linesOf, makeTempDir, startServer } from '../cli/test-support/spawn-helpers.js';

// The admin sign-in link on the real process: printed at every start, and by `admin sign-in-link`.

afterEach(cleanUp);

const LINK = /Sign in to the dashboard: (http:\/\/\S+\/sign-in\?token=([0-9A-Za-z]{43}))\s*$/m;

async function open(url: string) {
  const res = await fetch(url, { redirect: 'manual' });
  const session = /^sl_session=([0-9A-Za-z]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1] ?? null;
  return { status: res.status, session };
}

describe('admin sign-in from the command line', () => {
  it(
    'main prints a one-time link after the address, a new one at every start; the CLI prints one too',
    { timeout: 90_000 },
    async () => {
      const dataDir = await makeTempDir();
      const server = await startServer(dataDir);
      await expect.poll(() => LINK.test(server.stdout())).toBe(true);
      const out = server.stdout();
      const [, link, token] = LINK.exec(out)!;
      expect(link).toBe(`${server.url}/sign-in?token=${token}`);
      expect(out.indexOf('Sign in to the dashboard')).toBeGreaterThan(out.indexOf('Sightline is running at'));

      const first = await open(link);
      expect(first.status).toBe(303);
      const session = await fetch(`${server.url}/api/admin/v1/session`, {
        headers: { cookie: `sl_session=${first.session}` },
      });
      expect(session.status).toBe(200);
      expect((await open(link)).status).toBe(401);
      expect(await server.stop()).toEqual({ code: 0, signal: null });

      const cli = await cliOk(dataDir, ['admin', 'sign-in-link']);
      const cliLink = linesOf(cli.stdout).at(-1)!;
      expect(cliLink).toMatch(/^http:\/\/127\.0\.0\.1:0\/sign-in\?token=[0-9A-Za-z]{43}$/);
      expect(cli.stderr).toMatch(/24 hours/);

      const again = await startServer(dataDir);
      await expect.poll(() => LINK.test(again.stdout())).toBe(true);
      const [, , newToken] = LINK.exec(again.stdout())!;
      expect(newToken).not.toBe(token);
      // the session from before the restart still holds (30 days), the CLI's link works once
      expect(
        (await fetch(`${again.url}/api/admin/v1/session`, { headers: { cookie: `sl_session=${first.session}` } }))
          .status,
      ).toBe(200);
      expect((await open(again.url + cliLink.slice(cliLink.indexOf('/sign-in')))).status).toBe(303);
      expect(await again.stop()).toEqual({ code: 0, signal: null });
    },
  );
});

import type { FastifyInstance, FastifyReply } from 'fastify';
import { readFile } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { envelope } from '../plugins/error-envelope.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

export interface DemoSiteOptions {
  dir: string;
  /**
   * Where Sightline itself answers (`http://127.0.0.1:8787`). The pages' tags say `/sightline.js`; on
   * the demo's own origin they must load the tracker from Sightline's, as a customer's site does.
   */
  trackerOrigin?: () => string;
}

/**
 * The demo website under /demo/, with the tracker installed. Pretty URLs map to files
 * (`/demo/pricing` → pricing.html) and every path under /demo/app/ gets app/index.html, because that
 * section routes on the client and its deep links must survive a reload. Plain readFile rather than
 * @fastify/static: the dashboard already owns that plugin's reply decorator.
 */
export async function demoSiteRoutes(app: FastifyInstance, opts: DemoSiteOptions): Promise<void> {
  const root = resolve(opts.dir);

  async function send(reply: FastifyReply, file: string) {
    const body = await readFile(file);
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    reply.type(type).header('cache-control', 'no-cache');
    if (!opts.trackerOrigin || extname(file) !== '.html') return reply.send(body);
    const origin = opts.trackerOrigin();
    return reply.send(
      body
        .toString('utf8')
        .replaceAll('src="/sightline.js', `src="${origin}/sightline.js`)
        // The banner's link to the dashboard is on Sightline's origin too, at the realtime view.
        .replaceAll(
          'class="to-dashboard" href="/"',
          `class="to-dashboard" href="${origin}/traffic?property=acme-shop"`,
        ),
    );
  }

  /** The files a request path may mean, most specific first; none outside the site folder. */
  function candidates(rest: string): string[] {
    if (rest.split('/').some((part) => part === '..' || part.startsWith('.'))) return [];
    const path = resolve(root, rest);
    if (path !== root && !path.startsWith(root + sep)) return [];
    if (extname(rest)) return [path];
    const files = [resolve(path, 'index.html')];
    if (path !== root) files.unshift(path + '.html');
    if (rest === 'app' || rest.startsWith('app/')) files.push(resolve(root, 'app', 'index.html'));
    return files;
  }

  app.get('/demo', (_request, reply) => reply.redirect('/demo/'));
  app.get('/demo/*', async (request, reply) => {
    // The router has already decoded the path once; decoding it again turned `/demo/%25` into a throw.
    const rest = (request.params as { '*': string })['*'].replace(/\/+$/, '');
    for (const file of candidates(rest)) {
      try {
        return await send(reply, file);
      } catch {
        // Not this one: try the next candidate.
      }
    }
    // Answered here: the app's not-found handler would serve the dashboard for an extensionless path.
    return reply.status(404).send(envelope('not_found', `no demo page at ${request.url.split('?')[0]}`));
  });
}

import Fastify from 'fastify';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { demoSiteRoutes } from '../../src/server/routes/demo-site-routes.js';
import type { TrackerConfig } from '../../src/contract/experiments.js';
import { trackerRoutes } from '../../src/server/routes/tracker-routes.js';
import { assign } from '../../src/tracker/assign.js';
import { CHROME_UA, PERSON_ARGS, pause, type Received } from './tracker-harness.js';

const siteDir = fileURLToPath(new URL('../../src/server/demo/site/', import.meta.url));
/** The experiments form of the tag, synchronous and first in `<head>` (docs/tracking.md). */
export const SYNC_TAG = '<script src="/sightline.js?p=acme-shop"></script>';
const DEFER_TAG = '<script defer data-property="acme-shop" src="/sightline.js"></script>';

/**
 * The demo site with the experiments tag, the real `/sightline.js` route (config embedded through
 * its `configFor` hook, answering whatever the test set), extra test pages, and a collector that
 * records what it receives. Pages can be sent in two parts with a pause between them, as a slow
 * network would, so the browser paints a half-parsed page.
 */
export async function startExperimentHarness() {
  const events: Received[] = [];
  let config: TrackerConfig = { experiments: [] };
  const pages = new Map<string, string>();
  const splits = new Map<string, { after: string; ms: number }>();
  /** When (epoch ms) each split page's rest was sent, in the order sent. */
  const restSent = new Map<string, number[]>();
  const delays = new Map<string, number>();

  const demo = Fastify();
  await demo.register(demoSiteRoutes, { dir: siteDir });

  const app = Fastify();
  await app.register(trackerRoutes, { configFor: () => config });
  app.post('/api/collect', async (request, reply) => {
    const body = typeof request.body === 'string' ? JSON.parse(request.body) : request.body;
    events.push(...(Array.isArray(body?.events) ? body.events : [body]));
    return reply.status(202).send({ accepted: 1 });
  });
  // A script that takes its time, for a parser blocked in the middle of the page.
  app.get('/slow.js', async (request, reply) => {
    await pause(Number((request.query as { ms?: string }).ms ?? 4_000));
    return reply.type('text/javascript').send('window.slowDone = true;');
  });
  app.get('/*', async (request, reply) => {
    const path = request.url.split('?')[0];
    if (delays.has(path)) await pause(delays.get(path)!);
    let html = pages.get(path);
    if (html === undefined) {
      // A redirect destination: the pricing page again, told apart by its heading.
      const variant = /^\/demo\/pricing-([a-z])$/.exec(path)?.[1];
      const res = await demo.inject({ url: variant ? '/demo/pricing' : request.url });
      if (!String(res.headers['content-type']).startsWith('text/html')) {
        return reply.status(res.statusCode).type(String(res.headers['content-type'])).send(res.rawPayload);
      }
      html = res.body
        .replace(DEFER_TAG, '')
        .replace(SYNC_TAG, '')
        .replace('<meta charset="utf-8">', `<meta charset="utf-8">\n  ${SYNC_TAG}`);
      if (variant) html = html.replace('Simple pricing for growing shops', `Pricing, plan ${variant.toUpperCase()}`);
    }
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    const split = splits.get(path);
    if (!split) return reply.send(html);
    const at = html.indexOf(split.after) + split.after.length;
    if (at < split.after.length) throw new Error(`${split.after} is not in ${path}`);
    const body = html;
    return reply.send(
      Readable.from(
        (async function* () {
          yield body.slice(0, at);
          await pause(split.ms);
          restSent.set(path, [...(restSent.get(path) ?? []), Date.now()]);
          yield body.slice(at);
        })(),
      ),
    );
  });
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });

  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  return {
    origin,
    events,
    /** What `/sightline.js?p=acme-shop` embeds from now on. */
    setConfig(next: TrackerConfig) {
      config = next;
    },
    /** Serves `html` at `path` (a page of the test's own). */
    page(path: string, html: string) {
      pages.set(path, html);
    },
    /** Sends `path` in two parts: up to and including `after`, then the rest `ms` later. */
    split(path: string, after: string, ms: number) {
      splits.set(path, { after, ms });
    },
    /** When (epoch ms) the rest of `path`, split by `split`, was last sent. */
    restSentAt(path: string): number | undefined {
      return restSent.get(path)?.at(-1);
    },
    /** Answers `path` only after `ms`. */
    delay(path: string, ms: number) {
      delays.set(path, ms);
    },
    /**
     * A fresh browser profile that looks like a person's Chrome, with `visitor` as its visitor id
     * and a per-frame record of `watch` selectors (see recordFrames).
     */
    async person(visitor?: string, watch: string[] = []) {
      // The user agent on the command line too: beacons sent during navigation ignore the context's.
      browser ??= await chromium.launch({
        executablePath: '/usr/bin/chromium',
        args: [...PERSON_ARGS, `--user-agent=${CHROME_UA}`],
      });
      const context = await browser.newContext({ userAgent: CHROME_UA, viewport: { width: 1280, height: 900 } });
      contexts.push(context);
      if (visitor) {
        await context.addInitScript((id) => {
          try {
            localStorage.setItem('sl_vid', JSON.stringify(id));
          } catch {
            // about:blank has no storage
          }
        }, visitor);
      }
      await context.addInitScript(recordFrames, watch);
      return context;
    },
    async reset() {
      for (const c of contexts.splice(0)) await c.close();
      // Closing a page sends its last beacons; let them land before the next test starts counting.
      await pause(500);
      events.length = 0;
      config = { experiments: [] };
      pages.clear();
      splits.clear();
      restSent.clear();
      delays.clear();
    },
    async close() {
      await browser?.close();
      await app.close();
      await demo.close();
    },
  };
}

export type ExperimentHarness = Awaited<ReturnType<typeof startExperimentHarness>>;

/** What one watched element looked like in one rendered frame. */
export interface Seen {
  text: string;
  /** False when it or an ancestor has opacity 0 (or visibility hidden): nothing of it is painted. */
  visible: boolean;
  color: string;
  background: string;
}
/** One rendered frame: when (ms since navigation start), on which path, and the watched elements. */
export interface Frame {
  t: number;
  path: string;
  /** Whether the root element is painted at all. */
  page: boolean;
  seen: Record<string, Seen | null>;
}

/**
 * Runs at document start in every page (an init script): a requestAnimationFrame callback in every
 * frame records the watched elements as they are about to be painted (rAF callbacks run in the
 * rendering step, after scripts and microtasks, right before style, layout and paint). Frames go to
 * sessionStorage too, so a page that navigates away leaves its frames behind for the next one.
 */
export function recordFrames(watch: string[]): void {
  const w = window as unknown as { __frames: Frame[]; __hidingStyles: string[] };
  let stored = '[]';
  try {
    stored = sessionStorage.getItem('__frames') || '[]';
  } catch {
    return; // about:blank and other opaque origins: nothing to watch
  }
  const frames: Frame[] = (w.__frames = JSON.parse(stored));
  const hiding: string[] = (w.__hidingStyles = []);
  const shown = (el: Element | null) => {
    for (; el; el = el.parentElement) {
      const css = getComputedStyle(el);
      if (css.opacity == '0' || css.visibility == 'hidden') return false;
    }
    return true;
  };
  const tick = () => {
    const seen: Frame['seen'] = {};
    for (const selector of watch) {
      const el = document.querySelector(selector);
      const css = el && getComputedStyle(el);
      seen[selector] =
        el && css
          ? {
              text: (el.textContent || '').trim(),
              visible: shown(el),
              color: css.color,
              background: css.backgroundColor,
            }
          : null;
    }
    frames.push({
      t: Math.round(performance.now()),
      path: location.pathname,
      page: shown(document.documentElement),
      seen,
    });
    try {
      sessionStorage.setItem('__frames', JSON.stringify(frames.slice(-300)));
    } catch {
      // Full: the in-page copy still has them.
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  // Every hiding rule any script adds, to show what was (and was not) hidden.
  new MutationObserver((records) => {
    for (const r of records)
      r.addedNodes.forEach((n) => {
        if (n instanceof HTMLStyleElement) {
          queueMicrotask(() => {
            for (const rule of Array.from(n.sheet?.cssRules ?? []))
              if (!hiding.includes(rule.cssText)) hiding.push(rule.cssText);
          });
        }
      });
  }).observe(document, { childList: true, subtree: true });
  // The page script hides through an adopted stylesheet (out of selectors' reach): its rules are read
  // as they are added, right after the sheet is adopted.
  const adopted = Object.getOwnPropertyDescriptor(Document.prototype, 'adoptedStyleSheets')!;
  Object.defineProperty(Document.prototype, 'adoptedStyleSheets', {
    ...adopted,
    set(this: Document, sheets: CSSStyleSheet[]) {
      adopted.set!.call(this, sheets);
      queueMicrotask(() => {
        for (const sheet of sheets)
          for (const rule of Array.from(sheet.cssRules)) if (!hiding.includes(rule.cssText)) hiding.push(rule.cssText);
      });
    },
  });
}

/** The frames recorded in `page` so far (this document's and those before it in the tab). */
export const framesOf = (page: Page) => page.evaluate(() => (window as unknown as { __frames: Frame[] }).__frames);
/** The CSS rules of every `<style>` element added to the page, and of every stylesheet it adopted. */
export const hidingRulesOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { __hidingStyles: string[] }).__hidingStyles);

/** A visitor id that `assign` puts into the given variant of each `[experiment, variants, variant]`. */
export function visitorIn(...wanted: [experiment: string, variants: number, variant: number][]): string {
  for (let i = 0; ; i++) {
    const id = `visitor${i}`;
    if (wanted.every(([experiment, count, variant]) => assign(id, experiment, count) === variant)) return id;
  }
}

/** The share of a PNG's pixels within 24 levels of `rgb`, counted in a canvas of `page`'s browser. */
export async function colorShare(page: Page, png: Buffer, rgb: [number, number, number]): Promise<number> {
  const probe = await page.context().newPage();
  try {
    return await probe.evaluate(
      async ({ data, rgb }) => {
        const img = new Image();
        img.src = 'data:image/png;base64,' + data;
        await img.decode();
        const canvas = document.createElement('canvas');
        [canvas.width, canvas.height] = [img.width, img.height];
        const ctx = canvas.getContext('2d')!;
        ctx.drawImage(img, 0, 0);
        const px = ctx.getImageData(0, 0, img.width, img.height).data;
        let near = 0;
        for (let i = 0; i < px.length; i += 4) {
          if (
            Math.abs(px[i] - rgb[0]) <= 24 &&
            Math.abs(px[i + 1] - rgb[1]) <= 24 &&
            Math.abs(px[i + 2] - rgb[2]) <= 24
          )
            near++;
        }
        return near / (px.length / 4);
      },
      { data: png.toString('base64'), rgb },
    );
  } finally {
    await probe.close();
  }
}

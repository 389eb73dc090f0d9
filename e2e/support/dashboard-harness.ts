import type { FastifyInstance } from 'fastify';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { issueSignInToken, signInLink } from '../../src/server/auth/sign-in.js';
import { createDemoData } from '../../src/server/demo/demo-data.js';
import { buildDemoSite } from '../../src/server/demo/demo-site-app.js';
import { openDuckdbStore } from '../../src/server/store/duckdb/duckdb-store.js';
import type { Store } from '../../src/server/store/store.js';
import { axeOn } from './axe.js';
import { sharedRunOutput } from './run-shared.js';
import { CHROME_UA, PERSON_ARGS } from './tracker-harness.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** Where every dashboard test leaves its screenshots, to be looked at after a run. */
export const SCREENSHOT_DIR = join(tmpdir(), 'sightline-screenshots');

export interface Dashboard {
  origin: string;
  /** The demo website's origin, when started with `demoSite`. */
  demoSiteOrigin: string | null;
  store: Store;
  /** The demo key, which may read all three demo properties. */
  key: string;
  browser: Browser;
  context: BrowserContext;
  /** Signed in as the admin (session cookie), 1280×900, en-US. */
  page: Page;
  /** Console errors and page errors seen so far; tests expect it empty (clear it after a deliberate 4xx). */
  problems: string[];
  /** GET an /api/external/v1 path with the demo key and return the parsed body. */
  api<T = any>(path: string): Promise<T>;
  close(): Promise<void>;
}

/**
 * The dashboard as `npm start` builds it. Vitest sets NODE_ENV=test, which Vite would otherwise bake
 * into the bundle, giving React's development build (StrictMode double effects, dev warnings).
 */
export async function buildDashboard(outDir: string): Promise<void> {
  const before = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    // Imported here: one file of the run builds, and the others need not load Vite at all.
    const { build } = await import('vite');
    await build({ root, mode: 'production', logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  } finally {
    process.env.NODE_ENV = before;
  }
}

/**
 * The dashboard built for this run (run-shared.ts: one build shared by the test files), or, outside
 * a run with that global setup, built here into a directory of its own. `release` removes only the latter.
 */
export async function builtDashboard(): Promise<{ distDir: string; release(): void }> {
  const root = inject('runSharedRoot');
  if (root) return { distDir: await sharedRunOutput(root, 'dist', buildDashboard), release() {} };
  const distDir = mkdtempSync(join(tmpdir(), 'sightline-dist-'));
  await buildDashboard(distDir);
  return { distDir, release: () => rmSync(distDir, { recursive: true, force: true }) };
}

/** Seeds `npm start`'s demo into a closed store at `outDir/data`, with its key in `outDir/key`. */
async function seedDemoStore(outDir: string): Promise<void> {
  const store = await openDuckdbStore(join(outDir, 'data'));
  try {
    const demo = await createDemoData(store);
    if (!demo) throw new Error('demo data was not created');
    writeFileSync(join(outDir, 'key'), demo.key);
  } finally {
    await store.close();
  }
}

/**
 * A demo store of this file's own: a copy of the run's seeded one (run-shared.ts), or, outside a run
 * with that global setup, seeded here. `release` closes it and removes its directory.
 */
async function demoStore(): Promise<{ store: Store; key: string; release(): Promise<void> }> {
  const root = inject('runSharedRoot');
  const own = mkdtempSync(join(tmpdir(), 'sightline-demo-'));
  const seeded = root ? await sharedRunOutput(root, 'demo', seedDemoStore) : own;
  if (!root) await seedDemoStore(own);
  else cpSync(join(seeded, 'data'), join(own, 'data'), { recursive: true });
  const store = await openDuckdbStore(join(own, 'data'));
  return {
    store,
    key: readFileSync(join(seeded, 'key'), 'utf8'),
    async release() {
      await store.close();
      rmSync(own, { recursive: true, force: true });
    },
  };
}

/**
 * The built dashboard served by the real server over the demo data (`npm start`'s store: three
 * properties, 90 days, two running experiments, seeded once per run), with Chromium signed in through
 * a one-time link.
 */
export async function startDashboard(opts: { demoSite?: boolean } = {}): Promise<Dashboard> {
  const { distDir, release } = await builtDashboard();
  const { store, key, release: releaseStore } = await demoStore();
  // With `demoSite`, the demo website on an origin of its own, as `npm start` runs it (main.ts).
  let origin = '';
  let demoSiteOrigin: string | null = null;
  const site = opts.demoSite ? await buildDemoSite({ trackerOrigin: () => origin }) : null;
  const app: FastifyInstance = await buildApp({
    store,
    distDir,
    rateLimitPerMinute: 100_000,
    demoSiteOrigin: site ? () => demoSiteOrigin : undefined,
  });
  origin = await app.listen({ host: '127.0.0.1', port: 0 });
  if (site) demoSiteOrigin = await site.listen({ host: '127.0.0.1', port: 0 });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [...PERSON_ARGS, `--user-agent=${CHROME_UA}`],
  });
  const context = await browser.newContext({
    locale: 'en-US',
    viewport: { width: 1280, height: 900 },
    userAgent: CHROME_UA,
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  // The console says only "500"; this names the request, so a failure says what to look at.
  page.on('response', (r) => r.status() >= 500 && problems.push(`${r.status()} ${r.request().method()} ${r.url()}`));
  await page.goto(signInLink(origin, await issueSignInToken(store)));
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return {
    origin,
    demoSiteOrigin,
    store,
    key,
    browser,
    context,
    page,
    problems,
    async api(path) {
      const res = await fetch(`${origin}/api/external/v1${path}`, { headers: { authorization: `Bearer ${key}` } });
      return res.json();
    },
    async close() {
      await browser.close();
      await site?.close();
      await app.close();
      await releaseStore();
      release();
    },
  };
}

/**
 * Dark mode changes only colours (app.css sets other values of the same custom properties), so the
 * dark pass runs axe's colour rules alone: the structural rules would find in it what they found in
 * light mode, at about 1.1 s of the 1.8 s a full run takes on a report page.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Pictures of every checked page for a person to look at: left out under CI, where nobody opens them
 * (three full-page pictures cost about 1.1 s a check; a failed test still leaves its own picture).
 */
const PICTURES = !process.env.CI;

/**
 * What every page must pass: no serious or critical axe findings in light and dark mode, no sideways
 * scroll on a 390 px phone. Leaves `<name>-desktop.png`, `<name>-dark.png` and `<name>-phone.png`
 * (PICTURES).
 */
export async function checkPageQuality(page: Page, name: string): Promise<void> {
  const serious = async (rules?: string[]) => {
    const axe = rules ? axeOn(page).withRules(rules) : axeOn(page);
    return (await axe.analyze()).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  };
  const picture = async (kind: string) => {
    if (PICTURES) await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${kind}.png`), fullPage: true });
  };
  const size = page.viewportSize() ?? { width: 1280, height: 900 };
  if (PICTURES) await page.waitForTimeout(300); // let charts finish their entry animation before the picture
  // A full-page picture of a scrolled page draws the sticky header where the scroll left it.
  await page.evaluate(() => window.scrollTo(0, 0));
  await picture('desktop');
  expect(await serious()).toEqual([]);
  await page.emulateMedia({ colorScheme: 'dark' });
  await picture('dark');
  expect(await serious(COLOUR_RULES)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 390, height: 844 });
  // Two frames: the resize observers (charts) run in the first, and what they set renders before the second.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  if (PICTURES) await page.waitForTimeout(300);
  await picture('phone');
  await page.setViewportSize(size);
}

/** An afterEach hook: a failed test leaves a full-page picture named after it, to see what it saw. */
export function screenshotOnFailure(page: () => Page | undefined, prefix: string) {
  return async ({ task }: { task: { name: string; result?: { state: string } } }) => {
    if (task.result?.state === 'fail')
      await page()?.screenshot({
        path: join(SCREENSHOT_DIR, `${prefix}-failed-${task.name.slice(0, 20)}.png`),
        fullPage: true,
      });
  };
}

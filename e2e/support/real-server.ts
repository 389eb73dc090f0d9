import type { FastifyInstance } from 'fastify';
import { chromium, type Browser } from 'playwright-core';
import { buildApp } from '../../src/server/app.js';
import { buildDemoSite } from '../../src/server/demo/demo-site-app.js';
import { newApiKey } from '../../src/server/auth/api-keys.js';
import { openDuckdbStore } from '../../src/server/store/duckdb/duckdb-store.js';
import type { StoredEvent } from '../../src/contract/events.js';
import type { Store } from '../../src/server/store/store.js';
import { CHROME_UA, PERSON_ARGS } from './tracker-harness.js';

export interface RealServer {
  app: FastifyInstance;
  store: Store;
  origin: string;
  /** The demo website's own origin (as `npm start` serves it: another port, the tracker from `origin`). */
  demoOrigin: string;
  /** An API key for `acme-shop`. */
  key: string;
  browser: Browser;
  close(): Promise<void>;
}

/**
 * The real server (collect, tracker, API) and the demo site on its own origin, on an in-memory store with the `acme-shop`
 * property, and a Chromium that looks like a person's browser.
 */
export async function startRealServer(opts: { country: string; history?: StoredEvent[] }): Promise<RealServer> {
  const store = await openDuckdbStore(':memory:');
  await store.createProperty({ id: 'acme-shop', name: 'Acme Shop', domain: null, timezone: 'UTC' });
  const { key, record } = newApiKey({
    name: 'e2e',
    propertyIds: ['acme-shop'],
    permissions: ['metrics', 'experiments'],
  });
  await store.createApiKey(record);
  if (opts.history?.length) await store.insertEvents(opts.history);
  let origin = '';
  let demoOrigin = '';
  const demo = await buildDemoSite({ trackerOrigin: () => origin });
  const app = await buildApp({ store, countryOf: () => opts.country, demoSiteOrigin: () => demoOrigin });
  origin = await app.listen({ host: '127.0.0.1', port: 0 });
  demoOrigin = await demo.listen({ host: '127.0.0.1', port: 0 });
  // Also on the command line: beacons sent while a page unloads ignore the context's user agent.
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [...PERSON_ARGS, `--user-agent=${CHROME_UA}`],
  });
  return {
    app,
    store,
    origin,
    demoOrigin,
    key,
    browser,
    async close() {
      await browser.close();
      await demo.close();
      await app.close();
    },
  };
}

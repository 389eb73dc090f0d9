import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { createDemoData } from './demo/demo-data.js';
import { issueSignInToken, signInLink } from './auth/sign-in.js';
import { openStore } from './store/open-store.js';

// The only file that listens: configuration, store, demo data, then the app.
const config = loadConfig();
const store = await openStore(config);
if (config.DEMO === '1') {
  const started = Date.now();
  const demo = await createDemoData(store);
  if (demo) {
    console.log(`Created the demo properties with 90 days of traffic in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    console.log(`Demo API key (shown once, only its hash is stored):\n  ${demo.key}`);
  }
}
// A fresh one-time link at every start, like a notebook server: whoever reads this output can sign in.
const signInToken = await issueSignInToken(store);
const app = await buildApp({ store, rateLimitPerMinute: config.RATE_LIMIT_PER_MINUTE, logLevel: config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL, distDir: 'dist', trustProxy: config.TRUST_PROXY === '1', demoSite: config.DEMO === '1' });
const address = await app.listen({ port: config.PORT, host: config.HOST });
console.log(`Sightline is running at ${address}/`);
console.log(`Sign in to the dashboard: ${signInLink(address, signInToken)}`);
console.log(`API reference: ${address}/api/external/v1/reference`);
if (config.DEMO === '1') console.log(`Demo website (tracked, watch it in realtime): ${address}/demo/`);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: draining requests and closing the store…`);
  // app.close() stops accepting connections and waits for in-flight requests to finish.
  await app.close();
  await store.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

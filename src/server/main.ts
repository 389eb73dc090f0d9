import { buildApp } from './app.js';
import { LISTEN_BACKLOG } from './plugins/connection-limits.js';
import { linkBase as configLinkBase, loadConfig } from './config.js';
import { mailerOf } from './mail/config-mailer.js';
import { REPORT_TICK_MS } from './mail/report-scheduler.js';
import { createDemoData, demoProperties } from './demo/demo-data.js';
import { buildDemoSite } from './demo/demo-site-app.js';
import { issueSignInToken, signInLink } from './auth/sign-in.js';
import { openStore } from './store/open-store.js';
import { VERSION } from './version.js';
import { listenForControl } from './control/control-socket.js';

// The only file that listens: configuration, store, demo data, then the app.
const config = loadConfig();
/**
 * What start-up tells the person at the terminal, sign-in link and demo key among it: written to
 * stdout beside the JSON log but never through the logger, and each message marked with `» ` so a
 * log shipper can tell (and drop) these lines; continuation lines are indented.
 */
const print = (text: string) => process.stdout.write(`» ${text}\n`);
const store = await openStore(config);
if (config.DEMO === '1') {
  const started = Date.now();
  const demo = await createDemoData(store);
  if (demo) {
    print(`Created the demo properties with 90 days of traffic in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    print(`Demo API key (shown once, only its hash is stored):\n    ${demo.key}`);
  }
}
// Until an owner has an account, a fresh one-time link at every start, like a notebook server: whoever
// reads this output can sign in (and should make the owner's account). Afterwards people sign in with
// their accounts, and only the command line makes links (users reset-password, admin sign-in-link).
const hasOwner = (await store.listAccounts()).some((a) => a.role === 'owner' && a.password_hash && !a.disabled_at);
const signInToken = hasOwner ? null : await issueSignInToken(store);
// The demo website's own request lines (URLs, addresses) only at debug: it is a stand-in for a customer's site.
const demoLogLevel = config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL;
// The demo website only where the demo data is: its pages send their events to `acme-shop`.
const demoStore = config.DEMO === '1' && (await store.getProperties([demoProperties[0].id])).length > 0;
let address = '';
let demoAddress: string | null = null;
const demoSite = demoStore ? await buildDemoSite({ trackerOrigin: () => address, logLevel: demoLogLevel }) : null;
// Mailed links use PUBLIC_URL, else the configured listening address: never a request's Host header.
const mailer = mailerOf(config);
const app = await buildApp({
  store,
  mail: { mailer, linkBase: configLinkBase(config) },
  emailReportsEveryMs: REPORT_TICK_MS,
  rateLimitPerMinute: config.RATE_LIMIT_PER_MINUTE,
  collectLimits: {
    perClientPerMinute: config.COLLECT_CLIENT_EVENTS_PER_MINUTE,
    perPropertyPerMinute: config.COLLECT_PROPERTY_EVENTS_PER_MINUTE,
    perClientBytesPerMinute: config.COLLECT_CLIENT_BYTES_PER_MINUTE,
    perPropertyBytesPerMinute: config.COLLECT_PROPERTY_BYTES_PER_MINUTE,
  },
  logLevel: config.LOG_LEVEL,
  metricsToken: config.METRICS_TOKEN,
  reportBudgetMs: config.REPORT_BUDGET_SECONDS * 1000,
  maxRevenueAmount: config.MAX_REVENUE_AMOUNT,
  distDir: 'dist',
  publicUrl: config.PUBLIC_URL,
  trustProxy: config.TRUST_PROXY === '1',
  demoSiteOrigin: demoSite ? () => demoAddress : undefined,
});
address = await app.listen({ port: config.PORT, host: config.HOST, backlog: LISTEN_BACKLOG });
if (demoSite)
  demoAddress = await demoSite.listen({
    port: config.DEMO_PORT ?? (config.PORT === 0 ? 0 : config.PORT + 1),
    host: config.HOST,
  });
// After the store is open (it holds DATA_DIR's lock): the CLI's `backup` reaches this server through it.
const control = config.STORE === 'duckdb' ? await listenForControl(config.DATA_DIR, store) : null;
print(`Sightline is running at ${address}/`);
// Which Node runs it: npm's scripts put the node development dependency's Node 22 first on the PATH.
print(`Sightline ${VERSION} on Node ${process.version}`);
const linkBase = config.PUBLIC_URL ?? address;
print(
  signInToken
    ? `Sign in to the dashboard: ${signInLink(linkBase, signInToken)}`
    : `Sign in to the dashboard with your account: ${linkBase.replace(/\/+$/, '')}/`,
);
print(
  mailer.configured
    ? 'Mail is on (SMTP_URL): invitations, password resets and email reports are sent.'
    : 'Mail is off (no SMTP_URL): links are shown to copy, and no report is emailed.',
);
print(`API reference: ${address}/api/external/v1/reference`);
if (demoAddress)
  print(
    `Demo website, on its own origin as a customer's site would be (tracked, watch it in realtime): ${demoAddress}/demo/`,
  );

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'draining requests and closing the store');
  // app.close() stops accepting connections and waits for in-flight requests to finish.
  await demoSite?.close();
  await app.close();
  await control?.close(); // a backup under way ends first
  mailer.close();
  await store.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

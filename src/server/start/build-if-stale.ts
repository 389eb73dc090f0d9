import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dashboardBuildNeeded } from './dashboard-freshness.js';

// `npm start`'s first step: builds the dashboard only when dist/ is missing or older than its sources,
// then the server starts (package.json execs it, so signals reach the server, not a shell or npm).

const root = fileURLToPath(new URL('../../..', import.meta.url));
const need = dashboardBuildNeeded(root, join(root, 'dist'));
// An install without development dependencies (npm ci --omit=dev) has no Vite: it needs a build made elsewhere.
const vite = need ? await import('vite').catch(() => null) : null;
if (need === 'missing' && !vite) {
  console.error(
    'error: the dashboard is not built (dist/ is missing) and Vite is not installed: run `npm ci && npm run build` first',
  );
  process.exit(1);
} else if (need === 'stale' && !vite) {
  console.error('warning: dist/ is older than the dashboard’s sources and Vite is not installed: serving it as it is');
} else if (need && vite) {
  console.log(need === 'missing' ? 'Building the dashboard…' : 'The dashboard’s sources changed: rebuilding it…');
  await vite.build({ root, logLevel: 'warn' });
}

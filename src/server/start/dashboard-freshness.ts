import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What the built dashboard (dist/) is made from: when any of it is newer than the build, it is stale. */
export const DASHBOARD_SOURCES = [
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  'public',
  'src/app',
  'src/contract',
];

/** The newest modification time (ms) among `paths` under `root`, folders walked whole; 0 when none exists. */
export function newestChange(root: string, paths: readonly string[]): number {
  let newest = 0;
  const visit = (path: string) => {
    const stat = statSync(path);
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const p of paths) if (existsSync(join(root, p))) visit(join(root, p));
  return newest;
}

/**
 * Whether `npm start` must build the dashboard first: there is no build in `distDir`, or a source is
 * newer than it. A restart with nothing changed starts at once instead of rebuilding for seconds.
 */
export function dashboardBuildNeeded(root: string, distDir: string): 'missing' | 'stale' | null {
  const built = join(distDir, 'index.html');
  if (!existsSync(built)) return 'missing';
  return newestChange(root, DASHBOARD_SOURCES) > statSync(built).mtimeMs ? 'stale' : null;
}

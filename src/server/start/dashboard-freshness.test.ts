import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dashboardBuildNeeded } from './dashboard-freshness.js';

// `npm start` builds the dashboard only when dist/ is missing or older than what it is built from.

let root = '';
const at = (path: string, minutes: number) => {
  const t = new Date(Date.UTC(2026, 0, 1, 12, minutes));
  utimesSync(join(root, path), t, t);
};
const write = (path: string, minutes: number) => {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), 'x');
  at(path, minutes);
};
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'sightline-fresh-'));
  write('index.html', 0);
  write('src/app/main.tsx', 1);
  write('src/contract/endpoints.ts', 2);
  write('src/server/main.ts', 50); // the server's own code is not part of the build
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('whether npm start builds the dashboard', () => {
  it('builds when there is no build, and not when the build is newer than every source', () => {
    expect(dashboardBuildNeeded(root, join(root, 'dist'))).toBe('missing');
    write('dist/index.html', 10);
    expect(dashboardBuildNeeded(root, join(root, 'dist'))).toBeNull();
  });

  it('rebuilds when a source deep in a folder, the page, or the lock file changed after the build', () => {
    write('dist/index.html', 10);
    write('src/app/features/traffic/components/traffic-page.tsx', 11);
    expect(dashboardBuildNeeded(root, join(root, 'dist'))).toBe('stale');
    write('dist/index.html', 12);
    write('package-lock.json', 13);
    expect(dashboardBuildNeeded(root, join(root, 'dist'))).toBe('stale');
  });
});

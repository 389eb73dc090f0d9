import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

// One build of the dashboard per test run, shared by every browser test file (each used to build its
// own: about 8 s alone, 15-30 s beside the other worker). The build is the same `buildDashboard`
// (`npm start`'s); only who runs it changes: the first file to ask builds into the run's directory,
// the others wait for it. The server only reads the files, so sharing them changes nothing a test sees.

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's directory for the shared dashboard build ('' outside a run with this global setup). */
    dashboardBuildRoot: string;
  }
}

/** vitest globalSetup (duckdb project): makes the run's directory, and removes it after the run. */
export default function setup(project: TestProject) {
  const root = mkdtempSync(join(tmpdir(), 'sightline-dist-run-'));
  project.provide('dashboardBuildRoot', root);
  return () => rmSync(root, { recursive: true, force: true });
}

const BUILD_WAIT_MS = 240_000;

/**
 * The run's built dashboard: built here if this file is the first to ask (`mkdir` of the lock is
 * atomic across the workers), else waited for. A failed build fails every file that waits on it.
 */
export async function sharedDashboardBuild(root: string, build: (outDir: string) => Promise<void>): Promise<string> {
  const outDir = join(root, 'dist');
  const done = join(root, 'done');
  const failed = join(root, 'failed');
  let builder = true;
  try {
    mkdirSync(join(root, 'lock'));
  } catch {
    builder = false;
  }
  if (builder) {
    try {
      await build(outDir);
    } catch (error) {
      writeFileSync(failed, String((error as Error)?.stack ?? error));
      throw error;
    }
    writeFileSync(done, '');
    return outDir;
  }
  const deadline = Date.now() + BUILD_WAIT_MS;
  while (!existsSync(done)) {
    if (existsSync(failed)) throw new Error(`the shared dashboard build failed:\n${readFileSync(failed, 'utf8')}`);
    if (Date.now() > deadline) throw new Error(`the shared dashboard build did not finish in ${BUILD_WAIT_MS} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return outDir;
}

import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

// What every browser test file needs and none changes, made once per test run: the dashboard build
// (each file used to build its own: about 8 s alone, 15-30 s beside the other worker) and the demo
// store as `npm start` seeds it (about 6 s alone, 12-15 s beside the other worker; each file then
// opens a copy of its own, since tests write to it). The first file to ask makes it into the run's
// directory, the others wait for it. Only who makes it changes, not what a test sees.

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's directory for what the files share ('' outside a run with this global setup). */
    runSharedRoot: string;
  }
}

/** vitest globalSetup (duckdb project): makes the run's directory, and removes it after the run. */
export default function setup(project: TestProject) {
  const root = mkdtempSync(join(tmpdir(), 'sightline-run-'));
  project.provide('runSharedRoot', root);
  return () => rmSync(root, { recursive: true, force: true });
}

const WAIT_MS = 240_000;

/**
 * `root/name`, made by `make` if this file is the first to ask (`mkdir` of the lock is atomic across
 * the workers), else waited for. A failure fails every file that waits on it, with its stack.
 */
export async function sharedRunOutput(
  root: string,
  name: string,
  make: (outDir: string) => Promise<void>,
): Promise<string> {
  const outDir = join(root, name);
  const done = join(root, `${name}.done`);
  const failed = join(root, `${name}.failed`);
  let maker = true;
  try {
    mkdirSync(join(root, `${name}.lock`));
  } catch {
    maker = false;
  }
  if (maker) {
    try {
      await make(outDir);
    } catch (error) {
      writeFileSync(failed, String((error as Error)?.stack ?? error));
      throw error;
    }
    writeFileSync(done, '');
    return outDir;
  }
  const deadline = Date.now() + WAIT_MS;
  while (!existsSync(done)) {
    if (existsSync(failed)) throw new Error(`the run's shared ${name} failed:\n${readFileSync(failed, 'utf8')}`);
    if (Date.now() > deadline) throw new Error(`the run's shared ${name} was not ready in ${WAIT_MS} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return outDir;
}

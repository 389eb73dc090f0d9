import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

/**
 * Helpers for tests that run the real CLI and server as child processes (`node --import tsx …`),
 * each on its own temporary DATA_DIR. Every child and temp dir is tracked; call `cleanUp()` in
 * afterEach so a failing test never leaves a process or a directory behind.
 */

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const KEY_PATTERN = /^sl_[0-9A-Za-z]{43}$/;
export const API = '/api/external/v1';

const children = new Set<ChildProcess>();
const tempDirs = new Set<string>();

/** A fresh, empty directory under the OS temp dir, removed by `cleanUp()`. */
export async function makeTempDir(prefix = 'sightline-test-'): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}

/** Writes events as NDJSON (one JSON object per line; raw strings are written as they are). */
export async function writeNdjson(dir: string, name: string, lines: Array<object | string>): Promise<string> {
  const file = join(dir, name);
  await writeFile(file, lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n') + '\n');
  return file;
}

/** Kills every child still running (SIGKILL) and waits for it to exit. */
export async function killChildren(): Promise<void> {
  await Promise.all(
    [...children].map((child) => {
      if (child.exitCode !== null || child.signalCode !== null) return undefined;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGKILL');
      return exited;
    }),
  );
  children.clear();
}

/** Kills every child still running and removes every temp dir. */
export async function cleanUp(): Promise<void> {
  await killChildren();
  await Promise.all([...tempDirs].map((dir) => rm(dir, { recursive: true, force: true })));
  tempDirs.clear();
}

function childEnv(dataDir: string, extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of [
    'PORT',
    'HOST',
    'DATA_DIR',
    'DEMO',
    'STORE',
    'CLICKHOUSE_URL',
    'RATE_LIMIT_PER_MINUTE',
    'COLLECT_CLIENT_EVENTS_PER_MINUTE',
    'COLLECT_PROPERTY_EVENTS_PER_MINUTE',
    'COLLECT_CLIENT_BYTES_PER_MINUTE',
    'COLLECT_PROPERTY_BYTES_PER_MINUTE',
    'MAX_REVENUE_AMOUNT',
    'REPORT_BUDGET_SECONDS',
    'DEMO_PORT',
    'TRUST_PROXY',
    'LOG_LEVEL',
    'METRICS_TOKEN',
    'NODE_OPTIONS',
  ])
    delete env[name];
  return { ...env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', DEMO: '0', NO_COLOR: '1', ...extra };
}

function spawnTs(script: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `src/cli/main.ts ARGS` on DATA_DIR and resolves when it exits (killed after `timeoutMs`). */
export function runCli(
  dataDir: string,
  args: string[],
  { timeoutMs = 30_000, env = {} as Record<string, string> } = {},
): Promise<CliResult> {
  const child = spawnTs('src/cli/main.ts', args, childEnv(dataDir, env));
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (s: string) => (stdout += s));
  child.stderr!.setEncoding('utf8').on('data', (s: string) => (stderr += s));
  return new Promise((done, fail) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(
        new Error(`cli ${args.join(' ')} did not exit within ${timeoutMs} ms\nstdout: ${stdout}\nstderr: ${stderr}`),
      );
    }, timeoutMs);
    child.once('error', fail);
    child.once('close', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr });
    });
  });
}

/** Runs the CLI and fails the test (with its output) unless it exits 0. */
export async function cliOk(dataDir: string, args: string[]): Promise<CliResult> {
  const result = await runCli(dataDir, args);
  if (result.code !== 0)
    throw new Error(`cli ${args.join(' ')} exited ${result.code}\nstdout: ${result.stdout}\nstderr: ${result.stderr}`);
  return result;
}

/** Non-empty lines of a command's output. */
export const linesOf = (text: string): string[] =>
  text
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l !== '');

/** Creates a key through the CLI and returns the key text (the last line of stdout). */
export async function createKeyViaCli(dataDir: string, propertyIds: string[]): Promise<string> {
  const { stdout } = await cliOk(dataDir, ['keys', 'create', '--properties', propertyIds.join(',')]);
  const key = linesOf(stdout).at(-1) ?? '';
  if (!KEY_PATTERN.test(key)) throw new Error(`keys create did not print a key last: ${stdout}`);
  return key;
}

/** The demo key the server prints under "Demo API key …", or null when it printed none. */
export function parseDemoKey(stdout: string): string | null {
  return /Demo API key[^\n]*\n\s*(sl_[0-9A-Za-z]+)/.exec(stdout)?.[1] ?? null;
}

export interface RunningServer {
  child: ChildProcess;
  /** e.g. http://127.0.0.1:41383 (no trailing slash) */
  url: string;
  /** Everything printed to stdout so far. */
  stdout(): string;
  stderr(): string;
  /** GET a path (with a Bearer key when given) and parse the JSON body. */
  get(path: string, key?: string): Promise<{ status: number; body: any }>;
  /** Sends SIGTERM and resolves with how the process ended. */
  stop(timeoutMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `src/server/main.ts` on DATA_DIR (PORT=0) and resolves once it prints "running at URL/". */
export function startServer(
  dataDir: string,
  { demo = false, timeoutMs = 45_000, env = {} as Record<string, string> } = {},
): Promise<RunningServer> {
  const child = spawnTs('src/server/main.ts', [], childEnv(dataDir, { DEMO: demo ? '1' : '0', ...env }));
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (s: string) => (stdout += s));
  child.stderr!.setEncoding('utf8').on('data', (s: string) => (stderr += s));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => done({ code, signal })),
  );

  const server = (url: string): RunningServer => ({
    child,
    url,
    stdout: () => stdout,
    stderr: () => stderr,
    async get(path, key) {
      const res = await fetch(url + path, { headers: key ? { authorization: `Bearer ${key}` } : {} });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: keep the text
      }
      return { status: res.status, body };
    },
    async stop(stopTimeoutMs = 15_000) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, fail) => {
        timer = setTimeout(
          () =>
            fail(
              new Error(
                `server did not exit within ${stopTimeoutMs} ms after SIGTERM\nstdout: ${stdout}\nstderr: ${stderr}`,
              ),
            ),
          stopTimeoutMs,
        );
      });
      try {
        return await Promise.race([exited, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
  });

  return new Promise((done, fail) => {
    const timer = setTimeout(
      () =>
        fail(
          new Error(`server did not print "running at" within ${timeoutMs} ms\nstdout: ${stdout}\nstderr: ${stderr}`),
        ),
      timeoutMs,
    );
    const onData = () => {
      const match = /Sightline is running at (http:\/\/\S+?)\/?\s*$/m.exec(stdout);
      if (!match) return;
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      done(server(match[1]));
    };
    child.stdout!.on('data', onData);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      fail(
        new Error(
          `server exited (code ${code}, signal ${signal}) before it was running\nstdout: ${stdout}\nstderr: ${stderr}`,
        ),
      );
    });
  });
}

/** Every file under `dir`, read as bytes (for checking that a secret never reached the disk). */
export async function readAllFiles(dir: string): Promise<Array<{ path: string; bytes: Buffer }>> {
  const out: Array<{ path: string; bytes: Buffer }> = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    out.push({ path, bytes: await readFile(path) });
  }
  return out;
}

/** Query string for an analytics request. */
export const qs = (params: Record<string, string | number>): string =>
  '?' + new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

/**
 * `expected` with every non-integer number replaced by `expect.closeTo(n, 9)`. The same request to the
 * same server can differ in the last bit of a double (e.g. `avg_scroll_depth`: DuckDB's parallel `avg`
 * sums in varying order), which is not what this test is about; counts and strings stay exact.
 */
export function closeFloats(expected: unknown): unknown {
  if (typeof expected === 'number') return Number.isInteger(expected) ? expected : expect.closeTo(expected, 9);
  if (Array.isArray(expected)) return expected.map(closeFloats);
  if (expected && typeof expected === 'object')
    return Object.fromEntries(Object.entries(expected).map(([k, v]) => [k, closeFloats(v)]));
  return expected;
}

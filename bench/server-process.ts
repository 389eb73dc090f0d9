import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { SERVER_NODE_FLAGS } from '../src/server/node-flags.js';

// The real server and CLI as child processes (`node --import tsx …`, the server with the flags
// `npm start` gives it), for benchmarks that need to signal or kill the server.

export interface ServerProcess {
  url: string;
  pid: number;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function nodeTs(
  script: string,
  args: string[],
  dataDir: string,
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
): ChildProcess {
  return spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script, ...args], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DEMO: '0',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      NO_COLOR: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Runs `src/cli/main.ts ARGS` on the store (`env`: STORE and the like); its stdout, or throws with its output unless it exits 0. */
export async function cli(dataDir: string, args: string[], env: Record<string, string> = {}): Promise<string> {
  const child = nodeTs('src/cli/main.ts', args, dataDir, env);
  let stdout = '';
  child.stdout!.on('data', (s: Buffer) => (stdout += s));
  let output = '';
  child.stdout!.on('data', (s: Buffer) => (output += s));
  child.stderr!.on('data', (s: Buffer) => (output += s));
  const code = await new Promise<number | null>((done) => child.once('close', done));
  if (code !== 0) throw new Error(`cli ${args.join(' ')} exited ${code}: ${output}`);
  return stdout;
}

/**
 * Starts `src/server/main.ts` on the store (`env`: configuration beyond the defaults; `nodeArgs`: e.g.
 * `--cpu-prof`, which NODE_OPTIONS refuses) and resolves once it prints its address.
 */
export async function startServer(
  dataDir: string,
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
): Promise<ServerProcess> {
  const child = nodeTs('src/server/main.ts', [], dataDir, env, [...SERVER_NODE_FLAGS, ...nodeArgs]);
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (s: Buffer) => (stderr += s));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => done({ code, signal })),
  );
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (s: Buffer) => {
      stdout += s;
      const match = /running at (http:\/\/\S+?)\/?$/m.exec(stdout);
      if (match) resolve(match[1]);
    });
    void exited.then(({ code, signal }) =>
      reject(new Error(`server exited (${code ?? signal}) before it was running\n${stdout}\n${stderr}`)),
    );
  });
  return { url, pid: child.pid!, child, exited };
}

/** SIGTERM, then the exit code (an end by signal is an error). */
export async function sigterm(server: ServerProcess): Promise<number | null> {
  server.child.kill('SIGTERM');
  const { code, signal } = await server.exited;
  if (signal) throw new Error(`server ended by ${signal} instead of exiting on SIGTERM`);
  return code;
}

/** Peak resident memory of a process in MB (VmHWM), 0 once it is gone. */
export function peakRssMb(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmHWM'));
    return Number(line?.replace(/\D+/g, '') ?? 0) / 1024;
  } catch {
    return 0;
  }
}

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  cleanUp,
  cliOk,
  KEY_PATTERN,
  linesOf,
  makeTempDir,
  readAllFiles,
  runCli,
} from './test-support/spawn-helpers.js';

// operations.md §2: properties and keys through the real CLI, one fresh DATA_DIR per test: what a
// process shows (stdout, one `error:` line, exit codes, nothing secret on disk). What each command
// checks runs in process: commands/properties-keys.test.ts and commands/users.test.ts.

let dataDir: string;
beforeEach(async () => {
  dataDir = await makeTempDir();
});
afterEach(cleanUp);

/** A failure is a non-zero exit with one `error: …` line on stderr and nothing on stdout. */
function expectOneLineError(result: { code: number | null; stdout: string; stderr: string }, pattern: RegExp) {
  expect(result.code, result.stderr).not.toBe(0);
  expect(result.stdout).toBe('');
  const lines = linesOf(result.stderr);
  expect(lines, result.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^error: /);
  expect(lines[0]).toMatch(pattern);
}

describe('properties', () => {
  it('create prints the id and list shows the property', async () => {
    const created = await cliOk(dataDir, [
      'properties',
      'create',
      '--id',
      'shop-1',
      '--name',
      'My Shop',
      '--domain',
      'shop.example',
      '--timezone',
      'Europe/Berlin',
    ]);
    expect(linesOf(created.stdout)).toEqual(['shop-1']);
    await cliOk(dataDir, ['properties', 'create', '--id', 'blog', '--name', 'Blog']);

    const listed = linesOf((await cliOk(dataDir, ['properties', 'list'])).stdout);
    expect(listed).toHaveLength(2);
    const shop = listed.find((l) => l.startsWith('shop-1\t'))?.split('\t');
    expect(shop?.slice(0, 4)).toEqual(['shop-1', 'My Shop', 'shop.example', 'Europe/Berlin']);
    const blog = listed.find((l) => l.startsWith('blog\t'))?.split('\t');
    expect(blog?.slice(0, 4)).toEqual(['blog', 'Blog', '-', 'UTC']);
  });
});

describe('keys', () => {
  it('create prints the key last; list shows id, name and prefix but never the key; the store never holds it', async () => {
    await cliOk(dataDir, ['properties', 'create', '--id', 'p', '--name', 'P']);
    const created = await cliOk(dataDir, ['keys', 'create', '--properties', 'p', '--name', 'reporting']);
    const key = linesOf(created.stdout).at(-1)!;
    expect(key).toMatch(KEY_PATTERN);
    const keyId = /Created key (\S+)/.exec(created.stderr)?.[1];
    expect(keyId, created.stderr).toBeTruthy();

    const list = (await cliOk(dataDir, ['keys', 'list'])).stdout;
    expect(list).not.toContain(key);
    const [row] = linesOf(list).map((l) => l.split('\t'));
    expect(row[0]).toBe(keyId);
    expect(row[1]).toBe('reporting');
    const prefix = row[2].replace(/…$/, '');
    expect(prefix.length).toBeGreaterThanOrEqual(4);
    expect(prefix.length).toBeLessThan(key.length);
    expect(key.startsWith(prefix)).toBe(true);
    expect(row).toContain('p');
    expect(row.at(-1)).toBe('active');

    // Every process has exited: the files are quiescent. The prefix is stored in plain text, so a
    // byte search does see stored strings; the whole key must not be there.
    const files = await readAllFiles(dataDir);
    expect(files.length).toBeGreaterThan(0);
    expect(files.some((f) => f.bytes.includes(prefix))).toBe(true);
    for (const f of files) expect(f.bytes.includes(key), f.path).toBe(false);
  });
});

describe('users (operations.md §6)', () => {
  // The rest of `users` runs in process (commands/users.test.ts): here, the CLI's own wiring.
  it('create prints a set-password link on PUBLIC_URL last, and list shows the account', async () => {
    const made = await runCli(dataDir, ['users', 'create', '--email', 'Ana@Example.com', '--role', 'viewer'], {
      env: { PUBLIC_URL: 'https://analytics.example.com/' },
    });
    expect(made.code, made.stderr).toBe(0);
    expect(linesOf(made.stdout).at(-1)).toMatch(
      /^https:\/\/analytics\.example\.com\/set-password\?token=[0-9A-Za-z]{43}$/,
    );
    const list = await cliOk(dataDir, ['users', 'list']);
    expect(linesOf(list.stdout)).toEqual(['ana@example.com\tviewer\tall properties\tinvited\t2fa off']);
    expectOneLineError(
      await runCli(dataDir, ['users', 'disable', '--email', 'nobody@example.com']),
      /no account for nobody@example.com/,
    );
  });
});

describe('usage', () => {
  it('an unknown command prints the usage and exits non-zero', async () => {
    const result = await runCli(dataDir, ['frobnicate']);
    expect(result.code).not.toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/usage:/);
    for (const command of ['properties create', 'keys create', 'import FILE', 'seed'])
      expect(result.stderr).toContain(command);
    expect(result.stderr).toMatch(/configure +create, change and delete goals and saved funnels/);
  });
});

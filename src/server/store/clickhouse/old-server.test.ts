import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openClickhouseStoreFromUrl } from './clickhouse-store.js';

/**
 * The version refusal against a real, old server: Debian's clickhouse-server package is 18.16 (2018).
 * .ci/run installs it; on a machine without it this one case is skipped (the bridge-based test in
 * clickhouse-url.test.ts still covers the refusal).
 */
const BINARY = '/usr/sbin/clickhouse-server';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe.skipIf(!existsSync(BINARY))("Debian's ClickHouse 18.16", () => {
  let dir: string;
  let server: ChildProcess;
  let port: number;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ch18-'));
    port = await freePort();
    writeFileSync(
      join(dir, 'users.xml'),
      `<yandex><profiles><default/></profiles><quotas><default/></quotas>
      <users><default><password/><networks><ip>127.0.0.1</ip></networks><profile>default</profile><quota>default</quota></default></users></yandex>`,
    );
    writeFileSync(
      join(dir, 'config.xml'),
      `<yandex><logger><level>error</level><console>1</console></logger>
      <http_port>${port}</http_port><listen_host>127.0.0.1</listen_host><path>${dir}/data/</path><tmp_path>${dir}/tmp/</tmp_path>
      <users_config>${dir}/users.xml</users_config><default_profile>default</default_profile><default_database>default</default_database>
      <mark_cache_size>1073741824</mark_cache_size></yandex>`,
    );
    server = spawn(BINARY, [`--config-file=${join(dir, 'config.xml')}`], { stdio: 'ignore' });
    for (let i = 0; i < 100; i++) {
      const up = await fetch(`http://127.0.0.1:${port}/ping`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('clickhouse-server did not start');
  });
  afterAll(() => {
    server?.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('is refused at start with a message naming the minimum version', async () => {
    await expect(openClickhouseStoreFromUrl(`http://default:@127.0.0.1:${port}/sightline`)).rejects.toThrow(
      /^ClickHouse 18\.16\.\S+ is too old: Sightline needs ClickHouse 24\.8 or newer$/,
    );
    // Refused before anything was created.
    const databases = await fetch(`http://127.0.0.1:${port}/?query=${encodeURIComponent('SHOW DATABASES')}`).then((r) =>
      r.text(),
    );
    expect(databases).not.toContain('sightline');
  });
});

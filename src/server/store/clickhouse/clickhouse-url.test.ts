import { describe, expect, it } from 'vitest';
import { startChdbHttpBridge } from '../../test-support/chdb-http-bridge.js';
import { openClickhouseStoreFromUrl } from './clickhouse-store.js';
import { parseClickhouseUrl } from './clickhouse-url.js';
import { versionSupported } from './server-version.js';

describe('CLICKHOUSE_URL', () => {
  it('reads a server URL: credentials (decoded), host and port, and the database from the path', () => {
    expect(parseClickhouseUrl('https://writer:p%40ss@ch.internal:8443/analytics')).toEqual({
      kind: 'server',
      url: 'https://ch.internal:8443',
      username: 'writer',
      password: 'p@ss',
      database: 'analytics',
    });
    expect(parseClickhouseUrl('http://ch:8123')).toEqual({
      kind: 'server',
      url: 'http://ch:8123',
      username: 'default',
      password: '',
      database: 'sightline',
    });
  });

  it('reads chdb:PATH as the embedded engine at PATH', () => {
    expect(parseClickhouseUrl('chdb:./data/ch')).toEqual({ kind: 'chdb', path: './data/ch', database: 'sightline' });
  });

  it('says what is wrong with a missing or bad URL', () => {
    expect(() => parseClickhouseUrl(undefined)).toThrow(/STORE=clickhouse needs CLICKHOUSE_URL/);
    expect(() => parseClickhouseUrl('chdb:')).toThrow(/needs a directory/);
    expect(() => parseClickhouseUrl('tcp://ch:9000/x')).toThrow(/must start with http:\/\/, https:\/\/ or chdb:/);
    expect(() => parseClickhouseUrl('not a url')).toThrow(/is not a URL/);
    expect(() => parseClickhouseUrl('http://ch:8123/bad-name')).toThrow(/database name "bad-name"/);
  });
});

describe('the server version check', () => {
  it('accepts 24.8 LTS and newer, refuses older', () => {
    expect(versionSupported('24.8.1.1')).toBe(true);
    expect(versionSupported('25.3.2.1')).toBe(true);
    expect(versionSupported('26.7.2.1')).toBe(true);
    expect(versionSupported('24.3.5.46')).toBe(false);
    expect(versionSupported('18.16.1')).toBe(false);
  });

  it('refuses to start on an older server, naming both versions, before creating anything', async () => {
    const old = await startChdbHttpBridge({ version: '18.16.1' });
    try {
      await expect(openClickhouseStoreFromUrl(`${old.url}/too_old`)).rejects.toThrow(
        'ClickHouse 18.16.1 is too old: Sightline needs ClickHouse 24.8 or newer',
      );
    } finally {
      await old.close();
    }
  });
});

/**
 * Where the ClickHouse store lives, from `CLICKHOUSE_URL` (operations.md §1):
 * `http(s)://user:password@host:8123/database` for a server, `chdb:PATH` for the engine embedded in
 * this process (the npm package `chdb`), `chdb::memory:` for a throw-away one (tests).
 */
export type ClickhouseTarget =
  | { kind: 'server'; url: string; username: string; password: string; database: string }
  | { kind: 'chdb'; path: string; database: string };

const DEFAULT_DATABASE = 'sightline';

export function parseClickhouseUrl(text: string | undefined): ClickhouseTarget {
  if (!text)
    throw new Error(
      'STORE=clickhouse needs CLICKHOUSE_URL (http(s)://user:password@host:8123/database, or chdb:PATH for the embedded engine)',
    );
  if (text.startsWith('chdb:')) {
    const path = text.slice('chdb:'.length);
    if (!path) throw new Error('CLICKHOUSE_URL=chdb:PATH needs a directory after "chdb:" (e.g. chdb:./data/ch)');
    return { kind: 'chdb', path, database: DEFAULT_DATABASE };
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`CLICKHOUSE_URL is not a URL: expected http(s)://user:password@host:8123/database or chdb:PATH`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`CLICKHOUSE_URL must start with http://, https:// or chdb: (got ${url.protocol})`);
  }
  const database = decodeURIComponent(url.pathname.replace(/^\/+|\/+$/g, '')) || DEFAULT_DATABASE;
  assertIdentifier(database, 'database');
  return {
    kind: 'server',
    url: `${url.protocol}//${url.host}`,
    username: decodeURIComponent(url.username) || 'default',
    password: decodeURIComponent(url.password),
    database,
  };
}

/** Names that end up in DDL (database, cluster): plain identifiers only, since DDL cannot bind them. */
export function assertIdentifier(name: string, what: string): void {
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(name))
    throw new Error(`ClickHouse ${what} name "${name}" must be letters, digits and _ (not starting with a digit)`);
}

import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';

/**
 * A stand-in ClickHouse server for tests: ClickHouse's HTTP interface (the part `@clickhouse/client`
 * uses: `query`, `database`, `param_*` and settings in the URL, SQL or data in the body, errors as
 * `Code: N. DB::Exception: …` with `X-ClickHouse-Exception-Code`) in front of the real engine, chDB.
 * It lets the store's `http://` path, its fault handling (stop the bridge: the server is gone) and its
 * version check (`version` reports an older server) run here, without a ClickHouse server.
 */
export interface ChdbHttpBridge {
  url: string;
  /** Stops answering and closes every connection, as a crashed server would. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  /** Stops, and closes the engine's connection (chDB then removes its `:memory:` directory in /tmp). */
  close(): Promise<void>;
}

// Settings the HTTP server reads itself; everything else is an engine setting.
const HTTP_PARAMS = new Set([
  'query',
  'query_id',
  'database',
  'session_id',
  'role',
  'default_format',
  'enable_http_compression',
  'wait_end_of_query',
  'send_progress_in_http_headers',
  'http_headers_progress_interval_ms',
]);

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startChdbHttpBridge(opts: { path?: string; version?: string } = {}): Promise<ChdbHttpBridge> {
  const { createChdbConnection } = await import('chdb/connection');
  const connection = createChdbConnection({ path: opts.path ?? ':memory:' });
  let port = 0;
  const server: Server = createServer(async (request, response) => {
    try {
      const url = new URL(request.url ?? '/', 'http://bridge');
      const body = await bodyOf(request);
      const inUrl = url.searchParams.get('query');
      const sql = inUrl ?? body;
      const params: Record<string, string> = {};
      const settings: Record<string, string> = {};
      for (const [k, v] of url.searchParams) {
        if (k.startsWith('param_')) params[k.slice('param_'.length)] = v;
        else if (!HTTP_PARAMS.has(k)) settings[k] = v;
      }
      const database = url.searchParams.get('database');
      const use = database ? `USE \`${database.replace(/`/g, '')}\`; ` : '';
      const query = use + (opts.version ? sql.replace(/\bversion\(\)/g, `'${opts.version}'`) : sql);
      const result =
        inUrl !== null && body.length > 0
          ? await connection.exec({
              query,
              values: Readable.from([body]),
              query_params: params,
              clickhouse_settings: settings,
            })
          : await connection.query({ query, query_params: params, clickhouse_settings: settings });
      const chunks: Buffer[] = [];
      for await (const chunk of result.stream) chunks.push(Buffer.from(chunk));
      let out = Buffer.concat(chunks);
      const headers: Record<string, string> = {
        'X-ClickHouse-Summary': '{}',
        'Content-Type': 'text/plain; charset=UTF-8',
      };
      if (
        url.searchParams.get('enable_http_compression') === '1' &&
        /gzip/.test(String(request.headers['accept-encoding']))
      ) {
        out = gzipSync(out);
        headers['Content-Encoding'] = 'gzip';
      }
      response.writeHead(200, headers).end(out);
    } catch (error) {
      const e = error as { message?: string; code?: string };
      const code = Number(e.code) || 1000;
      const message = String(e.message ?? error).replace(/^Code: \d+\. /, '');
      response
        .writeHead(500, { 'X-ClickHouse-Exception-Code': String(code), 'Content-Type': 'text/plain' })
        .end(`Code: ${code}. DB::Exception: ${message}`);
    }
  });
  const listen = () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  await listen();
  port = (server.address() as AddressInfo).port;
  const stop = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return {
    url: `http://default:@127.0.0.1:${port}`,
    stop,
    start: listen,
    async close() {
      await stop();
      await connection.close();
    },
  };
}
